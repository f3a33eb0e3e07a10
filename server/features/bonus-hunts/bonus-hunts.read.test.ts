import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentHuntResponseSchema,
  huntHistoryResponseSchema,
  huntStatsResponseSchema,
  predictionsResponseSchema,
  slotResultsResponseSchema,
} from '../../../common/contracts/bonus-hunts';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { addPrediction, createHunt } from './bonus-hunts.testkit';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** What everyone reads about bonus hunts (spec 1 §3, §7): the current hunt, predictions, history, records, slot results. */
describe('bonus hunts as members read them', () => {
  const t = useTestApp();
  let visitor: TestClient;
  const read = async (url: string) => {
    const response = await visitor.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const current = async () => currentHuntResponseSchema.parse(await read('/api/r/bonus-hunts/current')).data;

  let members: SignedInMember[];
  let olderId: number;
  let lastFinishedId: number;

  beforeAll(async () => {
    visitor = new TestClient(t.app);
    members = [];
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) members.push(await signedInMember(t.app, name));
  });

  it('answers null before there has ever been a hunt', async () => {
    expect(await current()).toBeNull();
    expect(huntHistoryResponseSchema.parse(await read('/api/r/bonus-hunts/history')).data).toEqual([]);
    expect(huntStatsResponseSchema.parse(await read('/api/r/bonus-hunts/stats')).data).toEqual({
      total_hunts: 0,
      total_slots_played: 0,
      total_profit_loss: 0,
      biggest_win: 0,
      biggest_win_game: null,
      highest_multiplier_game: null,
    });
  });

  it('shows the last finished hunt with its final closest predictions while none runs', async () => {
    olderId = (
      await createHunt(t, {
        start_balance: 500,
        created_at: daysAgo(9),
        finished_at: daysAgo(8),
        games: [
          { slot: 'Book of Dead', bet: 1, win: 900 },
          { slot: 'Sugar Rush', bet: 5, win: 20 },
        ],
      })
    ).id;
    const finished = await createHunt(t, {
      start_balance: 1000,
      title: 'Sunday hunt',
      created_at: daysAgo(2),
      finished_at: daysAgo(1),
      rewards: { end_balance: 500, highest_multiplier: 300, highest_multiplier_game: 100 },
      games: [
        { slot: 'Gates of Olympus', bet: 2, win: 400, assigned_user_id: members[0].id },
        { slot: 'Sweet Bonanza', bet: 4, win: 200 },
        { slot: 'Sugar Rush', bet: 10, win: 0 },
      ],
    });
    lastFinishedId = finished.id;
    // Actual values: total wins 600, highest multiplier 200x on Gates of Olympus.
    await addPrediction(t, lastFinishedId, members[0].id, { end_balance: 650, highest_multiplier: 150, game: 'Gates of Olympus', created_at: daysAgo(1.9) });
    await addPrediction(t, lastFinishedId, members[1].id, { end_balance: 550, highest_multiplier: 250, game: 'Sweet Bonanza', created_at: daysAgo(1.8) });
    await addPrediction(t, lastFinishedId, members[2].id, { end_balance: 601, highest_multiplier: 100, game: 'gates of olympus', created_at: daysAgo(1.7) });
    await addPrediction(t, lastFinishedId, members[3].id, { end_balance: 900, highest_multiplier: 199, game: 'Sugar Rush', created_at: daysAgo(1.6) });

    const hunt = (await current())!;
    expect(hunt).toMatchObject({ id: lastFinishedId, title: 'Sunday hunt', start_balance: 1000, end_balance: 600, is_active: false, created_at_human: '2 days ago' });
    expect(hunt.rewards).toEqual({ end_balance: 500, highest_multiplier: 300, highest_multiplier_game: 100 });
    expect(hunt.statistics).toEqual({
      starting_balance: 1000,
      winnings: 600,
      average_multiplier: 83.33,
      break_even_multiplier: 0,
      highest_multiplier: 200,
      highest_multiplier_game: 'Gates of Olympus',
      biggest_win: 400,
      biggest_win_game: 'Gates of Olympus',
      completed_games: 2,
      total_games: 3,
    });
    expect(hunt.games.map((game) => [game.position, game.slot_name, game.multiplier, game.opened])).toEqual([
      [1, 'Gates of Olympus', 200, true],
      [2, 'Sweet Bonanza', 50, true],
      [3, 'Sugar Rush', 0, true],
    ]);
    expect(hunt.games[0].assigned_to).toMatchObject({ id: members[0].id, username: 'Ann' });
    expect(hunt.predictions_count).toBe(4);
    expect(hunt.top_predictions.map((p) => p.user.username)).toEqual(['Dan', 'Cat', 'Ben', 'Ann']);

    const closest = hunt.closest_predictions;
    expect(closest.actual_values).toEqual({ total_wins: 600, highest_multiplier: 200, highest_multiplier_game: 'Gates of Olympus' });
    // Ann and Ben are both 50 away: they share second place, and Dan's 300 comes fourth (not shown).
    expect(closest.end_balance.map((e) => [e.rank, e.user.username, e.predicted_value, e.difference])).toEqual([
      [1, 'Cat', 601, 1],
      [2, 'Ann', 650, 50],
      [2, 'Ben', 550, 50],
    ]);
    expect(closest.highest_multiplier.map((e) => [e.rank, e.user.username, e.difference])).toEqual([
      [1, 'Dan', 1],
      [2, 'Ann', 50],
      [2, 'Ben', 50],
    ]);
    expect(closest.highest_multiplier_game.map((e) => [e.rank, e.user.username, e.predicted_value])).toEqual([
      [1, 'Ann', 'Gates of Olympus'],
      [1, 'Cat', 'gates of olympus'],
    ]);
  });

  it('lists every prediction of a hunt, newest first, and refuses unknown hunts', async () => {
    const all = predictionsResponseSchema.parse(await read(`/api/r/bonus-hunts/${lastFinishedId}/predictions`)).data;
    expect(all.map((p) => [p.user.username, p.end_balance, p.highest_multiplier, p.highest_multiplier_game])).toEqual([
      ['Dan', 900, 199, 'Sugar Rush'],
      ['Cat', 601, 100, 'gates of olympus'],
      ['Ben', 550, 250, 'Sweet Bonanza'],
      ['Ann', 650, 150, 'Gates of Olympus'],
    ]);
    expect(all[0].created_at_human).toBe('1 day ago');
    expect(predictionsResponseSchema.parse(await read(`/api/r/bonus-hunts/${olderId}/predictions`)).data).toEqual([]);
    const unknown = await visitor.get('/api/r/bonus-hunts/999999/predictions');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Bonus hunt not found.');
  });

  it('prefers the running hunt, whose statistics count only opened, settled games', async () => {
    const running = await createHunt(t, {
      start_balance: 300,
      predictions_active: true,
      games: [
        { slot: 'Book of Dead', bet: 2, win: 100 },
        { slot: 'Big Bass Bonanza', bet: 1, win: 50, pending: true },
        { slot: 'Sugar Rush', bet: 3 },
      ],
    });
    await addPrediction(t, running.id, members[1].id, { end_balance: 320, highest_multiplier: 60, game: 'Book of Dead' });
    const ben = (await members[1].client.get('/api/r/bonus-hunts/current')).json();
    const hunt = currentHuntResponseSchema.parse(ben).data!;
    expect(hunt).toMatchObject({ id: running.id, is_active: true, predictions_active: true, end_balance: null, created_at_human: 'Just now' });
    expect(hunt.user_prediction).toMatchObject({ end_balance: 320, highest_multiplier_game: 'Book of Dead' });
    expect(hunt.statistics).toMatchObject({ winnings: 100, average_multiplier: 50, break_even_multiplier: 50, completed_games: 1, total_games: 3 });
    expect(hunt.games.map((game) => [game.pending_win, game.opened])).toEqual([
      [false, true],
      [true, true],
      [false, false],
    ]);
    expect(hunt.closest_predictions.highest_multiplier_game.map((e) => e.user.username)).toEqual(['Ben']);
  });

  it('gives the history of finished hunts, newest first, with profit or loss and slot counts', async () => {
    const history = huntHistoryResponseSchema.parse(await read('/api/r/bonus-hunts/history')).data;
    expect(history.map((item) => [item.id, item.start_balance, item.end_balance, item.statistics.profit_loss, item.statistics.number_of_slots, item.created_at_human])).toEqual([
      [lastFinishedId, 1000, 600, -400, 3, '2 days ago'],
      [olderId, 500, 920, 420, 2, '9 days ago'],
    ]);
  });

  it('keeps all-time records over finished hunts only', async () => {
    const stats = huntStatsResponseSchema.parse(await read('/api/r/bonus-hunts/stats')).data;
    expect(stats).toEqual({
      total_hunts: 2,
      total_slots_played: 5,
      total_profit_loss: 20,
      biggest_win: 900,
      biggest_win_game: { bonus_hunt_id: olderId, slot_name: 'Book of Dead', slot_provider: 'Test Gaming', slot_image: null, slot_bet: 1, slot_win: 900, multiplier: 900 },
      highest_multiplier_game: { bonus_hunt_id: olderId, slot_name: 'Book of Dead', slot_provider: 'Test Gaming', slot_image: null, slot_bet: 1, slot_win: 900, multiplier: 900 },
    });
  });

  it('answers a slot’s past results over opened, settled games of every hunt, newest first', async () => {
    const results = slotResultsResponseSchema.parse(await read(`/api/r/slots/results?slot_name=${encodeURIComponent('  sugar RUSH ')}`)).data;
    // Sugar Rush: 20 on 5 (4x), 0 on 10 (0x); the running hunt's Sugar Rush is not opened yet.
    expect(results).toMatchObject({ total_plays: 2, average_multiplier: 2, biggest_win: 20, biggest_multiplier: 4, total_won: 20 });
    expect(results.recent_games.map((game) => [game.slot_bet, game.slot_win, game.multiplier, game.played_at_human])).toEqual([
      [10, 0, 0, 'Just now'],
      [5, 20, 4, 'Just now'],
    ]);
    const pendingOnly = slotResultsResponseSchema.parse(await read('/api/r/slots/results?slot_name=Big%20Bass%20Bonanza')).data;
    expect(pendingOnly.total_plays).toBe(0);
    const bookOfDead = slotResultsResponseSchema.parse(await read('/api/r/slots/results?slot_name=Book%20of%20Dead')).data;
    expect(bookOfDead).toMatchObject({ total_plays: 2, average_multiplier: 475, biggest_win: 900, biggest_multiplier: 900, total_won: 1000 });
  });

  it('answers zeros for a slot never played, keeps only the 5 latest games, and asks for a name', async () => {
    expect(slotResultsResponseSchema.parse(await read('/api/r/slots/results?slot_name=Nothing%20Like%20It')).data).toEqual({
      total_plays: 0,
      average_multiplier: 0,
      biggest_win: 0,
      biggest_multiplier: 0,
      total_won: 0,
      recent_games: [],
    });
    const games = Array.from({ length: 7 }, (_, i) => ({ slot: 'Razor Shark', bet: 1, win: i + 1, opened_at: daysAgo(7 - i) }));
    await createHunt(t, { start_balance: 10, finished_at: daysAgo(0.5), games });
    const razor = slotResultsResponseSchema.parse(await read('/api/r/slots/results?slot_name=razor%20shark')).data;
    expect(razor).toMatchObject({ total_plays: 7, total_won: 28, biggest_win: 7 });
    expect(razor.recent_games.map((game) => game.slot_win)).toEqual([7, 6, 5, 4, 3]);
    expect(razor.recent_games[4].played_at_human).toBe('5 days ago');
    for (const query of ['', '?slot_name=', '?slot_name=%20%20']) {
      const refused = await visitor.get(`/api/r/slots/results${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().message).toBe('Name the slot.');
    }
  });
});
