import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminHunt } from '../../../common/contracts/bonus-hunts-admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, type TestClient } from '../../test/client';
import { addGames, announcedDuring, enterWins, HUNTS, huntOf, huntSnapshot, SLOTS, startHunt, updateGame } from './hunts-admin.testkit';

/** A running hunt's games: added from the catalogue or by name, opened, pending, reordered, removed (decision 016). */
describe('bonus hunt games in the admin API', () => {
  const t = useTestApp();
  let moderator: TestClient;
  let member: SignedInMember;
  let hunt: AdminHunt;
  const names = (of: AdminHunt) => of.games.map((game) => game.slot_name);
  const current = async () => huntOf(await moderator.get(`${HUNTS}/${hunt.id}`));

  beforeAll(async () => {
    // Moderators run the live work: everything here is done by one.
    moderator = await signedIn(t.app, 'GamesModerator', 'moderator');
    member = await signedInMember(t.app, 'AssignedAmy');
    hunt = await startHunt(moderator, { start_balance: 500 });
  });

  it('appends catalogue slots by id and new names, which join the catalogue once, whatever their case', async () => {
    const created = await moderator.post(SLOTS, { name: 'Gates of Olympus', provider: 'Pragmatic Play' });
    const olympus = created.json().data.id as number;
    const first = await moderator.post(`${HUNTS}/${hunt.id}/games`, { slot_id: olympus, slot_bet: 2.5, assigned_user_id: member.id });
    expect(first.json().message).toBe('“Gates of Olympus” added.');
    let after = await addGames(moderator, hunt.id, [
      { slot_name: 'Wanted Dead or a Wild', slot_provider: 'Hacksaw Gaming', slot_bet: 4 },
      { slot_name: '  gates OF olympus ', slot_bet: 1 },
      { slot_name: 'WANTED DEAD OR A WILD', slot_provider: 'Ignored', slot_bet: 10 },
    ]);
    expect(names(after)).toEqual(['Gates of Olympus', 'Wanted Dead or a Wild', 'Gates of Olympus', 'Wanted Dead or a Wild']);
    expect(after.games.map((game) => game.position)).toEqual([1, 2, 3, 4]);
    expect(after.games[0]).toMatchObject({
      slot_id: olympus, slot_provider: 'Pragmatic Play', slot_bet: 2.5, slot_win: 0, multiplier: 0, opened: false, pending_win: false,
      assigned_to: { id: member.id, username: 'AssignedAmy', kick_username: null, avatar_url: expect.any(String) },
    });
    expect(after.games[3]).toMatchObject({ slot_provider: 'Hacksaw Gaming', assigned_to: null });
    const catalogue = (await moderator.get(`${SLOTS}?search=o`)).json().data as { name: string; plays: number }[];
    expect(catalogue.map((slot) => [slot.name, slot.plays])).toEqual([['Gates of Olympus', 2], ['Wanted Dead or a Wild', 2]]);
    after = await current();
    expect(after).toMatchObject({ games_count: 4, opened_count: 0, statistics: { total_games: 4, break_even_multiplier: 28.57 } });
  });

  it('names what is wrong with a game and changes nothing', async () => {
    const gameId = (await current()).games[0].id;
    const before = await huntSnapshot(t);
    const adds: [Record<string, unknown>, string, string][] = [
      [{ slot_bet: 1 }, 'slot_name', 'Choose a slot or type its name.'],
      [{ slot_name: '   ', slot_bet: 1 }, 'slot_name', 'Name the slot.'],
      [{ slot_id: 999_999, slot_bet: 1 }, 'slot_id', 'Choose a slot from the catalogue.'],
      [{ slot_id: 2_147_483_648, slot_bet: 1 }, 'slot_id', 'Choose a slot.'],
      [{ slot_name: 'Brand New', slot_bet: 1, assigned_user_id: 2_147_483_648 }, 'assigned_user_id', 'Choose a member.'],
      [{ slot_name: 'Brand New', slot_bet: 0 }, 'slot_bet', 'The bet must be more than $0.'],
      [{ slot_name: 'Brand New', slot_bet: 1e-9 }, 'slot_bet', 'The bet must be more than $0.'],
      [{ slot_name: 'Brand New', slot_bet: 1.234 }, 'slot_bet', 'The bet can have at most two decimals.'],
      [{ slot_name: 'Brand New', slot_bet: 1, assigned_user_id: 999_999 }, 'assigned_user_id', 'Choose a member who has an account here.'],
    ];
    for (const [body, field, message] of adds) {
      const response = await moderator.post(`${HUNTS}/${hunt.id}/games`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field][0], JSON.stringify(body)).toBe(message);
    }
    // An empty form names both of its missing fields at once.
    const empty = await moderator.post(`${HUNTS}/${hunt.id}/games`, { slot_bet: 'NaN' });
    expect(empty.json().errors).toEqual({ slot_name: ['Choose a slot or type its name.'], slot_bet: ['Enter the bet as a number.'] });
    for (const body of [null, [], 42, 'text']) {
      const status = (await moderator.post(`${HUNTS}/${hunt.id}/games`, body)).statusCode;
      expect(status >= 400 && status < 500, `${JSON.stringify(body)}: ${status}`).toBe(true);
    }
    const updates: [Record<string, unknown>, string, string][] = [
      [{ slot_win: -1 }, 'slot_win', 'The win cannot be negative.'],
      [{ slot_win: 'big' }, 'slot_win', 'Enter the win as a number.'],
      [{ slot_bet: 0 }, 'slot_bet', 'The bet must be more than $0.'],
      [{ pending_win: 'yes' }, 'pending_win', 'Choose yes or no.'],
      [{ assigned_user_id: 999_999 }, 'assigned_user_id', 'Choose a member who has an account here.'],
    ];
    for (const [body, field, message] of updates) {
      const response = await updateGame(moderator, hunt.id, gameId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field][0], JSON.stringify(body)).toBe(message);
    }
    const elsewhere = await updateGame(moderator, hunt.id, 999_999, { slot_win: 1 });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ success: false, message: 'That game is not in this hunt.' });
    expect(await huntSnapshot(t)).toEqual(before);
  });

  it('opens predictions only before the first win, and the first win entered closes them in the same change', async () => {
    const empty = await moderator.post(`${HUNTS}/${hunt.id + 1}/predictions/open`);
    expect(empty.statusCode).toBe(404);
    const opened = huntOf(await moderator.post(`${HUNTS}/${hunt.id}/predictions/open`));
    expect(opened.predictions_active).toBe(true);
    const [first, second] = opened.games;

    // Marking a bonus pending is not opening it: predictions stay open.
    expect(huntOf(await updateGame(moderator, hunt.id, first.id, { pending_win: true }))).toMatchObject({ predictions_active: true });
    let response;
    const heard = await announcedDuring(t, async () => {
      response = await updateGame(moderator, hunt.id, second.id, { slot_win: 120 });
    });
    expect(heard).toEqual([hunt.id]);
    expect(response!.json().message).toBe('Saved. Predictions are now closed: opening has started.');
    const after = huntOf(response!);
    expect(after.predictions_active).toBe(false);
    expect(after.games[1]).toMatchObject({ slot_win: 120, multiplier: 30, opened: true, pending_win: false });
    const openedAt = await t.database.db.selectFrom('bonus_hunt_games').select('opened_at').where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(openedAt.opened_at).toEqual(expect.any(String));

    const reopen = await moderator.post(`${HUNTS}/${hunt.id}/predictions/open`);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({ success: false, message: 'Predictions can only open before the first bonus is opened.' });
    expect(huntOf(await moderator.post(`${HUNTS}/${hunt.id}/predictions/close`)).predictions_active).toBe(false);
  });

  it('enters, corrects and clears wins; a win settles a pending bonus; $0 is opened but not completed', async () => {
    const games = (await current()).games;
    // The pending first game gets its win: it is settled and counted.
    let after = huntOf(await updateGame(moderator, hunt.id, games[0].id, { slot_win: 50 }));
    expect(after.games[0]).toMatchObject({ slot_win: 50, multiplier: 20, pending_win: false, opened: true });
    after = huntOf(await updateGame(moderator, hunt.id, games[2].id, { slot_win: 0 }));
    expect(after.games[2]).toMatchObject({ slot_win: 0, opened: true });
    expect(after).toMatchObject({ opened_count: 3, statistics: { winnings: 170, completed_games: 2, total_games: 4, highest_multiplier: 30, highest_multiplier_game: 'Wanted Dead or a Wild' } });

    // A correction keeps when the bonus was first opened; a win entered as pending is not counted yet.
    const firstOpened = (await t.database.db.selectFrom('bonus_hunt_games').select('opened_at').where('id', '=', games[1].id).executeTakeFirstOrThrow()).opened_at;
    after = huntOf(await updateGame(moderator, hunt.id, games[1].id, { slot_win: 80.25, slot_bet: 5, pending_win: true, assigned_user_id: member.id }));
    expect(after.games[1]).toMatchObject({ slot_win: 80.25, slot_bet: 5, multiplier: 16.05, pending_win: true, assigned_to: { id: member.id } });
    expect(after.statistics).toMatchObject({ winnings: 50, completed_games: 1 });
    expect((await t.database.db.selectFrom('bonus_hunt_games').select('opened_at').where('id', '=', games[1].id).executeTakeFirstOrThrow()).opened_at).toBe(firstOpened);

    after = huntOf(await updateGame(moderator, hunt.id, games[1].id, { slot_win: null, pending_win: false, assigned_user_id: null }));
    expect(after.games[1]).toMatchObject({ slot_win: 0, opened: false, pending_win: false, assigned_to: null });
    expect((await t.database.db.selectFrom('bonus_hunt_games').select('opened_at').where('id', '=', games[1].id).executeTakeFirstOrThrow()).opened_at).toBeNull();
  });

  it('reorders with exactly this hunt’s games, and closes the gap a removed game leaves', async () => {
    const before = await current();
    const ids = before.games.map((game) => game.id);
    const other = await t.database.db.selectFrom('bonus_hunt_games').select('id').where('hunt_id', '<>', hunt.id).executeTakeFirst();
    for (const order of [ids.slice(1), [...ids, ids[0]], [ids[0], ids[0], ids[1], ids[2]], [...ids.slice(1), other?.id ?? 999_999]]) {
      const response = await moderator.put(`${HUNTS}/${hunt.id}/games/order`, { game_ids: order });
      expect(response.statusCode, JSON.stringify(order)).toBe(422);
      expect(response.json().errors).toEqual({ game_ids: ['Send every game of this hunt once, in the new order.'] });
    }
    const reversed = [...ids].reverse();
    const reordered = await moderator.put(`${HUNTS}/${hunt.id}/games/order`, { game_ids: reversed });
    expect(reordered.json().message).toBe('Order saved.');
    expect(huntOf(reordered).games.map((game) => [game.id, game.position])).toEqual(reversed.map((id, index) => [id, index + 1]));

    const removed = await moderator.delete(`${HUNTS}/${hunt.id}/games/${reversed[1]}`);
    expect(removed.json().message).toBe('Game removed.');
    expect(huntOf(removed).games.map((game) => [game.id, game.position])).toEqual([[reversed[0], 1], [reversed[2], 2], [reversed[3], 3]]);
    expect((await moderator.delete(`${HUNTS}/${hunt.id}/games/${reversed[1]}`)).statusCode).toBe(404);
    // A new game still goes to the end.
    const appended = await addGames(moderator, hunt.id, [{ slot_name: 'Sugar Rush', slot_bet: 1 }]);
    expect(appended.games.map((game) => game.position)).toEqual([1, 2, 3, 4]);
    expect(appended.games[3].slot_name).toBe('Sugar Rush');
  });

  it('changes nothing in a finished hunt (409)', async () => {
    const settled = await current();
    await enterWins(moderator, settled, settled.games.map((game) => (game.opened && !game.pending_win ? null : 3)));
    huntOf(await moderator.post(`${HUNTS}/${hunt.id}/finish`));
    const gameId = settled.games[0].id;
    const before = await huntSnapshot(t);
    const calls = [
      () => moderator.post(`${HUNTS}/${hunt.id}/games`, { slot_name: 'Late', slot_bet: 1 }),
      () => updateGame(moderator, hunt.id, gameId, { slot_win: 1 }),
      () => moderator.delete(`${HUNTS}/${hunt.id}/games/${gameId}`),
      () => moderator.put(`${HUNTS}/${hunt.id}/games/order`, { game_ids: settled.games.map((game) => game.id) }),
      () => moderator.post(`${HUNTS}/${hunt.id}/predictions/open`),
      () => moderator.post(`${HUNTS}/${hunt.id}/predictions/close`),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'This hunt is finished, so it can no longer be changed.' });
    }
    expect(await huntSnapshot(t)).toEqual(before);
  });

  it('refuses to open predictions on a hunt without games', async () => {
    const next = await startHunt(moderator);
    const response = await moderator.post(`${HUNTS}/${next.id}/predictions/open`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'Add the bonuses before opening predictions.' });
    expect(huntOf(await moderator.get(`${HUNTS}/${next.id}`)).predictions_active).toBe(false);
  });
});
