import { beforeAll, describe, expect, it } from 'vitest';
import { adminHuntListSchema } from '../../../common/contracts/bonus-hunts-admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type TestClient } from '../../test/client';
import { addGames, announcedDuring, enterWins, HUNTS, huntOf, huntSnapshot, predict, startHunt } from './hunts-admin.testkit';

/** Staff start, edit, list and delete hunts (docs/decisions/016-bonus-hunts.md). */
describe('bonus hunts in the admin API', () => {
  const t = useTestApp();
  let admin: TestClient;

  const finishRunning = async () => {
    const running = adminHuntListSchema.parse((await admin.get(HUNTS)).json()).data.find((hunt) => hunt.status === 'active');
    if (!running) return;
    const hunt = huntOf(await admin.get(`${HUNTS}/${running.id}`));
    if (hunt.games.length === 0) await addGames(admin, hunt.id, [{ slot_name: 'Filler', slot_bet: 1 }]);
    const filled = huntOf(await admin.get(`${HUNTS}/${running.id}`));
    await enterWins(admin, filled, filled.games.map((game) => (game.opened ? null : 0)));
    huntOf(await admin.post(`${HUNTS}/${running.id}/finish`));
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'HuntAdmin', 'admin');
  });

  it('starts a hunt with its defaults, shows it, and tells viewers', async () => {
    let response;
    const heard = await announcedDuring(t, async () => {
      response = await admin.post(HUNTS, { start_balance: 2500.5, title: '  Friday hunt  ' });
    });
    const hunt = huntOf(response!);
    expect(response!.json().message).toBe('Hunt started.');
    expect(heard).toEqual([hunt.id]);
    expect(hunt).toEqual({
      id: hunt.id,
      title: 'Friday hunt',
      status: 'active',
      start_balance: 2500.5,
      end_balance: null,
      predictions_active: false,
      games_count: 0,
      opened_count: 0,
      predictions_count: 0,
      created_at: expect.any(String),
      finished_at: null,
      games: [],
      statistics: {
        starting_balance: 2500.5, winnings: 0, average_multiplier: 0, break_even_multiplier: 0, highest_multiplier: 0, highest_multiplier_game: null,
        biggest_win: 0, biggest_win_game: null, completed_games: 0, total_games: 0,
      },
      rewards: { end_balance: 0, highest_multiplier: 0, highest_multiplier_game: 0 },
      rewards_paid: [],
    });
    expect(huntOf(await admin.get(`${HUNTS}/${hunt.id}`))).toEqual(hunt);
  });

  it('refuses a second running hunt, even when two staff start one at the same moment', async () => {
    const refused = await admin.post(HUNTS, { start_balance: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Finish the running hunt before starting a new one.' });

    await finishRunning();
    const other = await signedIn(t.app, 'HuntAdminTwo', 'admin');
    const results = await Promise.all([admin.post(HUNTS, { start_balance: 300 }), other.post(HUNTS, { start_balance: 400 }), admin.post(HUNTS, { start_balance: 500 })]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409]);
    const running = await t.database.db.selectFrom('bonus_hunts').select('id').where('is_active', '=', 1).execute();
    expect(running).toHaveLength(1);
  });

  it('names what is wrong with each field and saves nothing', async () => {
    await finishRunning();
    const before = await huntSnapshot(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'start_balance', 'Enter the start balance as a number.'],
      [{ start_balance: 'lots' }, 'start_balance', 'Enter the start balance as a number.'],
      [{ start_balance: 0 }, 'start_balance', 'The start balance must be more than $0.'],
      [{ start_balance: 1e-9 }, 'start_balance', 'The start balance must be more than $0.'],
      [{ start_balance: -5 }, 'start_balance', 'The start balance cannot be negative.'],
      [{ start_balance: 10.555 }, 'start_balance', 'The start balance can have at most two decimals.'],
      [{ start_balance: 10, title: 'x'.repeat(81) }, 'title', 'At most 80 characters.'],
      [{ start_balance: 10, reward_end_balance: -1 }, 'reward_end_balance', 'The reward cannot be negative.'],
      [{ start_balance: 10, reward_multiplier: 1.5 }, 'reward_multiplier', 'The highest multiplier reward is a whole number of points.'],
      [{ start_balance: 10, reward_game: 2_000_000 }, 'reward_game', 'At most 1,000,000 points.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post(HUNTS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field][0], JSON.stringify(body)).toBe(message);
    }
    expect(await huntSnapshot(t)).toEqual(before);
  });

  it('edits a running hunt, but nothing once it is finished', async () => {
    const hunt = await startHunt(admin, { start_balance: 800 });
    const edited = await admin.put(`${HUNTS}/${hunt.id}`, { title: 'Renamed', start_balance: 900, reward_end_balance: 500, reward_multiplier: 250, reward_game: 100 });
    expect(edited.json().message).toBe('Hunt saved.');
    expect(huntOf(edited)).toMatchObject({ title: 'Renamed', start_balance: 900, rewards: { end_balance: 500, highest_multiplier: 250, highest_multiplier_game: 100 } });

    await finishRunning();
    const before = await huntSnapshot(t);
    const late = await admin.put(`${HUNTS}/${hunt.id}`, { title: 'Too late', start_balance: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: 'This hunt is finished, so it can no longer be changed.' });
    const missing = await admin.put(`${HUNTS}/${hunt.id + 1000}`, { start_balance: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Hunt not found.' });
    expect((await admin.get(`${HUNTS}/${hunt.id + 1000}`)).statusCode).toBe(404);
    expect(await huntSnapshot(t)).toEqual(before);
  });

  it('deletes only a hunt nobody predicted on', async () => {
    const hunt = await startHunt(admin);
    await addGames(admin, hunt.id, [{ slot_name: 'Sugar Rush', slot_bet: 2 }]);
    huntOf(await admin.post(`${HUNTS}/${hunt.id}/predictions/open`));
    const member = await signedInMember(t.app, 'EarlyBird');
    expect((await predict(member.client, hunt.id, { end_balance: 900, highest_multiplier: 120, highest_multiplier_game: 'Sugar Rush' })).statusCode).toBe(200);
    const refused = await admin.delete(`${HUNTS}/${hunt.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Members made 1 prediction on this hunt, so it cannot be deleted.' });
    expect(huntOf(await admin.get(`${HUNTS}/${hunt.id}`)).predictions_count).toBe(1);

    await finishRunning();
    const empty = await startHunt(admin);
    await addGames(admin, empty.id, [{ slot_name: 'Sugar Rush', slot_bet: 2 }]);
    const heard = await announcedDuring(t, async () => expect((await admin.delete(`${HUNTS}/${empty.id}`)).json()).toEqual({ success: true, message: 'Hunt deleted.' }));
    expect(heard).toEqual([empty.id]);
    expect(await t.database.db.selectFrom('bonus_hunt_games').select('id').where('hunt_id', '=', empty.id).execute()).toEqual([]);
    expect((await admin.delete(`${HUNTS}/${empty.id}`)).statusCode).toBe(404);
  });

  it('lists hunts newest first, a page at a time', async () => {
    const listed = adminHuntListSchema.parse((await admin.get(HUNTS)).json());
    const ids = (await t.database.db.selectFrom('bonus_hunts').select('id').orderBy('id', 'desc').execute()).map((row) => row.id);
    expect(listed.data.map((hunt) => hunt.id)).toEqual(ids);
    expect(listed).toMatchObject({ page: 1, pages: 1, total: ids.length });
    const finished = listed.data.find((hunt) => hunt.predictions_count === 1)!;
    expect(finished).toMatchObject({ status: 'finished', games_count: 1, opened_count: 1, predictions_active: false, end_balance: 0, finished_at: expect.any(String) });

    await finishRunning();
    for (let index = ids.length; index < 21; index++) {
      await startHunt(admin, { start_balance: 10 + index });
      await finishRunning();
    }
    const second = adminHuntListSchema.parse((await admin.get(`${HUNTS}?page=2`)).json());
    expect(second).toMatchObject({ page: 2, pages: 2, total: 21 });
    expect(second.data.map((hunt) => hunt.id)).toEqual([ids[ids.length - 1]]);
    const bad = await admin.get(`${HUNTS}?page=0`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('page');
  });
});
