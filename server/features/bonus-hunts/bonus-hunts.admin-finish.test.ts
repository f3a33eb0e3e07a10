import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { addGames, enterWins, HUNTS, huntOf, huntSnapshot, predict, startHunt, updateGame } from './hunts-admin.testkit';

/** Finishing a hunt: every win entered, end balance = total wins, rewards to every closest prediction, exactly once. */
describe('finishing a bonus hunt in the admin API', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  let members: Record<string, SignedInMember>;

  const balances = async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(members).map(async ([name, member]) => [name, (await t.database.db.selectFrom('users').select('points').where('id', '=', member.id).executeTakeFirstOrThrow()).points])),
    );

  beforeAll(async () => {
    admin = await signedIn(t.app, 'FinishAdmin', 'admin');
    moderator = await signedIn(t.app, 'FinishModerator', 'moderator');
    members = {};
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) members[name] = await signedInMember(t.app, name);
  });

  it('refuses while bonuses are unopened or pending, or when there are none, saying how many', async () => {
    const hunt = await startHunt(admin);
    const none = await admin.post(`${HUNTS}/${hunt.id}/finish`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ success: false, message: 'Add the bonuses before finishing the hunt.' });

    const filled = await addGames(admin, hunt.id, [1, 2, 3, 4].map((bet) => ({ slot_name: `Slot ${bet}`, slot_bet: bet })));
    await updateGame(admin, hunt.id, filled.games[0].id, { slot_win: 10 });
    await updateGame(admin, hunt.id, filled.games[1].id, { pending_win: true });
    const before = await huntSnapshot(t);
    const cases: [string, () => Promise<unknown>][] = [
      ['Enter every win before finishing: 2 bonuses are not opened and 1 is pending.', async () => undefined],
      ['Enter every win before finishing: 1 bonus is not opened and 1 is pending.', () => updateGame(admin, hunt.id, filled.games[2].id, { slot_win: 0 })],
      ['Enter every win before finishing: 1 bonus is not opened.', () => updateGame(admin, hunt.id, filled.games[1].id, { slot_win: 5 })],
      ['Enter every win before finishing: 2 bonuses are pending.', () => enterWins(admin, filled, [null, null, null, 7]).then(() => Promise.all(filled.games.slice(1, 3).map((game) => updateGame(admin, hunt.id, game.id, { pending_win: true }))))],
    ];
    for (const [message, change] of cases) {
      await change();
      const response = await admin.post(`${HUNTS}/${hunt.id}/finish`);
      expect(response.statusCode, message).toBe(409);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect((await huntSnapshot(t)).points_ledger).toEqual(before.points_ledger);
    expect(huntOf(await admin.get(`${HUNTS}/${hunt.id}`)).status).toBe('active');

    // Settled, with no rewards set: it finishes and pays nothing.
    await Promise.all(filled.games.slice(1, 3).map((game) => updateGame(admin, hunt.id, game.id, { pending_win: false })));
    const finished = await moderator.post(`${HUNTS}/${hunt.id}/finish`);
    expect(finished.json().message).toBe('Hunt finished with an end balance of $22.00. No rewards to pay.');
    expect(huntOf(finished)).toMatchObject({ status: 'finished', end_balance: 22, predictions_active: false, finished_at: expect.any(String), rewards_paid: [] });
    expect((await huntSnapshot(t)).points_ledger).toEqual(before.points_ledger);
  });

  it('pays each reward to every prediction ranked first, once, even when two staff finish at the same moment', async () => {
    const hunt = await startHunt(admin, { start_balance: 1000, title: 'Payday', reward_end_balance: 500, reward_multiplier: 300, reward_game: 200 });
    const filled = await addGames(admin, hunt.id, [
      { slot_name: 'Book of Dead', slot_bet: 2 },
      { slot_name: 'Sugar Rush', slot_bet: 5 },
      { slot_name: 'Mental', slot_bet: 1 },
    ]);
    huntOf(await admin.post(`${HUNTS}/${hunt.id}/predictions/open`));
    const guesses: [string, number, number, string][] = [
      ['Ann', 540, 150, 'Book of Dead'],
      ['Ben', 560, 100, 'book of dead'],
      ['Cat', 700, 150, 'Sugar Rush'],
      ['Dan', 100, 10, 'Mental'],
    ];
    for (const [name, end_balance, highest_multiplier, highest_multiplier_game] of guesses) {
      const response = await predict(members[name].client, hunt.id, { end_balance, highest_multiplier, highest_multiplier_game });
      expect(response.statusCode, response.body).toBe(200);
    }
    // Total wins $550 (Ann and Ben $10 off); the highest multiplier 150x (Ann and Cat exact) on Book of Dead (Ann and Ben).
    await enterWins(admin, filled, [300, 250, 0]);
    const before = await balances();

    // Two staff on two instances of the site click Finish together.
    const otherInstance = new TestClient(await t.twin());
    for (const [name, value] of moderator.cookies) otherInstance.cookies.set(name, value);
    otherInstance.csrfToken = moderator.csrfToken;
    const results = await Promise.all([admin.post(`${HUNTS}/${hunt.id}/finish`), otherInstance.post(`${HUNTS}/${hunt.id}/finish`)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((result) => result.statusCode === 200)!;
    const loser = results.find((result) => result.statusCode === 409)!;
    expect(loser.json()).toEqual({ success: false, message: 'This hunt is finished, so it can no longer be changed.' });
    expect(winner.json().message).toBe('Hunt finished with an end balance of $550.00. 6 rewards paid.');

    const after = await balances();
    expect({ Ann: after.Ann - before.Ann, Ben: after.Ben - before.Ben, Cat: after.Cat - before.Cat, Dan: after.Dan - before.Dan }).toEqual({ Ann: 1000, Ben: 700, Cat: 300, Dan: 0 });
    expect(await t.app.services.points.mismatches()).toEqual([]);
    const ledger = await t.database.db.selectFrom('points_ledger').select(['user_id', 'delta', 'reason', 'reference']).where('reason', '=', 'bonus_hunt_reward').orderBy('id').execute();
    expect(ledger).toEqual([
      { user_id: members.Ann.id, delta: 500, reason: 'bonus_hunt_reward', reference: `bonus_hunt:${hunt.id}:end_balance` },
      { user_id: members.Ben.id, delta: 500, reason: 'bonus_hunt_reward', reference: `bonus_hunt:${hunt.id}:end_balance` },
      { user_id: members.Ann.id, delta: 300, reason: 'bonus_hunt_reward', reference: `bonus_hunt:${hunt.id}:highest_multiplier` },
      { user_id: members.Cat.id, delta: 300, reason: 'bonus_hunt_reward', reference: `bonus_hunt:${hunt.id}:highest_multiplier` },
      { user_id: members.Ann.id, delta: 200, reason: 'bonus_hunt_reward', reference: `bonus_hunt:${hunt.id}:highest_multiplier_game` },
      { user_id: members.Ben.id, delta: 200, reason: 'bonus_hunt_reward', reference: `bonus_hunt:${hunt.id}:highest_multiplier_game` },
    ]);
    const notes = await t.database.db.selectFrom('notifications').select(['user_id', 'data']).where('type', '=', 'bonus_hunt_reward').orderBy('id').execute();
    expect(notes.map((note) => note.user_id)).toEqual(ledger.map((entry) => entry.user_id));
    expect(JSON.parse(notes[0].data)).toEqual({ message: 'Your end balance prediction for Payday was the closest: 500 points are yours.', link: '/bonus-hunts' });

    const finished = huntOf(await admin.get(`${HUNTS}/${hunt.id}`));
    expect(finished).toMatchObject({ status: 'finished', end_balance: 550, predictions_active: false, predictions_count: 4 });
    expect(finished.rewards_paid).toEqual([
      { user: { id: members.Ann.id, username: 'Ann' }, category: 'end_balance', points: 500 },
      { user: { id: members.Ben.id, username: 'Ben' }, category: 'end_balance', points: 500 },
      { user: { id: members.Ann.id, username: 'Ann' }, category: 'highest_multiplier', points: 300 },
      { user: { id: members.Cat.id, username: 'Cat' }, category: 'highest_multiplier', points: 300 },
      { user: { id: members.Ann.id, username: 'Ann' }, category: 'highest_multiplier_game', points: 200 },
      { user: { id: members.Ben.id, username: 'Ben' }, category: 'highest_multiplier_game', points: 200 },
    ]);

    // Finishing again pays nothing more.
    expect((await admin.post(`${HUNTS}/${hunt.id}/finish`)).statusCode).toBe(409);
    expect(await balances()).toEqual(after);
  });
});
