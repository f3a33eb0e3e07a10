import { describe, expect, it } from 'vitest';
import { countdownParts, formatAmount, maskName, nextPeriod, periodEnd } from './leaderboards';

const at = (iso: string) => new Date(iso);
const endOf = (start: string, length: Parameters<typeof periodEnd>[1], customDays: number | null = null) => periodEnd(at(start), length, customDays).toISOString();

describe('periodEnd', () => {
  it('weekly and bi-weekly periods last 7 and 14 days to the millisecond, across month and year ends', () => {
    expect(endOf('2026-11-23T08:00:00.000Z', 'weekly')).toBe('2026-11-30T08:00:00.000Z');
    expect(endOf('2026-12-28T00:00:00.000Z', 'weekly')).toBe('2027-01-04T00:00:00.000Z');
    expect(endOf('2026-11-23T08:00:00.000Z', 'biweekly')).toBe('2026-12-07T08:00:00.000Z');
    expect(endOf('2028-02-20T12:30:15.250Z', 'biweekly')).toBe('2028-03-05T12:30:15.250Z');
  });

  it('custom periods last their number of days, at least one', () => {
    expect(endOf('2026-11-23T08:00:00.000Z', 'custom', 3)).toBe('2026-11-26T08:00:00.000Z');
    expect(endOf('2026-01-01T00:00:00.000Z', 'custom', 366)).toBe('2027-01-02T00:00:00.000Z');
    expect(endOf('2026-11-23T08:00:00.000Z', 'custom', null)).toBe('2026-11-24T08:00:00.000Z');
    expect(endOf('2026-11-23T08:00:00.000Z', 'custom', 0)).toBe('2026-11-24T08:00:00.000Z');
    expect(endOf('2026-11-23T08:00:00.000Z', 'custom', -5)).toBe('2026-11-24T08:00:00.000Z');
  });

  it('monthly periods end on the same day and time of the next month, clamped to its last day', () => {
    expect(endOf('2026-11-15T18:45:00.000Z', 'monthly')).toBe('2026-12-15T18:45:00.000Z');
    expect(endOf('2026-12-15T00:00:00.000Z', 'monthly')).toBe('2027-01-15T00:00:00.000Z');
    expect(endOf('2026-01-31T10:00:00.000Z', 'monthly')).toBe('2026-02-28T10:00:00.000Z');
    expect(endOf('2028-01-31T10:00:00.000Z', 'monthly')).toBe('2028-02-29T10:00:00.000Z');
    expect(endOf('2026-01-29T00:00:00.000Z', 'monthly')).toBe('2026-02-28T00:00:00.000Z');
    expect(endOf('2026-03-31T00:00:00.000Z', 'monthly')).toBe('2026-04-30T00:00:00.000Z');
    expect(endOf('2026-08-31T23:59:59.999Z', 'monthly')).toBe('2026-09-30T23:59:59.999Z');
    expect(endOf('2026-12-31T00:00:00.000Z', 'monthly')).toBe('2027-01-31T00:00:00.000Z');
    expect(endOf('2026-02-28T00:00:00.000Z', 'monthly')).toBe('2026-03-28T00:00:00.000Z');
    expect(endOf('2026-01-01T00:00:00.000Z', 'monthly')).toBe('2026-02-01T00:00:00.000Z');
  });

  it('does not change the start it is given', () => {
    const start = at('2026-01-31T10:00:00.000Z');
    periodEnd(start, 'monthly', null);
    expect(start.toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});

describe('nextPeriod', () => {
  const next = (previousEnd: string, length: Parameters<typeof nextPeriod>[1], now: string, customDays: number | null = null) => {
    const { start, end } = nextPeriod(at(previousEnd), length, customDays, at(now));
    return [start.toISOString(), end.toISOString()];
  };

  it('starts where the previous one ended when that is still running', () => {
    expect(next('2026-11-23T00:00:00.000Z', 'weekly', '2026-11-23T00:00:05.000Z')).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(next('2026-11-23T00:00:00.000Z', 'biweekly', '2026-12-06T23:59:59.999Z')).toEqual(['2026-11-23T00:00:00.000Z', '2026-12-07T00:00:00.000Z']);
    expect(next('2026-11-30T00:00:00.000Z', 'monthly', '2026-12-01T00:00:00.000Z')).toEqual(['2026-11-30T00:00:00.000Z', '2026-12-30T00:00:00.000Z']);
    expect(next('2026-11-23T00:00:00.000Z', 'custom', '2026-11-23T01:00:00.000Z', 3)).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-26T00:00:00.000Z']);
  });

  it('after downtime past whole periods, answers the period on the same grid that contains now', () => {
    expect(next('2026-11-02T00:00:00.000Z', 'weekly', '2026-11-25T12:00:00.000Z')).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(next('2026-10-05T00:00:00.000Z', 'biweekly', '2026-11-20T00:00:00.000Z')).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    expect(next('2026-01-10T06:00:00.000Z', 'monthly', '2026-05-01T00:00:00.000Z')).toEqual(['2026-04-10T06:00:00.000Z', '2026-05-10T06:00:00.000Z']);
    expect(next('2026-12-15T00:00:00.000Z', 'monthly', '2027-02-20T00:00:00.000Z')).toEqual(['2027-02-15T00:00:00.000Z', '2027-03-15T00:00:00.000Z']);
    expect(next('2026-11-01T00:00:00.000Z', 'custom', '2026-11-10T00:00:00.000Z', 4)).toEqual(['2026-11-09T00:00:00.000Z', '2026-11-13T00:00:00.000Z']);
  });

  it('a period ending exactly now is over: the next one starts now', () => {
    expect(next('2026-11-16T00:00:00.000Z', 'weekly', '2026-11-23T00:00:00.000Z')).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
  });
});

describe('maskName', () => {
  it('keeps two first letters and the last, or only the first of a short name', () => {
    expect(maskName('Jonathan')).toBe('Jo***n');
    expect(maskName('Anna')).toBe('An***a');
    expect(maskName('Bob')).toBe('B***');
    expect(maskName('Al')).toBe('A***');
    expect(maskName('X')).toBe('X***');
    expect(maskName('')).toBe('***');
  });

  it('ignores surrounding spaces and never splits a character made of two code units', () => {
    expect(maskName('  Jonathan  ')).toBe('Jo***n');
    expect(maskName('😀ab😎')).toBe('😀a***😎');
    expect(maskName('😀😎')).toBe('😀***');
  });
});

describe('countdownParts', () => {
  const now = at('2026-11-23T08:00:00.000Z');

  it('splits the time left into whole days, hours, minutes and seconds', () => {
    expect(countdownParts('2026-11-25T11:04:05.000Z', now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(at('2026-11-23T08:00:59.999Z'), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(countdownParts('2026-11-23T08:00:00.001Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts('2026-12-23T07:59:59.000Z', now)).toEqual({ days: 29, hours: 23, minutes: 59, seconds: 59 });
  });

  it('answers null once the end has come, or for an end that is not a date', () => {
    expect(countdownParts('2026-11-23T08:00:00.000Z', now)).toBeNull();
    expect(countdownParts('2026-11-22T08:00:00.000Z', now)).toBeNull();
    expect(countdownParts('not a date', now)).toBeNull();
  });
});

describe('formatAmount', () => {
  it('currency with two decimals, thousands separators and the platform’s symbol', () => {
    expect(formatAmount(1234.5, 'currency', '$')).toBe('$1,234.50');
    expect(formatAmount(0, 'currency', '$')).toBe('$0.00');
    expect(formatAmount(1_000_000, 'currency', '€')).toBe('€1,000,000.00');
    expect(formatAmount(0.005, 'currency', '$')).toBe('$0.01');
    expect(formatAmount(-42, 'currency', 'C$')).toBe('-C$42.00');
    expect(formatAmount(-0.001, 'currency', '$')).toBe('$0.00');
  });

  it('XP as a whole number with separators, whatever the symbol', () => {
    expect(formatAmount(1234.5, 'xp', '$')).toBe('1,235 XP');
    expect(formatAmount(999_999.4, 'xp', '$')).toBe('999,999 XP');
    expect(formatAmount(0, 'xp', '$')).toBe('0 XP');
  });
});
