import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPeriod } from '../../../common/contracts/leaderboards';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { ADMIN, createBoard, importWagers, names, readLeaderboard, saveSource, setPrizes } from './leaderboards.testkit';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Periods end by themselves (docs/decisions/014-leaderboards.md), once, on every instance's job. */
describe('leaderboard periods', () => {
  const clock = manualClock('2026-11-02T00:00:00.000Z');
  let t: TestApp;
  let admin: TestClient;
  let visitor: TestClient;

  /** Moves the clock; staff sign in again, as their session would have expired over the jump. */
  const at = async (iso: string) => {
    clock.set(iso);
    admin = await signedIn(t.app, 'PeriodKeeper', 'admin');
  };
  const tick = (app = t.app) => app.services.leaderboardTick();
  const periodsOf = async (leaderboardId: number): Promise<AdminPeriod[]> =>
    (await admin.get(`${ADMIN}/leaderboards/${leaderboardId}/periods`)).json().data;
  const window = (period: AdminPeriod) => [period.status, period.starts_at, period.ends_at];
  const totalGivenAway = async () => (await visitor.get('/api/r/stats/total-given-away')).json().total as number;

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, syncRetryBaseMs: 1 });
    await at('2026-11-02T00:00:00.000Z');
    visitor = new TestClient(t.app);
  });
  afterAll(() => t?.close());

  it('freezes a weekly period as the last one and starts the next at its end, with the same prizes', async () => {
    await at('2026-11-02T00:00:00.000Z');
    const board = await createBoard(admin, { name: 'Weekly', slug: 'weekly', mask_names: false }, { starts_at: '2026-11-02T00:00:00.000Z' });
    await importWagers(admin, board.periodId, [
      ['Alpha', 300],
      ['Beta', 200],
      ['Gamma', 100],
      ['Delta', 50],
    ]);
    await setPrizes(admin, board.leaderboardId, [100, 50]);

    await at('2026-11-08T23:59:00.000Z');
    expect(await tick()).toMatchObject({ rolled: 0 });
    await at('2026-11-09T00:00:30.000Z');
    expect(await tick()).toMatchObject({ rolled: 1 });

    expect((await periodsOf(board.leaderboardId)).map(window)).toEqual([
      ['current', '2026-11-09T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
      ['finished', '2026-11-02T00:00:00.000Z', '2026-11-09T00:00:00.000Z'],
    ]);
    const last = await readLeaderboard(visitor, '?platform=weekly&period=last');
    expect(names(last.top_three)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(last.rest_of_users)).toEqual(['Delta']);
    expect(last.prizes).toEqual([
      { position: 1, amount: 100 },
      { position: 2, amount: 50 },
    ]);
    const current = await readLeaderboard(visitor, '?platform=weekly');
    expect(current).toMatchObject({ top_three: [], rest_of_users: [], current_period: { start: '2026-11-09T00:00:00.000Z', end: '2026-11-16T00:00:00.000Z' } });
    expect(current.prizes).toEqual(last.prizes);
  });

  it('keeps each length: bi-weekly, monthly by the calendar and custom days', async () => {
    await at('2026-11-01T00:00:00.000Z');
    const start = { starts_at: '2026-11-01T00:00:00.000Z' };
    const biweekly = await createBoard(admin, { name: 'Biweekly', slug: 'biweekly' }, { ...start, period_length: 'biweekly' });
    const monthly = await createBoard(admin, { name: 'Monthly', slug: 'monthly' }, { ...start, period_length: 'monthly' });
    const custom = await createBoard(admin, { name: 'Custom', slug: 'custom' }, { ...start, period_length: 'custom', custom_days: 3 });
    await at('2026-12-01T00:00:01.000Z');
    await tick();
    const current = async (leaderboardId: number) => (await periodsOf(leaderboardId)).find((period) => period.status === 'current')!;
    expect(window(await current(monthly.leaderboardId))).toEqual(['current', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    // 30 days after Nov 1: the bi-weekly schedule is on its third period (Nov 29 – Dec 13).
    expect(window(await current(biweekly.leaderboardId))).toEqual(['current', '2026-11-29T00:00:00.000Z', '2026-12-13T00:00:00.000Z']);
    expect(window(await current(custom.leaderboardId))).toEqual(['current', '2026-12-01T00:00:00.000Z', '2026-12-04T00:00:00.000Z']);
  });

  it('after downtime, skips to the period holding now instead of piling up empty ones', async () => {
    await at('2026-11-02T00:00:00.000Z');
    const board = await createBoard(admin, { name: 'Downtime', slug: 'downtime' }, { starts_at: '2026-11-02T00:00:00.000Z' });
    await at(new Date(Date.parse('2026-11-02T00:00:00.000Z') + 5 * 7 * DAY + 3 * DAY).toISOString());
    await tick();
    const periods = await periodsOf(board.leaderboardId);
    expect(periods.map(window)).toEqual([
      ['current', '2026-12-07T00:00:00.000Z', '2026-12-14T00:00:00.000Z'],
      ['finished', '2026-11-02T00:00:00.000Z', '2026-11-09T00:00:00.000Z'],
    ]);
  });

  it('waits up to 10 minutes after the end for a source’s final numbers, then freezes the last good ones', async () => {
    await at('2026-11-02T00:00:00.000Z');
    const board = await createBoard(admin, { name: 'Graceful', slug: 'graceful' }, { starts_at: '2026-11-02T00:00:00.000Z' });
    // A partner that is down: every sync fails, so the period can only end by the grace running out.
    await saveSource(admin, board.leaderboardId, { kind: 'rainbet', base_url: 'http://127.0.0.1:9', secret: 'key', interval_sec: 60, timeout_sec: 1 });
    await at(new Date(Date.parse('2026-11-09T00:00:00.000Z') + 5 * MINUTE).toISOString());
    await tick();
    expect((await periodsOf(board.leaderboardId)).map((period) => period.status)).toEqual(['current']);
    await at(new Date(Date.parse('2026-11-09T00:00:00.000Z') + 11 * MINUTE).toISOString());
    await tick();
    expect((await periodsOf(board.leaderboardId)).map((period) => period.status)).toEqual(['current', 'finished']);
  });

  it('rolls over exactly once when two instances run the job at the same moment', async () => {
    await at('2026-11-02T00:00:00.000Z');
    const board = await createBoard(admin, { name: 'Twins', slug: 'twins' }, { starts_at: '2026-11-02T00:00:00.000Z' });
    const twin = await t.twin({ now: clock.now, syncRetryBaseMs: 1 });
    await at('2026-11-09T00:00:01.000Z');
    await Promise.all([tick(), tick(twin), tick(), tick(twin)]);
    expect((await periodsOf(board.leaderboardId)).map((period) => period.status)).toEqual(['current', 'finished']);
  });

  it('lets staff end a period now, and refuses dates that end before they start', async () => {
    await at('2026-11-02T00:00:00.000Z');
    const board = await createBoard(admin, { name: 'Manual', slug: 'manual' }, { starts_at: '2026-11-02T00:00:00.000Z' });
    const bad = await admin.put(`${ADMIN}/leaderboards/${board.leaderboardId}/period`, { starts_at: '2026-11-05T00:00:00.000Z', ends_at: '2026-11-04T00:00:00.000Z' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('The end must be after the start.');
    expect(window((await periodsOf(board.leaderboardId))[0])).toEqual(['current', '2026-11-02T00:00:00.000Z', '2026-11-09T00:00:00.000Z']);
    const moved = await admin.put(`${ADMIN}/leaderboards/${board.leaderboardId}/period`, { starts_at: '2026-11-02T00:00:00.000Z', ends_at: '2026-11-20T00:00:00.000Z' });
    expect(moved.statusCode).toBe(200);
    expect((await readLeaderboard(visitor, '?platform=manual')).current_period).toEqual({ start: '2026-11-02T00:00:00.000Z', end: '2026-11-20T00:00:00.000Z' });

    await at('2026-11-04T12:00:00.000Z');
    expect((await admin.post(`${ADMIN}/leaderboards/${board.leaderboardId}/end-period`, {})).statusCode).toBe(200);
    expect((await periodsOf(board.leaderboardId)).map(window)).toEqual([
      ['current', '2026-11-04T12:00:00.000Z', '2026-11-11T12:00:00.000Z'],
      ['finished', '2026-11-02T00:00:00.000Z', '2026-11-04T12:00:00.000Z'],
    ]);
    expect((await admin.post(`${ADMIN}/leaderboards/999999/end-period`, {})).statusCode).toBe(404);
  });

  it('counts paid prizes toward the total given away, once, and never XP prizes', async () => {
    await at('2026-11-02T00:00:00.000Z');
    const cash = await createBoard(admin, { name: 'Paying', slug: 'paying' }, { starts_at: '2026-11-02T00:00:00.000Z' });
    const xp = await createBoard(admin, { name: 'Points board', slug: 'xpboard', amount_format: 'xp' }, { starts_at: '2026-11-02T00:00:00.000Z' });
    for (const board of [cash, xp]) {
      await importWagers(admin, board.periodId, [
        ['Winner', 900],
        ['Runner', 400],
      ]);
      // Three places but two players: the third prize is not given.
      await setPrizes(admin, board.leaderboardId, [250, 100, 50]);
    }
    const before = await totalGivenAway();
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${cash.periodId}/pay-prizes`, {})).json()).toMatchObject({ message: 'Only a finished period’s prizes can be paid.' });

    await at('2026-11-09T00:00:01.000Z');
    await tick();
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${cash.periodId}/pay-prizes`, {})).statusCode).toBe(200);
    expect(await totalGivenAway()).toBe(before + 350);
    const again = await admin.post(`${ADMIN}/leaderboard-periods/${cash.periodId}/pay-prizes`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('These prizes were already marked as paid.');
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${xp.periodId}/pay-prizes`, {})).statusCode).toBe(200);
    expect(await totalGivenAway()).toBe(before + 350);
    const paid = (await periodsOf(cash.leaderboardId)).find((period) => period.id === cash.periodId)!;
    expect(paid.prizes_paid_at).toBe('2026-11-09T00:00:01.000Z');
    expect(paid.prizes_paid_by).toBe('PeriodKeeper');

    for (const id of ['abc', '0', '-1', '99999999999999999999', '999999']) {
      const response = await admin.post(`${ADMIN}/leaderboard-periods/${id}/pay-prizes`, {});
      expect([404, 422], id).toContain(response.statusCode);
    }
  });

  it('lets only admins change periods', async () => {
    const moderator = await signedIn(t.app, 'PeriodModerator', 'moderator');
    const board = (await admin.get(`${ADMIN}/leaderboards/platforms`)).json().data[0].leaderboards[0];
    expect((await moderator.post(`${ADMIN}/leaderboards/${board.id}/end-period`, {})).statusCode).toBe(403);
    expect((await moderator.put(`${ADMIN}/leaderboards/${board.id}/period`, { starts_at: 'nonsense' })).statusCode).toBe(403);
    expect((await moderator.get(`${ADMIN}/leaderboards/${board.id}/periods`)).statusCode).toBe(200);
  });

  it('names the field at fault in bad dates and answers 4xx, never 500, for bad leaderboard ids', async () => {
    const board = (await admin.get(`${ADMIN}/leaderboards/platforms`)).json().data[0].leaderboards[0];
    const before = (await periodsOf(board.id)).map(window);
    const bad = await admin.put(`${ADMIN}/leaderboards/${board.id}/period`, { starts_at: 'nonsense', ends_at: '2026-11-20T00:00:00.000Z' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter the start as a date and time.');
    expect(bad.body).not.toContain('Enter the end');
    expect((await periodsOf(board.id)).map(window)).toEqual(before);

    for (const id of ['abc', '0', '-1', '99999999999999999999', '999999']) {
      for (const response of [
        await admin.get(`${ADMIN}/leaderboards/${id}/periods`),
        await admin.post(`${ADMIN}/leaderboards/${id}/end-period`, {}),
        await admin.put(`${ADMIN}/leaderboards/${id}/period`, { starts_at: '2026-11-02T00:00:00.000Z', ends_at: '2026-11-09T00:00:00.000Z' }),
        await admin.put(`${ADMIN}/leaderboards/${id}/prizes`, { prizes: [10] }),
      ]) {
        expect([404, 422], `${id}: ${response.body}`).toContain(response.statusCode);
      }
    }
  });
});
