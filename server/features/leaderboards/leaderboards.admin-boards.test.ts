import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_PERIOD_MAX_DAYS } from '../../../common/leaderboards';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { ADMIN, addLeaderboard, createBoard, importWagers, platforms, setPrizes } from './leaderboards.testkit';

const START = '2026-12-01T10:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const after = (days: number) => new Date(Date.parse(START) + days * DAY).toISOString();

/** Leaderboards of a platform in the admin API: one per type, period lengths, update and delete. */
describe('leaderboards admin: leaderboards', () => {
  const t = useTestApp();
  let admin: TestClient;
  let platformId: number;
  const db = () => t.database.db;
  const create = (body: Record<string, unknown>, platform = platformId) => admin.post(`${ADMIN}/leaderboards/platforms/${platform}/leaderboards`, body);
  const boards = async (platform = platformId) => (await platforms(admin)).find((row) => row.id === platform)!.leaderboards;
  const counts = async () => ({
    leaderboards: (await db().selectFrom('leaderboards').select('id').execute()).length,
    periods: (await db().selectFrom('leaderboard_periods').select('id').execute()).length,
  });

  beforeAll(async () => {
    admin = await signedIn(t.app, 'BoardsKeeper', 'admin');
    expect((await admin.post(`${ADMIN}/leaderboards/platforms`, { name: 'Rainbet', slug: 'rainbet' })).statusCode).toBe(200);
    platformId = (await platforms(admin))[0].id;
  });

  it('creates one leaderboard of each type, each with its first period running from the given start', async () => {
    const normal = await create({ leaderboard_type: 'normal', period_length: 'weekly', starts_at: START });
    expect(normal.json()).toEqual({ success: true, message: 'Leaderboard created; its first period has started.' });
    expect((await create({ leaderboard_type: 'sports_bet', period_length: 'biweekly', starts_at: START })).statusCode).toBe(200);
    expect((await create({ leaderboard_type: 'live_games', period_length: 'custom', custom_days: 10, starts_at: '2026-12-01T11:00:00+01:00' })).statusCode).toBe(200);
    const listed = await boards();
    expect(listed.map((row) => [row.leaderboard_type, row.period_length, row.custom_days, row.is_active])).toEqual([
      ['normal', 'weekly', null, true],
      ['sports_bet', 'biweekly', null, true],
      ['live_games', 'custom', 10, true],
    ]);
    expect(listed.map((row) => [row.current_period!.starts_at, row.current_period!.ends_at, row.current_period!.status])).toEqual([
      [START, after(7), 'current'],
      [START, after(14), 'current'],
      [START, after(10), 'current'],
    ]);
    expect(listed.every((row) => row.last_period === null && row.source === null && row.platform_id === platformId)).toBe(true);
    const periods = await admin.get(`${ADMIN}/leaderboards/${listed[0].id}/periods`);
    expect(periods.json().data).toEqual([{ id: listed[0].current_period!.id, starts_at: START, ends_at: after(7), status: 'current', finished_at: null, prizes_paid_at: null, prizes_paid_by: null, prizes: [], prize_total: 0, entries_count: 0 }]);
  });

  it('starts a leaderboard now when no start is given; a monthly one ends on the same day next month', async () => {
    const other = await createBoard(admin, { name: 'Monthly', slug: 'monthly' }, { period_length: 'monthly', starts_at: '2027-01-31T00:00:00Z' });
    expect(other.platform.leaderboards[0].current_period).toMatchObject({ starts_at: '2027-01-31T00:00:00.000Z', ends_at: '2027-02-28T00:00:00.000Z' });
    const before = Date.now();
    const now = await addLeaderboard(admin, other.platform.id, { leaderboard_type: 'sports_bet' });
    const period = (await boards(other.platform.id)).find((row) => row.id === now.leaderboardId)!.current_period!;
    expect(Date.parse(period.starts_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(period.starts_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(period.ends_at) - Date.parse(period.starts_at)).toBe(7 * DAY);
    // A weekly board ignores a custom length sent along with it.
    await addLeaderboard(admin, other.platform.id, { leaderboard_type: 'live_games', custom_days: 3 });
    expect((await boards(other.platform.id)).find((row) => row.leaderboard_type === 'live_games')!.custom_days).toBeNull();
  });

  it('refuses a second leaderboard of a type the platform has, and bad settings, with clear messages and no rows', async () => {
    const before = await counts();
    const taken = await create({ leaderboard_type: 'normal', period_length: 'monthly' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ success: false, message: 'This platform already has a leaderboard of that type.', errors: { leaderboard_type: ['This platform already has a leaderboard of that type.'] } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ leaderboard_type: 'normal', period_length: 'custom' }, 'custom_days', 'Enter how many days a custom period lasts.'],
      [{ leaderboard_type: 'normal', period_length: 'custom', custom_days: null }, 'custom_days', 'Enter how many days a custom period lasts.'],
      [{ leaderboard_type: 'normal', period_length: 'custom', custom_days: 0 }, 'custom_days', 'At least 1 day.'],
      [{ leaderboard_type: 'normal', period_length: 'custom', custom_days: CUSTOM_PERIOD_MAX_DAYS + 1 }, 'custom_days', `At most ${CUSTOM_PERIOD_MAX_DAYS} days.`],
      [{ leaderboard_type: 'normal', period_length: 'custom', custom_days: 2.5 }, 'custom_days', 'Enter a whole number of days.'],
      [{ leaderboard_type: 'normal', period_length: 'daily' }, 'period_length', 'Choose weekly, bi-weekly, monthly or custom.'],
      [{ leaderboard_type: 'normal' }, 'period_length', 'Choose weekly, bi-weekly, monthly or custom.'],
      [{ leaderboard_type: 'poker', period_length: 'weekly' }, 'leaderboard_type', 'Choose normal, sports betting or live games.'],
      [{ period_length: 'weekly' }, 'leaderboard_type', 'Choose normal, sports betting or live games.'],
      [{ leaderboard_type: 'normal', period_length: 'weekly', starts_at: 'tomorrow' }, 'starts_at', 'Enter the start as a date and time.'],
      [{ leaderboard_type: 'normal', period_length: 'weekly', starts_at: '2026-02-30T00:00:00Z' }, 'starts_at', 'Enter the start as a date and time.'],
      // From 9999 a monthly period would end in year 10000, past what ISO dates of four digits compare right.
      [{ leaderboard_type: 'normal', period_length: 'monthly', starts_at: '9999-12-01T00:00:00Z' }, 'starts_at', 'The start must be before the year 3000.'],
      [{ leaderboard_type: 'normal', period_length: 'weekly', is_active: 'no' }, 'is_active', 'Choose yes or no.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toContain(message);
    }
    const noPlatform = await create({ leaderboard_type: 'normal', period_length: 'weekly' }, 987654);
    expect(noPlatform.statusCode).toBe(404);
    expect(noPlatform.json().message).toBe('Platform not found.');
    expect(await counts()).toEqual(before);
  });

  it('updates the length and the switch; the running period keeps its dates', async () => {
    const [normal] = await boards();
    const saved = await admin.put(`${ADMIN}/leaderboards/${normal.id}`, { period_length: 'custom', custom_days: 3, is_active: false });
    expect(saved.json()).toEqual({ success: true, message: 'Leaderboard saved. A new period length applies from the next period.' });
    const updated = (await boards()).find((row) => row.id === normal.id)!;
    expect(updated).toMatchObject({ period_length: 'custom', custom_days: 3, is_active: false });
    expect(updated.current_period).toEqual(normal.current_period);
    // Back to weekly: the custom length is forgotten; is_active defaults to on.
    expect((await admin.put(`${ADMIN}/leaderboards/${normal.id}`, { period_length: 'weekly', custom_days: 3 })).statusCode).toBe(200);
    expect((await boards()).find((row) => row.id === normal.id)).toMatchObject({ period_length: 'weekly', custom_days: null, is_active: true });

    const before = await boards();
    const noDays = await admin.put(`${ADMIN}/leaderboards/${normal.id}`, { period_length: 'custom' });
    expect(noDays.statusCode).toBe(422);
    expect(noDays.json().errors.custom_days).toEqual(['Enter how many days a custom period lasts.']);
    expect((await admin.put(`${ADMIN}/leaderboards/${normal.id}`, { period_length: 'yearly' })).json().errors.period_length).toEqual(['Choose weekly, bi-weekly, monthly or custom.']);
    const unknown = await admin.put(`${ADMIN}/leaderboards/987654`, { period_length: 'weekly' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Leaderboard not found.');
    expect(await boards()).toEqual(before);
  });

  it('deletes a leaderboard with its periods and standings, taking its wagers out of the daily totals; the others stay', async () => {
    const [normal, sports] = await boards();
    await importWagers(admin, normal.current_period!.id, [['Alice', 100]]);
    await importWagers(admin, sports.current_period!.id, [['Alice', 40], ['Bob', 5]]);
    const daily = async () =>
      Object.fromEntries(
        (await db().selectFrom('wager_daily').select(['username_key', 'amount_cents']).where('platform_id', '=', platformId).execute()).map((row) => [row.username_key, Number(row.amount_cents)]),
      );
    const total = async () => Object.values(await daily()).reduce((sum, cents) => sum + cents, 0);
    expect(await total()).toBe(14_500);
    const deleted = await admin.delete(`${ADMIN}/leaderboards/${sports.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Leaderboard deleted.' });
    expect(await total()).toBe(10_000);
    expect((await daily()).alice).toBe(10_000);
    expect(await db().selectFrom('leaderboard_periods').select('id').where('leaderboard_id', '=', sports.id).execute()).toEqual([]);
    expect(await db().selectFrom('wager_entries').select('id').where('period_id', '=', sports.current_period!.id).execute()).toEqual([]);
    expect((await boards()).map((row) => row.leaderboard_type)).toEqual(['normal', 'live_games']);
    expect((await admin.get(`${ADMIN}/leaderboard-periods/${normal.current_period!.id}/entries`)).json().meta.total).toBe(1);
    const again = await admin.delete(`${ADMIN}/leaderboards/${sports.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Leaderboard not found.');
    // The type is free again.
    expect((await create({ leaderboard_type: 'sports_bet', period_length: 'weekly' })).statusCode).toBe(200);
  });

  it('refuses to delete a leaderboard whose prizes were paid (409) and keeps everything', async () => {
    const paid = await createBoard(admin, { name: 'Paid Board', slug: 'paid-board' });
    await importWagers(admin, paid.periodId, [['Winner', 300]]);
    await setPrizes(admin, paid.leaderboardId, [20]);
    expect((await admin.post(`${ADMIN}/leaderboards/${paid.leaderboardId}/end-period`)).statusCode).toBe(200);
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${paid.periodId}/pay-prizes`)).statusCode).toBe(200);
    const before = await counts();
    const refused = await admin.delete(`${ADMIN}/leaderboards/${paid.leaderboardId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This leaderboard has paid prizes, so it cannot be deleted. Switch it off instead.');
    expect(await counts()).toEqual(before);
    expect((await admin.get(`${ADMIN}/leaderboard-periods/${paid.periodId}/entries`)).json().data).toMatchObject([{ username: 'Winner', wagered: 300 }]);
  });
});
