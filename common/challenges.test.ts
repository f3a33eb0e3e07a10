import { describe, expect, it } from 'vitest';
import { canSubmitClaim, challengeDisplay, challengeTimeLeft, prizeLabel } from './challenges';

describe('challenge display (spec 1 §4)', () => {
  it('is active only while active and not expired, Claimed wins over everything, otherwise expired', () => {
    expect(challengeDisplay({ is_active: true, is_expired: false, status: 'Active' })).toBe('active');
    expect(challengeDisplay({ is_active: true, is_expired: true, status: 'Active' })).toBe('expired');
    expect(challengeDisplay({ is_active: false, is_expired: false, status: 'Active' })).toBe('expired');
    expect(challengeDisplay({ is_active: true, is_expired: false, status: 'Claimed' })).toBe('claimed');
    expect(challengeDisplay({ is_active: false, is_expired: true, status: 'Claimed' })).toBe('claimed');
    expect(canSubmitClaim({ is_active: true, is_expired: false, status: 'Active' })).toBe(true);
    expect(canSubmitClaim({ is_active: true, is_expired: false, status: 'Claimed' })).toBe(false);
  });
});

describe('challenge countdown (spec 1 §2)', () => {
  it('says days and hours, hours and minutes, minutes, or Expired', () => {
    expect(challengeTimeLeft(3 * 86_400 + 4 * 3600 + 59)).toBe('3d 4h');
    expect(challengeTimeLeft(86_400)).toBe('1d 0h');
    expect(challengeTimeLeft(86_399)).toBe('23h 59m');
    expect(challengeTimeLeft(3600)).toBe('1h 0m');
    expect(challengeTimeLeft(3599)).toBe('59m');
    expect(challengeTimeLeft(30)).toBe('1m');
    expect(challengeTimeLeft(0)).toBe('Expired');
    expect(challengeTimeLeft(-5)).toBe('Expired');
  });
});

describe('prize label', () => {
  it('shows dollars or points', () => {
    expect(prizeLabel('cash', 250)).toBe('$250.00');
    expect(prizeLabel('points', 5000)).toBe('5,000 points');
  });
});
