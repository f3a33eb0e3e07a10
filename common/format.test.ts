import { describe, expect, it } from 'vitest';
import { formatMultiplier, formatPoints, formatUsd, formatUsdWhole, timeAgo } from './format';

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
