import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSource } from '../../../common/contracts/leaderboards';
import type { SourceInputDraft } from '../../../common/contracts/wager-sources';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { FAKE_PARTNER_KEYS, startFakePartners, type FakePartners } from '../../test/fake-partners';
import { ADMIN, createBoard, names, platforms, readLeaderboard, saveSource } from './leaderboards.testkit';

const DAY = 86_400_000;
/** The running period started yesterday at midnight (UTC); the clock stands at noon today. */
const periodStart = new Date(Math.floor(Date.now() / DAY) * DAY - DAY).toISOString();

/**
 * Wager sources through the admin API (docs/decisions/014-leaderboards.md, "Sources"): each partner kind
 * synced from the fake partner servers into GET /api/r/leaderboard, Test connection, keys kept secret,
 * and the form's validation.
 */
describe('wager sources: sync now, test connection, secrets', () => {
  const clock = manualClock(new Date(Date.parse(periodStart) + DAY + DAY / 2).toISOString());
  let t: TestApp;
  let fake: FakePartners;
  let admin: TestClient;
  let visitor: TestClient;

  const players = [
    { username: 'HighRoller', wagered: 1234.56, weighted: 600.5 },
    { username: 'SpinQueen', wagered: 987.65 },
    { username: 'Idle', wagered: 0 },
  ];

  /** Each kind pointed at the fake partners, with its key. */
  const sources = (): Record<string, SourceInputDraft> => ({
    roobet: { kind: 'roobet', base_url: fake.url, secret: fake.roobetToken, rank_on: 'weighted' },
    shuffle: { kind: 'shuffle', base_url: fake.url, secret: FAKE_PARTNER_KEYS.shuffle },
    rainbet: { kind: 'rainbet', base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet },
    packdraw: { kind: 'packdraw', base_url: fake.url, secret: FAKE_PARTNER_KEYS.packdraw },
    // The "creator get-stats" family (research §3.4): a POST with the key in the body, amounts in cents.
    generic: {
      kind: 'generic',
      secret: FAKE_PARTNER_KEYS.upgrader,
      options: {
        method: 'POST',
        url: `${fake.url}/affiliate/creator/get-stats`,
        body: '{"apikey":"{secret}","from":"{start}","to":"{end}"}',
        date_format: 'yyyy-MM-dd',
        rows_path: 'data.summarizedBets',
        fields: { username: 'user.username', wagered: 'wager' },
        amount_scale: 0.01,
        error_flag_path: 'error',
        error_message_path: 'msg',
      },
    },
  });

  const board = (slug: string) => createBoard(admin, { name: slug, slug, mask_names: false }, { starts_at: periodStart });
  const syncNow = (leaderboardId: number) => admin.post(`${ADMIN}/leaderboards/${leaderboardId}/source/sync`);
  const sourceOf = async (leaderboardId: number): Promise<AdminSource | null> =>
    (await platforms(admin)).flatMap((platform) => platform.leaderboards).find((row) => row.id === leaderboardId)!.source;
  const entriesOf = async (periodId: number) =>
    (await admin.get(`${ADMIN}/leaderboard-periods/${periodId}/entries`)).json<{ data: { username: string; wagered: number; source: string }[] }>().data;

  beforeAll(async () => {
    fake = await startFakePartners();
    t = await buildTestApp({ now: clock.now, syncRetryBaseMs: 1 });
    admin = await signedIn(t.app, 'SourceKeeper', 'admin');
    visitor = new TestClient(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.recover();
    fake.state.players = players;
    fake.state.requests.length = 0;
  });

  it.each([
    ['roobet', [['SpinQueen', 987.65], ['HighRoller', 600.5]], '/affiliate/v2/stats'],
    ['shuffle', [['HighRoller', 1234.56], ['SpinQueen', 987.65]], `/stats/${FAKE_PARTNER_KEYS.shuffle}`],
    ['rainbet', [['HighRoller', 1234.56], ['SpinQueen', 987.65]], '/v1/external/affiliates'],
    ['packdraw', [['HighRoller', 1234.56], ['SpinQueen', 987.65]], '/api/v1/affiliates/leaderboard'],
    ['generic', [['HighRoller', 1234.56], ['SpinQueen', 987.65]], '/affiliate/creator/get-stats'],
  ] as const)('%s: Sync now fills the standings with the partner’s amounts', async (kind, expected, path) => {
    const { leaderboardId, periodId } = await board(`sync-${kind}`);
    const saved = await saveSource(admin, leaderboardId, sources()[kind]);
    expect(saved).toMatchObject({ kind, is_enabled: true, has_secret: true, last_success_at: null, consecutive_failures: 0 });
    expect(JSON.stringify(saved)).not.toContain(sources()[kind].secret);

    const response = await syncNow(leaderboardId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Synced: 2 players.' });
    expect(response.json().data).toMatchObject({ last_error: null, consecutive_failures: 0, last_row_count: 2, last_success_at: clock.now().toISOString() });
    // One request to the partner's own endpoint; a zero wager is not a player.
    expect(fake.state.requests.map((request) => request.path)).toEqual([path]);

    const data = await readLeaderboard(visitor, `?platform=sync-${kind}`);
    expect(data.top_three.map((entry) => [entry.displayName, entry.wagered])).toEqual(expected);
    expect(data.rest_of_users).toEqual([]);
    expect((await entriesOf(periodId)).map((entry) => entry.source)).toEqual(['sync', 'sync']);
  });

  it('a sync invalidates the cached leaderboard: the next read shows the new standings', async () => {
    const { leaderboardId } = await board('cached');
    await saveSource(admin, leaderboardId, sources().rainbet);
    expect((await syncNow(leaderboardId)).statusCode).toBe(200);
    expect(names((await readLeaderboard(visitor, '?platform=cached')).top_three)).toEqual(['HighRoller', 'SpinQueen']);
    // Behind the app's back: the cached answer does not see it.
    await t.database.db.updateTable('wager_entries').set({ amount_cents: 1 }).where('username_key', '=', 'highroller').execute();
    expect((await readLeaderboard(visitor, '?platform=cached')).top_three[0]).toMatchObject({ displayName: 'HighRoller', wagered: 1234.56 });

    fake.state.players = [{ username: 'SpinQueen', wagered: 5000 }, { username: 'HighRoller', wagered: 1234.56 }, { username: 'Newcomer', wagered: 10.1 }];
    expect((await syncNow(leaderboardId)).json().message).toBe('Synced: 3 players.');
    const after = await readLeaderboard(visitor, '?platform=cached');
    expect(after.top_three.map((entry) => [entry.displayName, entry.wagered])).toEqual([
      ['SpinQueen', 5000],
      ['HighRoller', 1234.56],
      ['Newcomer', 10.1],
    ]);
  });

  it('Test connection answers ok, a message, the count and the five largest wagers, and saves nothing', async () => {
    const { leaderboardId, periodId } = await board('tested');
    fake.state.players = ['A', 'B', 'C', 'D', 'E', 'F'].map((username, index) => ({ username: `Player${username}`, wagered: (index + 1) * 100.25 }));
    const response = await admin.post(`${ADMIN}/leaderboards/${leaderboardId}/source/test`, sources().packdraw);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ ok: true, message: `Connected: 6 players with wagers since ${periodStart.slice(0, 10)}.`, rows: 6 });
    expect(data.sample).toEqual([
      { username: 'PlayerF', wagered: 601.5 },
      { username: 'PlayerE', wagered: 501.25 },
      { username: 'PlayerD', wagered: 401 },
      { username: 'PlayerC', wagered: 300.75 },
      { username: 'PlayerB', wagered: 200.5 },
    ]);
    expect(typeof data.duration_ms).toBe('number');
    expect(fake.state.requests).toHaveLength(1);
    // Nothing written: no source, no standings.
    expect(await sourceOf(leaderboardId)).toBeNull();
    expect(await entriesOf(periodId)).toEqual([]);
    expect((await readLeaderboard(visitor, '?platform=tested')).top_three).toEqual([]);
  });

  it('Test connection reports a failure with its message after one attempt, and uses the saved key when none is typed', async () => {
    const { leaderboardId, periodId } = await board('tested-failing');
    const test = async (input: SourceInputDraft) => (await admin.post(`${ADMIN}/leaderboards/${leaderboardId}/source/test`, input)).json().data;

    expect(await test({ ...sources().rainbet, secret: 'wrong-key' })).toMatchObject({ ok: false, rows: 0, sample: [], message: 'The partner refused the key (HTTP 401): {"message":"Invalid API key"}' });
    fake.state.failure = 'http500';
    expect(await test(sources().rainbet)).toMatchObject({ ok: false, message: 'The partner failed (HTTP 500): {"message":"Internal Server Error"}' });
    // Test connection tries once, even for a failure worth retrying.
    expect(fake.state.requests).toHaveLength(2);
    fake.recover();

    const saved = await saveSource(admin, leaderboardId, { ...sources().rainbet, is_enabled: false });
    expect(await test({ ...sources().rainbet, secret: undefined })).toMatchObject({ ok: true, rows: 2 });
    expect(await test({ ...sources().rainbet, secret: '' })).toMatchObject({ ok: true, rows: 2 });
    expect(await sourceOf(leaderboardId)).toEqual(saved);
    expect(await entriesOf(periodId)).toEqual([]);
  });

  it('never returns a key: has_secret only; saving without a key keeps the saved one, a new key replaces it', async () => {
    const { leaderboardId, periodId } = await board('keyed');
    const key = FAKE_PARTNER_KEYS.shuffle;
    const put = await admin.put(`${ADMIN}/leaderboards/${leaderboardId}/source`, { ...sources().shuffle, interval_sec: 600 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ message: 'Source saved; it syncs within a minute.', data: { has_secret: true, interval_sec: 600 } });
    expect(put.body).not.toContain(key);

    // Saved again without a key (the form leaves it empty): the old key still syncs.
    const resaved = await saveSource(admin, leaderboardId, { kind: 'shuffle', base_url: fake.url, interval_sec: 900 });
    expect(resaved).toMatchObject({ has_secret: true, interval_sec: 900 });
    const synced = await syncNow(leaderboardId);
    expect(synced.json().message).toBe('Synced: 2 players.');
    expect(fake.state.requests.map((request) => request.path)).toEqual([`/stats/${key}`]);

    const moderator = await signedIn(t.app, 'SourceWatcher', 'moderator');
    for (const response of [synced, await admin.get(`${ADMIN}/leaderboards/platforms`), await moderator.get(`${ADMIN}/leaderboards/platforms`)]) {
      expect(response.statusCode).toBe(200);
      // No key of any source saved so far, nor a field for one.
      for (const saved of [...Object.values(FAKE_PARTNER_KEYS), fake.roobetToken]) expect(response.body).not.toContain(saved);
      expect(response.body).not.toContain('"secret"');
    }
    expect((await sourceOf(leaderboardId))?.has_secret).toBe(true);

    // A new key replaces the old one: Shuffle now refuses it, and the standings stay.
    expect((await saveSource(admin, leaderboardId, { kind: 'shuffle', base_url: fake.url, secret: 'another-key' })).has_secret).toBe(true);
    expect((await syncNow(leaderboardId)).json().message).toBe('Sync failed: The partner reported an error: INVALID_API_KEY');
    expect(fake.state.requests.at(-1)?.path).toBe('/stats/another-key');
    expect((await entriesOf(periodId)).map((entry) => entry.username)).toEqual(['HighRoller', 'SpinQueen']);
  });

  it('removing the source keeps the standings; Sync now then asks for a source', async () => {
    const { leaderboardId } = await board('removed');
    await saveSource(admin, leaderboardId, sources().rainbet);
    await syncNow(leaderboardId);
    const removed = await admin.delete(`${ADMIN}/leaderboards/${leaderboardId}/source`);
    expect(removed.json()).toEqual({ success: true, message: 'Source removed. The standings stay as they are.' });
    expect(await sourceOf(leaderboardId)).toBeNull();
    expect(names((await readLeaderboard(visitor, '?platform=removed')).top_three)).toEqual(['HighRoller', 'SpinQueen']);

    const again = await admin.delete(`${ADMIN}/leaderboards/${leaderboardId}/source`);
    expect([again.statusCode, again.json().message]).toEqual([404, 'This leaderboard has no source.']);
    const sync = await syncNow(leaderboardId);
    expect([sync.statusCode, sync.json().message]).toEqual([422, 'Enable the source first; the leaderboard also needs a running period.']);
  });

  it('refuses a bad kind, an interval under a minute or a bad address with the form’s message, and changes nothing', async () => {
    const { leaderboardId } = await board('validated');
    const saved = await saveSource(admin, leaderboardId, sources().rainbet);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...sources().rainbet, kind: 'stake' }, 'kind', 'Choose roobet, shuffle, rainbet, packdraw or generic.'],
      [{ ...sources().rainbet, interval_sec: 59 }, 'interval_sec', 'Sync at most once a minute (60 seconds).'],
      [{ ...sources().rainbet, base_url: 'ftp://partner.example' }, 'base_url', 'Enter a full address starting with https://'],
      [{ ...sources().generic, options: { ...(sources().generic.options as object), url: 'not an address' } }, 'options.url', 'Enter a full address starting with https://'],
    ];
    for (const [body, field, message] of refusals) {
      for (const path of ['source', 'source/test']) {
        const response = await admin.request(path === 'source' ? 'PUT' : 'POST', `${ADMIN}/leaderboards/${leaderboardId}/${path}`, { payload: body });
        expect(response.statusCode, `${path} ${field}`).toBe(422);
        expect(response.json().errors[field], `${path} ${field}`).toEqual([message]);
      }
    }
    expect(await sourceOf(leaderboardId)).toEqual(saved);
    expect(fake.state.requests).toEqual([]);
  });

  it('refuses a first partner source without its key, and saves nothing', async () => {
    const { leaderboardId } = await board('keyless');
    for (const kind of ['roobet', 'shuffle', 'rainbet', 'packdraw'] as const) {
      const { secret: _secret, ...keyless } = sources()[kind];
      for (const body of [keyless, { ...keyless, secret: '' }]) {
        const response = await admin.request('PUT', `${ADMIN}/leaderboards/${leaderboardId}/source`, { payload: body });
        expect(response.statusCode, kind).toBe(422);
        expect(response.json().errors, kind).toEqual({ secret: ["Enter the partner's API key."] });
      }
    }
    expect(await sourceOf(leaderboardId)).toBeNull();
  });

  it('lets moderators see sources but not change, test or sync them', async () => {
    const { leaderboardId } = await board('moderated');
    const saved = await saveSource(admin, leaderboardId, sources().rainbet);
    const moderator = await signedIn(t.app, 'SourceModerator', 'moderator');
    const base = `${ADMIN}/leaderboards/${leaderboardId}/source`;
    for (const response of [
      await moderator.put(base, { ...sources().rainbet, interval_sec: 3600 }),
      await moderator.post(`${base}/test`, sources().rainbet),
      await moderator.post(`${base}/sync`),
      await moderator.delete(base),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect(fake.state.requests).toEqual([]);
    expect(await sourceOf(leaderboardId)).toEqual(saved);
    const seen = (await moderator.get(`${ADMIN}/leaderboards/platforms`)).json<{ data: { leaderboards: { id: number; source: AdminSource }[] }[] }>().data;
    expect(seen.flatMap((platform) => platform.leaderboards).find((row) => row.id === leaderboardId)?.source).toEqual(saved);
  });
});
