/** 'YYYY-MM-DDTHH:mm' in the browser's time zone, as a datetime-local field shows it. */
export const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A datetime-local value back to an instant; empty or unreadable text goes as is for the server to name. */
export const instant = (local: string) => (Number.isNaN(Date.parse(local)) ? local : new Date(local).toISOString());

/**
 * A time field back to an instant: the stored one, to the millisecond, while the field still shows it (the field
 * has minutes only, and a server would take any other value as a change of the time).
 */
export const keptInstant = (local: string, stored: string | undefined) => (stored !== undefined && local === localInput(stored) ? stored : instant(local));
