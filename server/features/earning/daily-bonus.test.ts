import { beforeAll, describe, expect, it } from 'vitest';
import type { EarningRulesInput } from '../../../common/contracts/earning';
import { CSRF_REFUSAL } from '../../platform/auth/auth';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { DAILY_BONUS_MESSAGES } from './daily-bonus.service';
import { DEFAULT_EARNING_RULES } from './earning-rules.service';
import { ledgerOf, manualClock, mismatches, pointsAndXp, saveRules } from './earning.testkit';

const DAILY = '/api/r/points/daily';
const bonus = (changes: Partial<EarningRulesInput['daily_bonus']>) => ({ daily_bonus: { ...DEFAULT_EARNING_RULES.daily_bonus, ...changes } });

describe('the daily bonus', () => {
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const t = useTestApp({ now: clock.now });
  let admin: TestClient;
  const db = () => t.database.db;

  /** As the web app sends it: an empty JSON object. */
  const claim = (m: SignedInMember) => m.client.post(DAILY, {});
  const status = async (m: SignedInMember) => {
    const response = await m.client.get(DAILY);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().data;
  };
  /** Everything a refused claim must leave alone. */
  const stateOf = async (m: SignedInMember) => ({
    wallet: await pointsAndXp(db(), m.id),
    ledger: await ledgerOf(db(), m.id),
    claims: await db().selectFrom('daily_bonus_claims').select(['day', 'streak', 'points']).where('user_id', '=', m.id).orderBy('day').execute(),
  });

  beforeAll(async () => {
    admin = await signedIn(t.app, 'BonusKeeper', 'admin');
  });

  it('shows the status, pays a claim once a day with points, XP and a ledger row, and refuses a second claim', async () => {
    await saveRules(admin, {});
    clock.set('2026-11-22T12:00:00.000Z');
    const m = await signedInMember(t.app, 'DailyDana');
    const before = await pointsAndXp(db(), m.id);
    expect(await status(m)).toEqual({ enabled: true, claimed_today: false, streak: 1, next_reward: 50, next_claim_at: '2026-11-22T12:00:00.000Z' });

    // No body at all (curl -X POST) is a claim too.
    const response = await m.client.post(DAILY);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Daily bonus claimed: +50 points.',
      points_awarded: 50,
      xp_awarded: 25,
      balance: before.points + 50,
      data: { enabled: true, claimed_today: true, streak: 1, next_reward: 60, next_claim_at: '2026-11-23T00:00:00.000Z' },
    });
    expect(await pointsAndXp(db(), m.id)).toEqual({ points: before.points + 50, xp: before.xp + 25 });
    expect((await ledgerOf(db(), m.id)).at(-1)).toEqual({
      delta: 50,
      balance_after: before.points + 50,
      reason: 'daily_bonus',
      reference: 'daily_bonus:2026-11-22',
      note: 'Daily bonus',
      created_at: '2026-11-22T12:00:00.000Z',
    });
    expect(await status(m)).toEqual({ enabled: true, claimed_today: true, streak: 1, next_reward: 60, next_claim_at: '2026-11-23T00:00:00.000Z' });

    const settled = await stateOf(m);
    clock.set('2026-11-22T23:59:59.000Z');
    const again = await claim(m);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: DAILY_BONUS_MESSAGES.alreadyClaimed });
    const junk = await m.client.post(DAILY, { points: 1_000_000 });
    expect(junk.statusCode).toBe(422);
    expect(await stateOf(m)).toEqual(settled);
    expect(await mismatches(t.app)).toEqual([]);
  });

  it('a streak of consecutive days raises the reward by the step up to the maximum; a missed day starts again at 1', async () => {
    await saveRules(admin, bonus({ points: 50, xp: 10, streak_step: 20, max_points: 100 }));
    clock.set('2026-11-23T00:00:00.000Z');
    const m = await signedInMember(t.app, 'StreakSam');
    const paid: [number, number, string][] = [];
    for (let day = 1; day <= 5; day++) {
      clock.set(`2026-11-${22 + day}T${day % 2 ? '00:00:01' : '23:59:59'}.000Z`);
      expect((await status(m)).next_reward).toBe([50, 70, 90, 100, 100][day - 1]);
      const response = await claim(m);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      paid.push([body.points_awarded, body.data.streak, body.message]);
    }
    expect(paid).toEqual([
      [50, 1, 'Daily bonus claimed: +50 points.'],
      [70, 2, 'Daily bonus claimed: +70 points (2-day streak).'],
      [90, 3, 'Daily bonus claimed: +90 points (3-day streak).'],
      [100, 4, 'Daily bonus claimed: +100 points (4-day streak).'],
      [100, 5, 'Daily bonus claimed: +100 points (5-day streak).'],
    ]);
    const ledger = (await ledgerOf(db(), m.id)).filter((entry) => entry.reason === 'daily_bonus');
    expect(ledger.map((entry) => [entry.delta, entry.reference, entry.note])).toEqual([
      [50, 'daily_bonus:2026-11-23', 'Daily bonus'],
      [70, 'daily_bonus:2026-11-24', 'Daily bonus, day 2 in a row'],
      [90, 'daily_bonus:2026-11-25', 'Daily bonus, day 3 in a row'],
      [100, 'daily_bonus:2026-11-26', 'Daily bonus, day 4 in a row'],
      [100, 'daily_bonus:2026-11-27', 'Daily bonus, day 5 in a row'],
    ]);

    // 2026-11-28 passes without a claim.
    clock.set('2026-11-29T10:00:00.000Z');
    expect(await status(m)).toMatchObject({ claimed_today: false, streak: 1, next_reward: 50 });
    const restarted = await claim(m);
    expect(restarted.json()).toMatchObject({ points_awarded: 50, message: 'Daily bonus claimed: +50 points.', data: { streak: 1, next_reward: 70 } });
    expect((await pointsAndXp(db(), m.id)).xp).toBe(60);
    expect(await mismatches(t.app)).toEqual([]);
  });

  it("days follow the rules' time zone: 14:59 and 15:01 UTC are two days in Tokyo but one day in UTC", async () => {
    await saveRules(admin, { time_zone: 'Asia/Tokyo' });
    clock.set('2026-11-30T14:59:00.000Z');
    const tokyo = await signedInMember(t.app, 'TokyoTaro');
    const late = await claim(tokyo);
    expect(late.statusCode).toBe(200);
    // Midnight in Tokyo is 15:00 UTC.
    expect(late.json().data).toMatchObject({ claimed_today: true, next_claim_at: '2026-11-30T15:00:00.000Z' });
    clock.set('2026-11-30T15:01:00.000Z');
    expect(await status(tokyo)).toMatchObject({ claimed_today: false, streak: 2, next_reward: 60 });
    const early = await claim(tokyo);
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toMatchObject({ streak: 2, next_claim_at: '2026-12-01T15:00:00.000Z' });
    expect((await ledgerOf(db(), tokyo.id)).map((entry) => entry.reference)).toEqual(['daily_bonus:2026-11-30', 'daily_bonus:2026-12-01']);

    await saveRules(admin, { time_zone: 'UTC' });
    clock.set('2026-12-01T14:59:00.000Z');
    const utc = await signedInMember(t.app, 'UtcUma');
    expect((await claim(utc)).statusCode).toBe(200);
    clock.set('2026-12-01T15:01:00.000Z');
    const second = await claim(utc);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(DAILY_BONUS_MESSAGES.alreadyClaimed);
    expect((await ledgerOf(db(), utc.id)).map((entry) => entry.reference)).toEqual(['daily_bonus:2026-12-01']);
  });

  it('30 parallel claims by one member pay exactly once (the rest 409, or 429 past the 20-a-minute limit); balance = ledger', async () => {
    await saveRules(admin, {});
    clock.set('2026-12-02T08:00:00.000Z');
    const m = await signedInMember(t.app, 'ClickyClara');
    const before = await pointsAndXp(db(), m.id);
    const responses = await Promise.all(Array.from({ length: 30 }, () => claim(m)));
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 200: 1, 409: 19, 429: 10 });
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(new Set([DAILY_BONUS_MESSAGES.alreadyClaimed]));
    expect(await pointsAndXp(db(), m.id)).toEqual({ points: before.points + 50, xp: before.xp + 25 });
    expect((await stateOf(m)).claims).toEqual([{ day: '2026-12-02', streak: 1, points: 50 }]);
    expect((await ledgerOf(db(), m.id)).filter((entry) => entry.reason === 'daily_bonus')).toHaveLength(1);
    expect(await mismatches(t.app)).toEqual([]);
  });

  it('switched off: the claim is refused with 403 and the status says so', async () => {
    await saveRules(admin, bonus({ enabled: false }));
    clock.set('2026-12-03T08:00:00.000Z');
    const m = await signedInMember(t.app, 'OffOscar');
    const before = await stateOf(m);
    expect(await status(m)).toMatchObject({ enabled: false, claimed_today: false });
    const response = await claim(m);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: DAILY_BONUS_MESSAGES.disabled });
    expect(await stateOf(m)).toEqual(before);

    await saveRules(admin, {});
    expect((await claim(m)).statusCode).toBe(200);
  });

  it('visitors get 401; a claim without the CSRF token is refused and pays nothing', async () => {
    await saveRules(admin, {});
    clock.set('2026-12-04T08:00:00.000Z');
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    const seen = await visitor.get(DAILY);
    expect(seen.statusCode).toBe(401);
    expect(seen.json()).toEqual({ success: false, message: 'You need to be signed in to do that.' });
    // With a valid (anonymous) CSRF token the visitor reaches the sign-in check.
    expect((await visitor.post(DAILY, {})).statusCode).toBe(401);

    const m = await signedInMember(t.app, 'ForgedFiona');
    const before = await stateOf(m);
    const missing = await m.client.post(DAILY, {}, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(CSRF_REFUSAL);
    const forged = await m.client.post(DAILY, {}, { csrf: false, headers: { 'x-csrf-token': 'forged' } });
    expect(forged.statusCode).toBe(403);
    expect(await stateOf(m)).toEqual(before);
    expect((await claim(m)).statusCode).toBe(200);
  });

  it('ignores the daily cap and the VIP multiplier: a VIP with a cap of 1 gets the full bonus', async () => {
    await saveRules(admin, { daily_cap: 1, multipliers: { vip: 3, subscriber: 2 } });
    clock.set('2026-12-05T08:00:00.000Z');
    const vip = await signedInMember(t.app, 'VipVictor', 'vip');
    const before = await pointsAndXp(db(), vip.id);
    const response = await claim(vip);
    expect(response.json()).toMatchObject({ points_awarded: 50, xp_awarded: 25, message: 'Daily bonus claimed: +50 points.' });
    expect(await pointsAndXp(db(), vip.id)).toEqual({ points: before.points + 50, xp: before.xp + 25 });
    expect((await ledgerOf(db(), vip.id)).at(-1)).toMatchObject({ delta: 50, reason: 'daily_bonus', note: 'Daily bonus' });
    // Nothing was taken from the day's allowance either.
    expect(await db().selectFrom('daily_earnings').select('points').where('user_id', '=', vip.id).execute()).toEqual([]);
  });
});
