import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSource } from '../../../common/contracts/leaderboards';
import type { SourceInputDraft } from '../../../common/contracts/wager-sources';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { FAKE_PARTNER_KEYS, startFakePartners, type FakePartners, type PartnerFailure } from '../../test/fake-partners';
import { ADMIN, createBoard, importWagers, platforms, readLeaderboard, saveSource } from './leaderboards.testkit';

const DAY = 86_400_000;
const MINUTE = 60_000;
const periodStart = new Date(Math.floor(Date.now() / DAY) * DAY - DAY).toISOString();

setFlagsFromString('--expose-gc');
/** A full garbage collection, as the engine runs one when memory is short. */
const collectGarbage: () => void = runInNewContext('gc');

/**
 * Failing partners (docs/decisions/014-leaderboards.md, "Sources"): the last good standings stay, staff see
 * the error, transient failures are retried and later syncs back off; staff entries outlive every sync.
 */
describe('wager sources: failures, retries and staff entries', () => {
  const clock = manualClock(new Date(Date.parse(periodStart) + DAY + DAY / 2).toISOString());
  let t: TestApp;
  let fake: FakePartners;
  let admin: TestClient;

  const before = [
    { username: 'HighRoller', wagered: 1234.56 },
    { username: 'SpinQueen', wagered: 987.65 },
  ];
  const sources = (): Record<'roobet' | 'shuffle' | 'rainbet' | 'packdraw', SourceInputDraft> => ({
    roobet: { kind: 'roobet', base_url: fake.url, secret: fake.roobetToken, timeout_sec: 1 },
    shuffle: { kind: 'shuffle', base_url: fake.url, secret: FAKE_PARTNER_KEYS.shuffle },
    rainbet: { kind: 'rainbet', base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet },
    packdraw: { kind: 'packdraw', base_url: fake.url, secret: FAKE_PARTNER_KEYS.packdraw },
  });

  /** A board whose source has synced `before` once. */
  async function syncedBoard(slug: string, source: SourceInputDraft) {
    const board = await createBoard(admin, { name: slug, slug, mask_names: false }, { starts_at: periodStart });
    await saveSource(admin, board.leaderboardId, source);
    expect((await syncNow(board.leaderboardId)).json().message).toBe('Synced: 2 players.');
    fake.state.requests.length = 0;
    return board;
  }
  const syncNow = (leaderboardId: number) => admin.post(`${ADMIN}/leaderboards/${leaderboardId}/source/sync`);
  const sourceOf = async (leaderboardId: number): Promise<AdminSource> =>
    (await platforms(admin)).flatMap((platform) => platform.leaderboards).find((row) => row.id === leaderboardId)!.source!;
  const standings = async (periodId: number) =>
    (await admin.get(`${ADMIN}/leaderboard-periods/${periodId}/entries`))
      .json<{ data: { id: number; username: string; wagered: number; source: string }[] }>()
      .data.map((entry) => [entry.username, entry.wagered, entry.source]);

  beforeAll(async () => {
    fake = await startFakePartners();
    t = await buildTestApp({ now: clock.now, syncRetryBaseMs: 1 });
    admin = await signedIn(t.app, 'FailureKeeper', 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.recover();
    fake.state.players = before;
    fake.state.requests.length = 0;
  });

  const cases: [string, keyof ReturnType<typeof sources>, PartnerFailure | 'wrong key', string, number][] = [
    ['HTTP 500', 'rainbet', 'http500', 'The partner failed (HTTP 500): {"message":"Internal Server Error"}', 3],
    ['a rate limit inside HTTP 200', 'shuffle', 'error200', 'The partner reported an error: TOO_MANY_REQUEST', 3],
    ['a body that is not JSON', 'packdraw', 'garbage', 'The partner answered with something other than JSON: {"leaderboard": [ {"user', 3],
    ['a Cloudflare page', 'rainbet', 'html', 'The partner answered with a web page instead of data (HTTP 403; a Cloudflare challenge?).', 3],
    ['no answer before the timeout', 'roobet', 'hang', 'No answer before the timeout.', 3],
    ['a refused key (HTTP 401)', 'packdraw', 'wrong key', 'The partner refused the key (HTTP 401): {"message":"Invalid API key"}', 1],
    ['an error string inside HTTP 200', 'roobet', 'string', 'The partner reported an error: Unauthorized', 1],
  ];
  it.each(cases)('%s keeps the last good standings and shows the error (%s, %s)', async (_, kind, failure, message, attempts) => {
    const slug = `failing-${kind}-${failure}`.replace(/\s/g, '-');
    const board = await syncedBoard(slug, sources()[kind]);
    const good = await sourceOf(board.leaderboardId);
    if (failure === 'wrong key') await saveSource(admin, board.leaderboardId, { ...sources()[kind], secret: 'wrong-key' });
    else fake.state.failure = failure;
    fake.state.players = [{ username: 'Newcomer', wagered: 99_999 }];
    clock.advance(MINUTE);

    const response = await syncNow(board.leaderboardId);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(`Sync failed: ${message}`);
    // Transient failures are tried three times; a refusal once.
    expect(fake.state.requests).toHaveLength(attempts);

    const shown = await sourceOf(board.leaderboardId);
    expect(shown).toEqual(response.json().data);
    expect(shown).toMatchObject({ last_error: message, last_error_at: clock.now().toISOString(), consecutive_failures: 1, last_success_at: good.last_success_at, last_row_count: 2 });
    expect(await standings(board.periodId)).toEqual([
      ['HighRoller', 1234.56, 'sync'],
      ['SpinQueen', 987.65, 'sync'],
    ]);
    expect((await readLeaderboard(admin, `?platform=${slug}`)).top_three.map((entry) => entry.displayName)).toEqual(['HighRoller', 'SpinQueen']);
  });

  it('a partner that hangs still times out when memory is collected while the sync waits', async () => {
    const board = await syncedBoard('hangs-through-collections', sources().roobet);
    fake.state.failure = 'hang';
    const collecting = setInterval(collectGarbage, 20);
    try {
      const response = await syncNow(board.leaderboardId);
      expect(response.json().message).toBe('Sync failed: No answer before the timeout.');
      expect(fake.state.requests).toHaveLength(3);
    } finally {
      clearInterval(collecting);
    }
  }, 10_000);

  it('a partner that recovers within the retries counts as a success', async () => {
    const board = await syncedBoard('recovers', sources().rainbet);
    fake.state.failure = 'http500';
    fake.state.failTimes = 2;
    fake.state.players = [{ username: 'Newcomer', wagered: 5 }];
    const response = await syncNow(board.leaderboardId);
    expect(response.json()).toMatchObject({ message: 'Synced: 1 players.', data: { last_error: null, consecutive_failures: 0, last_row_count: 1 } });
    expect(fake.state.requests).toHaveLength(3);
    expect(await standings(board.periodId)).toEqual([['Newcomer', 5, 'sync']]);
  });

  it('each failure in a row waits twice as long, up to an hour; a success clears the error', async () => {
    const board = await syncedBoard('backoff', { ...sources().rainbet, interval_sec: 600 });
    fake.state.failure = 'http500';
    const waits: number[] = [];
    for (let failures = 1; failures <= 5; failures++) {
      clock.advance(MINUTE);
      const { data } = (await syncNow(board.leaderboardId)).json<{ data: AdminSource }>();
      expect(data.consecutive_failures).toBe(failures);
      waits.push((Date.parse(data.next_sync_at) - clock.now().getTime()) / 1000);
    }
    expect(waits).toEqual([600, 1200, 2400, 3600, 3600]);

    fake.recover();
    fake.state.players = [{ username: 'HighRoller', wagered: 2000 }];
    clock.advance(MINUTE);
    const recovered = (await syncNow(board.leaderboardId)).json<{ message: string; data: AdminSource }>();
    expect(recovered.message).toBe('Synced: 1 players.');
    expect(recovered.data).toMatchObject({ last_error: null, consecutive_failures: 0, last_success_at: clock.now().toISOString(), last_row_count: 1 });
    expect(Date.parse(recovered.data.next_sync_at) - clock.now().getTime()).toBe(600_000);
    expect(await sourceOf(board.leaderboardId)).toEqual(recovered.data);
    expect(await standings(board.periodId)).toEqual([['HighRoller', 2000, 'sync']]);
  });

  it('a source with an interval over an hour backs off by its own interval at most', async () => {
    const board = await syncedBoard('slow-backoff', { ...sources().packdraw, interval_sec: 7200 });
    fake.state.failure = 'http500';
    const waits: number[] = [];
    for (let failures = 1; failures <= 2; failures++) {
      const { data } = (await syncNow(board.leaderboardId)).json<{ data: AdminSource }>();
      waits.push((Date.parse(data.next_sync_at) - clock.now().getTime()) / 1000);
    }
    expect(waits).toEqual([7200, 7200]);
  });

  it('an empty answer over synced players is refused as a glitch; the board is kept and the next sync backs off', async () => {
    const board = await syncedBoard('emptied', sources().shuffle);
    await admin.post(`${ADMIN}/leaderboard-periods/${board.periodId}/entries`, { username: 'StaffPick', wagered: 10 });
    fake.state.players = [];
    const response = await syncNow(board.leaderboardId);
    // The guard is the standings service's: the partner answered, so the fetch is not repeated.
    expect(response.json()).toMatchObject({
      message: 'Sync failed: The partner listed no players although the standings have 2; they are kept.',
      data: { consecutive_failures: 1, last_row_count: 2 },
    });
    expect(fake.state.requests).toHaveLength(1);
    expect(await standings(board.periodId)).toEqual([
      ['HighRoller', 1234.56, 'sync'],
      ['SpinQueen', 987.65, 'sync'],
      ['StaffPick', 10, 'manual'],
    ]);
  });

  it('a list of more players than a board takes is refused, by the sync and by Test connection; the board is kept', async () => {
    const board = await syncedBoard('overflowing', sources().shuffle);
    fake.state.players = Array.from({ length: 10_001 }, (_, index) => ({ username: `player${index}`, wagered: 1 + index }));
    const overflow = 'The partner listed 10,001 players, more than the 10,000 a board takes; the standings are kept.';
    const response = await syncNow(board.leaderboardId);
    expect(response.json()).toMatchObject({ message: `Sync failed: ${overflow}`, data: { consecutive_failures: 1, last_row_count: 2 } });
    const tested = await admin.post(`${ADMIN}/leaderboards/${board.leaderboardId}/source/test`, sources().shuffle);
    expect(tested.json().data).toMatchObject({ ok: false, message: overflow, rows: 0 });
    expect(await standings(board.periodId)).toEqual([
      ['HighRoller', 1234.56, 'sync'],
      ['SpinQueen', 987.65, 'sync'],
    ]);
  });

  it('an empty answer is fine when the board has only staff entries', async () => {
    const board = await createBoard(admin, { name: 'Staff only', slug: 'staff-only', mask_names: false }, { starts_at: periodStart });
    await importWagers(admin, board.periodId, [['Imported', 42]]);
    await saveSource(admin, board.leaderboardId, sources().rainbet);
    fake.state.players = [];
    expect((await syncNow(board.leaderboardId)).json()).toMatchObject({ message: 'Synced: 0 players.', data: { last_error: null, last_row_count: 0 } });
    expect(await standings(board.periodId)).toEqual([['Imported', 42, 'import']]);
  });

  it('staff entries and imports survive syncs; deleting one lets the partner’s figure back', async () => {
    const board = await createBoard(admin, { name: 'Mixed', slug: 'mixed', mask_names: false }, { starts_at: periodStart });
    await importWagers(admin, board.periodId, [
      ['highroller', 5000],
      ['ImportedOnly', 50],
    ]);
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${board.periodId}/entries`, { username: 'ManualPick', wagered: 77 })).statusCode).toBe(200);
    await saveSource(admin, board.leaderboardId, sources().rainbet);

    fake.state.players = [...before, { username: 'ImportedOnly', wagered: 999 }, { username: 'ManualPick', wagered: 1 }];
    expect((await syncNow(board.leaderboardId)).json().message).toBe('Synced: 4 players.');
    expect(await standings(board.periodId)).toEqual([
      ['highroller', 5000, 'import'],
      ['SpinQueen', 987.65, 'sync'],
      ['ManualPick', 77, 'manual'],
      ['ImportedOnly', 50, 'import'],
    ]);

    // Players the partner stops listing leave, unless staff entered them.
    fake.state.players = [{ username: 'HighRoller', wagered: 1300 }];
    expect((await syncNow(board.leaderboardId)).json().message).toBe('Synced: 1 players.');
    expect(await standings(board.periodId)).toEqual([
      ['highroller', 5000, 'import'],
      ['ManualPick', 77, 'manual'],
      ['ImportedOnly', 50, 'import'],
    ]);

    const entries = (await admin.get(`${ADMIN}/leaderboard-periods/${board.periodId}/entries`)).json<{ data: { id: number; username: string }[] }>().data;
    const staffHighRoller = entries.find((entry) => entry.username === 'highroller')!;
    expect((await admin.delete(`${ADMIN}/leaderboard-periods/${board.periodId}/entries/${staffHighRoller.id}`)).statusCode).toBe(200);
    await syncNow(board.leaderboardId);
    expect(await standings(board.periodId)).toEqual([
      ['HighRoller', 1300, 'sync'],
      ['ManualPick', 77, 'manual'],
      ['ImportedOnly', 50, 'import'],
    ]);
  });
});
