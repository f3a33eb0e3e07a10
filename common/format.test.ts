import { describe, expect, it } from 'vitest';
import { countOf, formatDate, formatDecimal, formatLocalDateTime, formatMultiplier, formatPoints, formatUsd, formatUsdWhole, timeAgo } from './format';

describe('formats', () => {
  it('money in en-US dollars, points with separators, multipliers with two decimals', () => {
    expect(formatUsd(12345.5)).toBe('$12,345.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsdWhole(1234.56)).toBe('$1,235');
    expect(formatPoints(1234567)).toBe('1,234,567');
    expect(formatPoints(undefined)).toBe('0');
    expect(formatMultiplier(12.345)).toBe('12.35x');
    expect(formatMultiplier(100)).toBe('100.00x');
  });

  it('counts things in the singular only for exactly one', () => {
    expect(countOf(1, 'slot')).toBe('1 slot');
    expect(countOf(0, 'slot')).toBe('0 slots');
    expect(countOf(12345, 'ticket')).toBe('12,345 tickets');
    expect(countOf(1, 'match', 'matches')).toBe('1 match');
    expect(countOf(2, 'winner is', 'winners are')).toBe('2 winners are');
  });

  it('writes numbers and dates exactly as Intl en-US does, without loading Intl', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const twoPlaces = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [0, 1, 0.5, 1.5, 2.5, 0.125, 0.005, 1.005, 9.995, 12.344, 999.999, 1000, 999_999.5, 1_234_567.891, 10_000_000, 123_456_789_012.34, -1, -0.5, -2.5, -1234.567, -1_000_000];
    for (const value of values) {
      expect(formatUsd(value), `formatUsd(${value})`).toBe(usd.format(value));
      expect(formatUsdWhole(value), `formatUsdWhole(${value})`).toBe(usdWhole.format(value));
      expect(formatPoints(value), `formatPoints(${value})`).toBe(whole.format(value));
      expect(formatDecimal(value, 2), `formatDecimal(${value}, 2)`).toBe(twoPlaces.format(value));
    }
    // Intl writes "-0" for a negative amount that rounds to zero; a balance never shows that.
    expect(formatPoints(-0.4)).toBe('0');
    expect(formatUsd(-0.001)).toBe('$0.00');

    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const instants = ['2026-01-01T00:00:00Z', '2026-11-22T23:59:59.999Z', '2027-06-15T12:00:00Z', '2026-03-08T09:05:00Z', '2026-12-31T11:30:00-05:00'];
    for (const iso of instants) expect(formatDate(iso), iso).toBe(day.format(new Date(iso)));
    // The local date and time, in time zones either side of UTC (Node reads TZ again when it changes).
    const zone = process.env.TZ;
    const midnightUtc = new Set<string>();
    try {
      for (const timeZone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']) {
        process.env.TZ = timeZone;
        const local = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
        for (const iso of instants) expect(formatLocalDateTime(new Date(iso)), `${iso} in ${timeZone}`).toBe(local.format(new Date(iso)));
        midnightUtc.add(formatLocalDateTime(new Date(instants[0])));
      }
      expect(midnightUtc.size).toBe(4);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('relative time: Just now, then minutes, hours, days', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1000).toISOString(), now);
    expect(ago(0)).toBe('Just now');
    expect(ago(59)).toBe('Just now');
    expect(ago(60)).toBe('1m ago');
    expect(ago(59 * 60 + 59)).toBe('59m ago');
    expect(ago(3600)).toBe('1h ago');
    expect(ago(23 * 3600 + 3599)).toBe('23h ago');
    expect(ago(86400 * 3)).toBe('3d ago');
    expect(ago(-30)).toBe('Just now');
  });
});
