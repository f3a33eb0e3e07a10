import { describe, expect, it } from 'vitest';
import { raffleDisplayStatus, raffleTimeLeft, winPercentage } from './raffles';

describe('raffle display rules (spec 2 §4, §9)', () => {
  const raffle = (is_active: boolean, has_ended: boolean, winner_announced = false, winners: unknown[] = []) => ({ is_active, has_ended, winner_announced, winners });

  it('names the four display states', () => {
    expect(raffleDisplayStatus(raffle(true, false))).toBe('active');
    expect(raffleDisplayStatus(raffle(true, true, true, [{}]))).toBe('winner_announced');
    expect(raffleDisplayStatus(raffle(true, true, true, []))).toBe('ended');
    expect(raffleDisplayStatus(raffle(true, true))).toBe('ended');
    expect(raffleDisplayStatus(raffle(false, false))).toBe('upcoming');
  });

  it('shows time left in days and hours, hours and minutes, or minutes', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(raffleTimeLeft('2026-01-03T05:30:00Z', now)).toBe('2d 5h');
    expect(raffleTimeLeft('2026-01-01T05:30:59Z', now)).toBe('5h 30m');
    expect(raffleTimeLeft('2026-01-01T00:42:10Z', now)).toBe('42m');
    expect(raffleTimeLeft('2025-12-31T00:00:00Z', now)).toBe('0m');
  });

  it('computes the win chance as own entries over all entries', () => {
    expect(winPercentage(1, 3)).toBe(33.33);
    expect(winPercentage(10, 10)).toBe(100);
    expect(winPercentage(0, 0)).toBe(0);
  });
});
