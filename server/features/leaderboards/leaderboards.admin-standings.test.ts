import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../../common/contracts/leaderboards';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { ADMIN, addLeaderboard, createBoard, importWagers } from './leaderboards.testkit';

/** A period's standings as staff see and edit them: paging, search, staff entries and removals. */
describe('leaderboards admin: standings', () => {
  const t = useTestApp();
  let admin: TestClient;
  let periodId: number;
  let otherPeriodId: number;
  const entriesUrl = (period = periodId) => `${ADMIN}/leaderboard-periods/${period}/entries`;
  const list = async (query = '', period = periodId) => {
    const response = await admin.get(`${entriesUrl(period)}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: AdminEntry[]; meta: { page: number; per_page: number; total: number } };
  };
  const entry = async (username: string, period = periodId) => (await list(`?search=${encodeURIComponent(username)}`, period)).data.find((row) => row.username.toLowerCase() === username.toLowerCase());
  const stored = () => t.database.db.selectFrom('wager_entries').selectAll().orderBy('id').execute();
  const daily = () => t.database.db.selectFrom('wager_daily').selectAll().orderBy('username_key').execute();

  beforeAll(async () => {
    admin = await signedIn(t.app, 'StandingsKeeper', 'admin');
    const board = await createBoard(admin, { name: 'Shuffle', slug: 'shuffle' });
    periodId = board.periodId;
    otherPeriodId = (await addLeaderboard(admin, board.platform.id, { leaderboard_type: 'sports_bet' })).periodId;
    // 120 players: player001 wagered $1.01 ... player120 $120.20; two share the top amount.
    const players = Array.from({ length: 120 }, (_, i): [string, number] => [`player${String(i + 1).padStart(3, '0')}`, Number(((i + 1) * 1.01).toFixed(2))]);
    await importWagers(admin, periodId, [...players, ['Zeta_Top', 500], ['alpha%top', 500]]);
    await importWagers(admin, otherPeriodId, [['Stranger', 7]]);
  });

  it('pages 50 at a time with the total, ranked by wager then name', async () => {
    const first = await list();
    expect(first.meta).toEqual({ page: 1, per_page: 50, total: 122 });
    expect(first.data).toHaveLength(50);
    expect(first.data.slice(0, 4).map((row) => [row.rank, row.username, row.wagered, row.source])).toEqual([
      [1, 'alpha%top', 500, 'import'],
      [2, 'Zeta_Top', 500, 'import'],
      [3, 'player120', 121.2, 'import'],
      [4, 'player119', 120.19, 'import'],
    ]);
    expect(first.data.map((row) => row.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const third = await list('?page=3');
    expect(third.meta).toEqual({ page: 3, per_page: 50, total: 122 });
    expect(third.data.map((row) => row.rank)).toEqual(Array.from({ length: 22 }, (_, i) => 101 + i));
    expect(third.data.at(-1)).toMatchObject({ rank: 122, username: 'player001', wagered: 1.01 });
    const past = await list('?page=4');
    expect(past).toMatchObject({ data: [], meta: { page: 4, total: 122 } });
    for (const page of ['0', '-1', 'abc', '1.5', '100001']) {
      const response = await admin.get(`${entriesUrl()}?page=${page}`);
      expect(response.statusCode, page).toBe(422);
      expect(response.json().errors).toHaveProperty('page');
    }
  });

  it('searches names case-insensitively and literally, keeping each player’s real rank', async () => {
    const found = await list('?search=PLAYER11');
    expect(found.meta.total).toBe(10);
    expect(found.data.map((row) => [row.username, row.rank])).toEqual([
      ['player119', 4],
      ['player118', 5],
      ['player117', 6],
      ['player116', 7],
      ['player115', 8],
      ['player114', 9],
      ['player113', 10],
      ['player112', 11],
      ['player111', 12],
      ['player110', 13],
    ]);
    expect((await list('?search=011')).data.map((row) => [row.username, row.rank])).toEqual([['player011', 112]]);
    // % and _ are the characters typed, not wildcards.
    expect((await list('?search=%25')).data.map((row) => row.username)).toEqual(['alpha%top']);
    expect((await list('?search=_')).data.map((row) => row.username)).toEqual(['Zeta_Top']);
    expect((await list('?search=nobody')).data).toEqual([]);
    expect((await list('?search=%20%20')).meta.total).toBe(122);
    const long = await admin.get(`${entriesUrl()}?search=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.search).toEqual(['Search for at most 64 characters.']);
  });

  it('adds and overwrites a player by hand, marked manual, whatever the case of the name', async () => {
    const added = await admin.post(entriesUrl(), { username: '  NewFace ', wagered: 1234.5 });
    expect(added.json()).toEqual({ success: true, message: 'NewFace saved. Syncs will not overwrite a staff entry.' });
    expect(await entry('NewFace')).toMatchObject({ rank: 1, username: 'NewFace', wagered: 1234.5, source: 'manual' });
    const imported = (await entry('player050'))!;
    expect((await admin.post(entriesUrl(), { username: 'PLAYER050', wagered: 9999.99 })).statusCode).toBe(200);
    const overwritten = (await entry('player050'))!;
    expect(imported).toMatchObject({ wagered: 50.5, source: 'import' });
    expect(overwritten).toMatchObject({ id: imported.id, rank: 1, username: 'PLAYER050', wagered: 9999.99, source: 'manual' });
    expect((await list()).meta.total).toBe(123);
    // A staff entry of 0 keeps the row (it hides a player a partner reports).
    expect((await admin.post(entriesUrl(), { username: 'NewFace', wagered: 0 })).statusCode).toBe(200);
    expect(await entry('NewFace')).toMatchObject({ wagered: 0, rank: 123 });
    const dailyOf = (await daily()).filter((row) => row.username_key === 'player050');
    expect(dailyOf.reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(999_999);
  });

  it('refuses a bad name or wagered amount with its message and changes nothing', async () => {
    const [beforeEntries, beforeDaily] = [await stored(), await daily()];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'Ann', wagered: -1 }, 'wagered', 'The wagered amount cannot be negative.'],
      [{ username: 'Ann', wagered: 1.234 }, 'wagered', 'The wagered amount can have at most two decimals.'],
      [{ username: 'Ann', wagered: '12' }, 'wagered', 'Enter the wagered amount as a number.'],
      [{ username: 'Ann' }, 'wagered', 'Enter the wagered amount as a number.'],
      [{ username: 'Ann', wagered: 1_000_000_000.01 }, 'wagered', 'The wagered amount can be at most 1,000,000,000.'],
      [{ username: 'Ann', wagered: 1e12 }, 'wagered', 'The wagered amount can be at most 1,000,000,000.'],
      [{ username: '   ', wagered: 1 }, 'username', 'Enter the player’s casino username.'],
      [{ wagered: 1 }, 'username', 'Enter the player’s casino username.'],
      [{ username: 'x'.repeat(65), wagered: 1 }, 'username', 'A casino username has at most 64 characters.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post(entriesUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    const unknown = await admin.post(entriesUrl(2_000_000_000), { username: 'Ann', wagered: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Leaderboard period not found.');
    expect((await admin.get(entriesUrl(2_000_000_000))).json().message).toBe('Leaderboard period not found.');
    expect(await stored()).toEqual(beforeEntries);
    expect(await daily()).toEqual(beforeDaily);
  });

  it('removes a player from the period; an entry of another period is 404 and stays', async () => {
    const target = (await entry('player001'))!;
    const removed = await admin.delete(`${entriesUrl()}/${target.id}`);
    expect(removed.json()).toEqual({ success: true, message: 'Player removed from this period.' });
    expect(await entry('player001')).toBeUndefined();
    expect((await daily()).filter((row) => row.username_key === 'player001').reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(0);
    const again = await admin.delete(`${entriesUrl()}/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('That player is not in this period.');

    const stranger = (await entry('Stranger', otherPeriodId))!;
    const before = await stored();
    const crossed = await admin.delete(`${entriesUrl()}/${stranger.id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('That player is not in this period.');
    expect(await stored()).toEqual(before);
    expect(await entry('Stranger', otherPeriodId)).toMatchObject({ id: stranger.id, wagered: 7 });
    const noPeriod = await admin.delete(`${entriesUrl(2_000_000_000)}/${stranger.id}`);
    expect(noPeriod.statusCode).toBe(404);
    expect(noPeriod.json().message).toBe('Leaderboard period not found.');
  });
});
