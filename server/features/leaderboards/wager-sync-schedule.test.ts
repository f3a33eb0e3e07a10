import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vipDataResponseSchema } from '../../../common/contracts/vip';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, signedInMember, type TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { FAKE_PARTNER_KEYS, startFakePartners, type FakePartners } from '../../test/fake-partners';
import { ADMIN, createBoard, platforms, readLeaderboard, saveSource } from './leaderboards.testkit';

const DAY = 86_400_000;
const SECOND = 1000;
/** A weekly period that started yesterday at midnight (UTC). */
const periodStart = Math.floor(Date.now() / DAY) * DAY - DAY;
const dayOf = (offset: number) => new Date(periodStart + offset * DAY).toISOString().slice(0, 10);

const PATHS = { rainbet: '/v1/external/affiliates', packdraw: '/api/v1/affiliates/leaderboard', roobet: '/affiliate/v2/stats' };

/** The background job and the daily wager totals (docs/decisions/014-leaderboards.md, "Sources" and "Wagers per day"). */
describe('wager sources on a schedule', () => {
  const clock = manualClock(new Date(periodStart + DAY + DAY / 2).toISOString());
  let t: TestApp;
  let fake: FakePartners;
  let admin: TestClient;

  const board = (slug: string) => createBoard(admin, { name: slug, slug, mask_names: false, casino_slot: slug === 'vip' ? 1 : null }, { starts_at: new Date(periodStart).toISOString() });
  const tick = () => t.app.services.leaderboardTick();
  const requestsTo = (path: string) => fake.state.requests.filter((request) => request.path.startsWith(path)).length;

  beforeAll(async () => {
    fake = await startFakePartners();
    t = await buildTestApp({ now: clock.now, syncRetryBaseMs: 1 });
    admin = await signedIn(t.app, 'ScheduleKeeper', 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.recover();
    fake.state.players = [{ username: 'HighRoller', wagered: 1234.56 }];
    fake.state.requests.length = 0;
  });

  it('the job syncs enabled sources when due, each on its own interval, and a failing one after its back-off', async () => {
    const minute = await board('every-minute');
    await saveSource(admin, minute.leaderboardId, { kind: 'rainbet', base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet, interval_sec: 60 });
    const five = await board('every-five');
    await saveSource(admin, five.leaderboardId, { kind: 'packdraw', base_url: fake.url, secret: FAKE_PARTNER_KEYS.packdraw, interval_sec: 300 });
    const failing = await board('refused');
    await saveSource(admin, failing.leaderboardId, { kind: 'roobet', base_url: fake.url, secret: `${fake.roobetToken}x`, interval_sec: 60 });
    const off = await board('switched-off');
    await saveSource(admin, off.leaderboardId, { kind: 'shuffle', base_url: fake.url, secret: FAKE_PARTNER_KEYS.shuffle, interval_sec: 60, is_enabled: false });
    const start = clock.now().getTime();
    const at = (seconds: number) => clock.set(new Date(start + seconds * SECOND).toISOString());

    // Saved sources are due at once; the switched-off one never is. Refused keys back off 60 s, 120 s, 240 s...
    const schedule: [number, number, [number, number, number]][] = [
      [0, 3, [1, 1, 1]],
      [30, 0, [1, 1, 1]],
      [60, 2, [2, 1, 2]],
      [120, 1, [3, 1, 2]],
      [179, 0, [3, 1, 2]],
      [180, 2, [4, 1, 3]],
      [300, 2, [5, 2, 3]],
      [420, 2, [6, 2, 4]],
    ];
    for (const [seconds, synced, [rainbet, packdraw, roobet]] of schedule) {
      at(seconds);
      expect(await tick(), `at ${seconds} s`).toEqual({ synced, rolled: 0 });
      expect([requestsTo(PATHS.rainbet), requestsTo(PATHS.packdraw), requestsTo(PATHS.roobet)], `at ${seconds} s`).toEqual([rainbet, packdraw, roobet]);
    }
    expect(requestsTo('/stats/')).toBe(0);
    expect((await readLeaderboard(admin, '?platform=every-five')).top_three).toEqual([{ rank: 1, displayName: 'HighRoller', wagered: 1234.56, prize: null }]);
    expect((await readLeaderboard(admin, '?platform=switched-off')).top_three).toEqual([]);

    // Switched on, it syncs on the next tick.
    await saveSource(admin, off.leaderboardId, { kind: 'shuffle', base_url: fake.url, interval_sec: 60 });
    at(421);
    expect(await tick()).toEqual({ synced: 1, rolled: 0 });
    expect(requestsTo('/stats/')).toBe(1);
    expect((await readLeaderboard(admin, '?platform=switched-off')).top_three).toHaveLength(1);
  });

  it('a partner that hangs holds neither the other sources nor the job: they sync, and it records its timeout later', async () => {
    const hanging = await board('hangs');
    await saveSource(admin, hanging.leaderboardId, { kind: 'roobet', base_url: fake.url, secret: fake.roobetToken, timeout_sec: 4, interval_sec: 60 });
    const answering = await board('answers');
    await saveSource(admin, answering.leaderboardId, { kind: 'rainbet', base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet, interval_sec: 60 });
    fake.state.failure = 'hang';
    fake.state.failingPath = PATHS.roobet;
    fake.state.players = [{ username: 'NotHeldUp', wagered: 42 }];

    const started = Date.now();
    const ticking = tick();
    // The answering partner's board is written while the other still hangs.
    await expect.poll(async () => (await readLeaderboard(admin, '?platform=answers')).top_three.map((row) => row.displayName), { timeout: 3_000 }).toEqual(['NotHeldUp']);
    const ticked = await ticking;
    // Three tries of four seconds each: the job waited ten seconds for them, then moved on.
    expect(Date.now() - started).toBeLessThan(11_500);
    expect(ticked.synced).toBe(2);
    const hangingSource = async () => (await platforms(admin)).flatMap((platform) => platform.leaderboards).find((row) => row.id === hanging.leaderboardId)!.source!;
    expect((await hangingSource()).last_error).toBeNull();

    // The hanging sync goes on by itself, is not started twice, and leaves its error for staff.
    expect((await tick()).synced).toBe(0);
    await expect.poll(async () => (await hangingSource()).last_error, { timeout: 15_000, interval: 250 }).toBe('No answer before the timeout.');
    expect(requestsTo(PATHS.roobet)).toBe(3);
  }, 40_000);
});

/**
 * Each change of a player's amount is added to that day's total (the day a sync first saw it, or the
 * period's last day once it has ended): what VIP tiers with a date count.
 */
describe('wager sources and the daily totals VIP tiers count', () => {
  const clock = manualClock(new Date(periodStart + DAY / 2).toISOString());
  let t: TestApp;
  let fake: FakePartners;
  let admin: TestClient;
  let member: TestClient;
  let leaderboardId: number;
  let periodId: number;

  const onDay = (offset: number, hours = 12) => clock.set(new Date(periodStart + offset * DAY + hours * 3_600_000).toISOString());
  const syncNow = async () => (await admin.post(`${ADMIN}/leaderboards/${leaderboardId}/source/sync`)).json<{ message: string }>().message;
  /** The member's wagers as the VIP page shows them: all-time, then counted from each tier's date. */
  async function wagers() {
    const response = await member.get('/api/r/vip-rewards');
    expect(response.statusCode, response.body).toBe(200);
    const platform = vipDataResponseSchema.parse(response.json()).data.tiers_by_platform.Daily;
    return [platform.user_wagered, ...[2, 3, 4, 6, 7].map((day) => platform.tiers.find((tier) => tier.name === `From day ${day}`)!.user_wagered_for_tier)];
  }

  beforeAll(async () => {
    fake = await startFakePartners();
    t = await buildTestApp({ now: clock.now, syncRetryBaseMs: 1 });
    admin = await signedIn(t.app, 'DailyKeeper', 'admin');
    const created = await createBoard(admin, { name: 'Daily', slug: 'daily', casino_slot: 1, mask_names: false }, { starts_at: new Date(periodStart).toISOString() });
    ({ leaderboardId, periodId } = created);
    for (const day of [2, 3, 4, 6, 7]) {
      const tier = { platform_id: created.platform.id, name: `From day ${day}`, reward_type: 'points', reward_amount: 10, min_wagered: 1, count_wager_after_date: dayOf(day), display_order: day };
      expect((await admin.post(`${ADMIN}/vip/tiers`, tier)).statusCode).toBe(200);
    }
    await saveSource(admin, leaderboardId, { kind: 'rainbet', base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet, interval_sec: 3600 });
    ({ client: member } = await signedInMember(t.app, 'WhaleMember'));
    expect((await member.post('/api/r/profile/update', { crypto: 'whale' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('adds each change on the day it was seen; failures add nothing; staff changes count too', async () => {
    fake.state.players = [{ username: 'Whale', wagered: 100 }, { username: 'Minnow', wagered: 5 }];
    expect(await syncNow()).toBe('Synced: 2 players.');
    expect(await wagers()).toEqual([100, 0, 0, 0, 0, 0]);

    onDay(2);
    fake.state.players = [{ username: 'Whale', wagered: 250 }];
    expect(await syncNow()).toBe('Synced: 1 players.');
    // An unchanged amount adds nothing; the same figure synced twice counts once.
    expect(await syncNow()).toBe('Synced: 1 players.');
    expect(await wagers()).toEqual([250, 150, 0, 0, 0, 0]);

    onDay(3);
    fake.state.players = [{ username: 'Whale', wagered: 9999 }];
    fake.state.failure = 'http500';
    expect(await syncNow()).toMatch(/^Sync failed: /);
    fake.recover();
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${periodId}/entries`, { username: 'WHALE', wagered: 300 })).statusCode).toBe(200);
    expect(await wagers()).toEqual([300, 200, 50, 0, 0, 0]);

    // Deleting the staff entry takes its amount out today; the next sync puts the partner's figure back.
    onDay(4);
    const entries = (await admin.get(`${ADMIN}/leaderboard-periods/${periodId}/entries`)).json<{ data: { id: number; username: string }[] }>().data;
    const staff = entries.find((entry) => entry.username === 'WHALE')!;
    expect((await admin.delete(`${ADMIN}/leaderboard-periods/${periodId}/entries/${staff.id}`)).statusCode).toBe(200);
    // The days since Whale's first wager sum to less than nothing; members see 0, never a negative wager.
    expect(await wagers()).toEqual([0, 0, 0, 0, 0, 0]);
    fake.state.players = [{ username: 'Whale', wagered: 260 }];
    expect(await syncNow()).toBe('Synced: 1 players.');
    expect(await wagers()).toEqual([260, 160, 10, 0, 0, 0]);
  });

  it('the final sync after the period ended counts on the period’s last day', async () => {
    // One minute after the end: the job's prompt sync for the final numbers, then the roll-over.
    onDay(7, 0);
    clock.advance(60_000);
    fake.state.players = [{ username: 'Whale', wagered: 400 }];
    expect(await t.app.services.leaderboardTick()).toEqual({ synced: 1, rolled: 1 });
    expect(await wagers()).toEqual([400, 300, 150, 100, 140, 0]);
    // The sum of the daily totals is the standings' sum.
    const last = await readLeaderboard(admin, '?platform=daily&period=last');
    expect(last.top_three.map((entry) => [entry.displayName, entry.wagered])).toEqual([['Whale', 400]]);
  });
});

describe('wager syncs when the app closes', () => {
  it('a sync waiting on a hanging partner stops at once and records nothing', async () => {
    const fake = await startFakePartners();
    const t = await buildTestApp({ syncRetryBaseMs: 1 });
    try {
      const admin = await signedIn(t.app, 'Closer', 'admin');
      const board = await createBoard(admin, { name: 'closing', slug: 'closing', mask_names: false }, { starts_at: new Date(periodStart).toISOString() });
      fake.state.failure = 'hang';
      await saveSource(admin, board.leaderboardId, { kind: 'roobet', base_url: fake.url, secret: fake.roobetToken, timeout_sec: 30, interval_sec: 60 });
      const syncing = t.app.services.leaderboardTick();
      await expect.poll(() => fake.state.requests.length).toBe(1);
      const closing = Date.now();
      await t.app.close();
      expect(Date.now() - closing).toBeLessThan(5_000);
      await syncing.catch(() => undefined);
      const [source] = await t.database.db.selectFrom('wager_sources').select(['last_error', 'consecutive_failures']).execute();
      expect(source).toEqual({ last_error: null, consecutive_failures: 0 });
    } finally {
      await t.close().catch(() => undefined);
      await fake.close();
    }
  }, 40_000);
});
