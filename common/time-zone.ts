/** Days in a named time zone (the site's), for once-a-day rules. Uses only Intl, so it runs in both the server and the browser. */

export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, at: Date) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute, second: +parts.second };
}

/** The calendar day ('2026-11-22') that the instant falls on in the time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const { year, month, day } = partsIn(timeZone, at);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether text starting 'YYYY-MM-DD' names a day the calendar has (not 2026-02-31, which Date.parse rolls into March). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day before or after a 'YYYY-MM-DD' day. */
export function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function offsetAt(timeZone: string, at: Date): number {
  const p = partsIn(timeZone, at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a day begins in the time zone (midnight, or the first moment after a DST gap). */
export function startOfDay(timeZone: string, day: string): Date {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  let guess = wallMidnight - offsetAt(timeZone, new Date(wallMidnight));
  // A second pass settles days where the offset changes between the guess and midnight.
  guess = wallMidnight - offsetAt(timeZone, new Date(guess));
  return new Date(guess);
}
