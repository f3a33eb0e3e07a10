import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../../common/contracts/leaderboards';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { ADMIN, createBoard } from './leaderboards.testkit';

/** POST /leaderboard-periods/:id/import: the CSV files staff export from a partner's dashboard, all or nothing. */
describe('leaderboards admin: CSV import', () => {
  const t = useTestApp();
  let admin: TestClient;
  let platformId: number;
  let leaderboardId: number;
  let periodId: number;
  const importCsv = (csv: unknown, period = periodId) => admin.post(`${ADMIN}/leaderboard-periods/${period}/import`, { csv });
  /** The period's players as [name, wagered, source], best first. */
  const standings = async () =>
    ((await admin.get(`${ADMIN}/leaderboard-periods/${periodId}/entries`)).json().data as AdminEntry[]).map((row) => [row.username, row.wagered, row.source]);
  const state = async () => ({
    entries: await t.database.db.selectFrom('wager_entries').selectAll().orderBy('id').execute(),
    daily: await t.database.db.selectFrom('wager_daily').selectAll().orderBy('username_key').execute(),
  });
  /** A refused file: 422, the first problem as the message, every problem listed, and nothing imported. */
  const refused = async (csv: unknown, message: string, listed: string[] = [message], field = 'csv') => {
    const before = await state();
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ success: false, message, errors: { [field]: listed } });
    expect(await state()).toEqual(before);
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'ImportKeeper', 'admin');
    const board = await createBoard(admin, { name: 'Rainbet', slug: 'rainbet' });
    ({ leaderboardId, periodId } = board);
    platformId = board.platform.id;
  });

  // Each case starts from an empty running period.
  beforeEach(async () => {
    expect((await admin.post(`${ADMIN}/leaderboards/${leaderboardId}/end-period`)).statusCode).toBe(200);
    periodId = (await admin.get(`${ADMIN}/leaderboards/${leaderboardId}/periods`)).json().data[0].id;
  });

  it('imports a good file: every player, marked import, added to the daily wagers', async () => {
    const response = await importCsv('username,wagered\nAlice,100\nBob,"1,234.50"\nCarol,$99.9\n');
    expect(response.json()).toEqual({ success: true, message: 'Imported 3 players.', data: { imported: 3 } });
    expect(await standings()).toEqual([
      ['Bob', 1234.5, 'import'],
      ['Alice', 100, 'import'],
      ['Carol', 99.9, 'import'],
    ]);
    const daily = (await state()).daily.filter((row) => row.platform_id === platformId && ['alice', 'bob', 'carol'].includes(row.username_key));
    expect(daily.reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(10_000 + 123_450 + 9_990);
    // Importing again sets the figures; it does not add them up.
    expect((await importCsv('Alice,150')).json().message).toBe('Imported 1 player.');
    expect(await standings()).toEqual([
      ['Bob', 1234.5, 'import'],
      ['Alice', 150, 'import'],
      ['Carol', 99.9, 'import'],
    ]);
  });

  it('imports nothing from a file with a bad line, and says which lines are wrong', async () => {
    await refused('username,wagered\nAlice,100\nBob,lots\nCarol,50\n,20\nDan,1.234', 'Line 3: “lots” is not an amount such as 1234.50.', [
      'Line 3: “lots” is not an amount such as 1234.50.',
      'Line 5: No username.',
      'Line 6: “1.234” is not an amount such as 1234.50.',
    ]);
    await refused(`Alice,100\nBob,-5`, 'Line 2: “-5” is not an amount such as 1234.50.');
    // A decimal comma is no thousands separator: 1234,50 was read as 123,450.
    await refused('username;wagered\nAlice;100\nBob;1234,50', 'Line 3: “1234,50” is not an amount such as 1234.50.');
    await refused('Alice,100\nBob,"1,5"', 'Line 2: “1,5” is not an amount such as 1234.50.');
    await refused(`Alice,100\n${'x'.repeat(65)},5`, 'Line 2: A casino username has at most 64 characters.');
    await refused('Alice,100\nBob', 'Line 2: “” is not an amount such as 1234.50.');
    // At most 50 problems are listed, the first one leads.
    const bad = ['username,wagered', ...Array.from({ length: 80 }, (_, i) => `p${i},x`)].join('\n');
    const response = await importCsv(bad);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Line 2: “x” is not an amount such as 1234.50.');
    expect(response.json().errors.csv).toHaveLength(50);
    expect(await standings()).toEqual([]);
  });

  it('reads the header variants partners export', async () => {
    const files: [string, [string, number][], number?][] = [
      ['Player;Amount\r\nAlice;12.5\r\nBob;7\r\n', [['Alice', 12.5], ['Bob', 7]]],
      ['\uFEFFUser,Wager\nAlice,3', [['Alice', 3]]],
      ['rank,name,wagered_amount\n1,Alice,30\n2,Bob,20', [['Alice', 30], ['Bob', 20]]],
      ['wagered,username\n8,Alice\n9,Bob', [['Bob', 9], ['Alice', 8]]],
      ['WagerAmount,Username,Country\n"1,000",Alice,SE', [['Alice', 1000]]],
      // No header: the first two columns; blank lines skipped; quotes and doubled quotes inside names.
      ['Alice,5\n\n"Smith, ""J""",4\n  \n', [['Alice', 5], ['Smith, "J"', 4]]],
      // A player listed twice in two cases counts once, with the larger wager (the answer counts the 3 lines read).
      ['username,wagered\nAlice,5\nALICE,9\nalice,2', [['Alice', 9]], 3],
      ['username,wagered\nZero,0\n€Euro,€ 1 000', [['€Euro', 1000], ['Zero', 0]]],
    ];
    for (const [csv, expected, lines = expected.length] of files) {
      await admin.post(`${ADMIN}/leaderboards/${leaderboardId}/end-period`);
      periodId = (await admin.get(`${ADMIN}/leaderboards/${leaderboardId}/periods`)).json().data[0].id;
      const response = await importCsv(csv);
      expect(response.statusCode, `${JSON.stringify(csv)} ${response.body}`).toBe(200);
      expect(response.json().data.imported, JSON.stringify(csv)).toBe(lines);
      expect((await standings()).map(([name, wagered]) => [name, wagered]), JSON.stringify(csv)).toEqual(expected);
    }
  });

  it('overrides staff entries with the file’s figures', async () => {
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${periodId}/entries`, { username: 'Alice', wagered: 1 })).statusCode).toBe(200);
    expect((await importCsv('alice,40')).statusCode).toBe(200);
    expect(await standings()).toEqual([['alice', 40, 'import']]);
  });

  it('enforces its limits: no players, an empty or missing text, 1,000,000 characters, 10,000 players', async () => {
    await refused('username,wagered\n', 'The file has no players.');
    await refused('username,wagered\n\n  \n', 'The file has no players.');
    await refused('', 'Paste the CSV text.');
    await refused(undefined, 'Paste the CSV text.');
    await refused(['Alice,1'], 'Paste the CSV text.');
    await refused(`Alice,1\n${' '.repeat(1_000_000)}`, 'At most 1,000,000 characters at once.');
    await refused(Array.from({ length: 10_001 }, (_, i) => `p${i},1`).join('\n'), 'At most 10,000 players at once.');
    const most = await importCsv(Array.from({ length: 10_000 }, (_, i) => `p${i},${i}`).join('\n'));
    expect(most.json()).toMatchObject({ success: true, data: { imported: 10_000 } });
    expect((await admin.get(`${ADMIN}/leaderboard-periods/${periodId}/entries`)).json().meta.total).toBe(10_000);
  }, 30_000);

  it('refuses an unknown period (404) and hostile ids (422)', async () => {
    const before = await state();
    const unknown = await importCsv('Alice,1', 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Leaderboard period not found.');
    for (const id of ['abc', '0', '-3', '2.5', '99999999999']) {
      const response = await admin.post(`${ADMIN}/leaderboard-periods/${id}/import`, { csv: 'Alice,1' });
      expect(response.statusCode, id).toBe(422);
    }
    expect(await state()).toEqual(before);
  });
});
