import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { act, createByApi, decide, generatedByApi, memberView, predict, setResult, tournamentOf, tournamentSnapshot } from './tournaments-admin.testkit';

/** Results (decision 020): the winner advances, results change only while the next match is open, every change re-scores; the finish pays once. */
describe('tournaments admin: results, re-scoring and the finish', () => {
  const t = useTestApp();
  let staff: TestClient;
  const members: Record<string, SignedInMember> = {};
  const seatsOf = (matches: { match_number: number; slot1_name: string | null; slot2_name: string | null; winner_name: string | null }[]) =>
    Object.fromEntries(matches.map((match) => [match.match_number, [match.slot1_name, match.slot2_name, match.winner_name]]));
  const expectRefusal = (response: LightMyRequestResponse, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
  };

  beforeAll(async () => {
    staff = await signedIn(t.app, 'ResultKeeper', 'admin');
    for (const name of ['Ada', 'Bo', 'Cy', 'Di']) members[name] = await signedInMember(t.app, name);
  });

  it('moves each winner into the right slot of the right match, with the multipliers, in every round', async () => {
    const tournament = await generatedByApi(staff, { name: 'Advancing', size: 16 });
    const response = await setResult(staff, tournament.id, tournament.matches[0].id, { winner_name: ' slot 2 ', slot1_multiplier: 12.5, slot2_multiplier: 310 });
    expect(response.json().message).toBe('Result saved. Predictions are re-scored.');
    let after = tournamentOf(response);
    expect(after.matches[0]).toMatchObject({ winner_name: 'Slot 2', slot1_multiplier: 12.5, slot2_multiplier: 310 });
    // Round 1: even matches feed slot 1, odd ones slot 2 of match floor(i/2) of round 2 (matches 9…12).
    for (const [number, winner] of [[2, 'Slot 3'], [7, 'Slot 14'], [8, 'Slot 16']] as const) after = await decide(staff, tournament, number, winner);
    expect(seatsOf(after.matches)).toMatchObject({ 9: ['Slot 2', 'Slot 3', null], 12: ['Slot 14', 'Slot 16', null], 10: [null, null, null] });
    for (const [number, winner] of [[3, 'Slot 5'], [4, 'Slot 8'], [9, 'Slot 3'], [10, 'Slot 8'], [12, 'Slot 16']] as const) after = await decide(staff, tournament, number, winner);
    expect(seatsOf(after.matches)).toMatchObject({ 10: ['Slot 5', 'Slot 8', 'Slot 8'], 13: ['Slot 3', 'Slot 8', null], 14: [null, 'Slot 16', null] });
    for (const [number, winner] of [[5, 'Slot 9'], [6, 'Slot 11'], [11, 'Slot 9'], [13, 'Slot 8'], [14, 'Slot 16'], [15, 'Slot 8']] as const) after = await decide(staff, tournament, number, winner);
    expect(seatsOf(after.matches)[15]).toEqual(['Slot 8', 'Slot 16', 'Slot 8']);
    expect(after).toMatchObject({ progress: 100, winner_name: 'Slot 8', is_active: true, status: 'active' });
    const view = await memberView(new TestClient(t.app), tournament.id);
    expect(seatsOf(view.tournament.matches)).toEqual(seatsOf(after.matches));
  });

  it('refuses results while predictions are open, for names not in the match, for matches still waiting, for unknown matches; nothing changes', async () => {
    const tournament = await generatedByApi(staff, { name: 'Refusing', size: 4 }, { open: true });
    const other = await generatedByApi(staff, { name: 'Other bracket', size: 4 });
    const open = await tournamentSnapshot(t);
    expectRefusal(await setResult(staff, tournament.id, tournament.matches[0].id, { winner_name: 'Slot 1' }), 409, 'Close predictions before entering results.');
    expect(await tournamentSnapshot(t)).toEqual(open);
    tournamentOf(await act(staff, tournament.id, 'predictions/close'));
    const closed = await tournamentSnapshot(t);
    const wrongName = await setResult(staff, tournament.id, tournament.matches[0].id, { winner_name: 'Slot 3' });
    expectRefusal(wrongName, 422, 'Choose “Slot 1” or “Slot 2”: only they play this match.');
    expect(wrongName.json().errors).toEqual({ winner_name: ['Choose “Slot 1” or “Slot 2”: only they play this match.'] });
    expectRefusal(await setResult(staff, tournament.id, tournament.matches[2].id, { winner_name: 'Slot 1' }), 409, 'Match 3 is still waiting for the winners of earlier matches.');
    expectRefusal(await setResult(staff, tournament.id, other.matches[0].id, { winner_name: 'Slot 1' }), 404, 'Match not found.');
    expectRefusal(await setResult(staff, 2_147_483_647, tournament.matches[0].id, { winner_name: 'Slot 1' }), 404, 'Tournament not found.');
    for (const body of [{}, { winner_name: '' }, { winner_name: 3 }, { winner_name: 'Slot 1', slot1_multiplier: -1 }, { winner_name: 'Slot 1', slot2_multiplier: 1.234 }]) {
      expect((await setResult(staff, tournament.id, tournament.matches[0].id, body as never)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await tournamentSnapshot(t)).toEqual(closed);
  });

  it('changes or clears a result only while the next match has none', async () => {
    const tournament = await generatedByApi(staff, { name: 'Changing', size: 4 });
    await decide(staff, tournament, 1, 'Slot 1');
    let after = await decide(staff, tournament, 1, 'Slot 2');
    expect(seatsOf(after.matches)[3]).toEqual(['Slot 2', null, null]);
    await decide(staff, tournament, 2, 'Slot 4');
    after = await decide(staff, tournament, 3, 'Slot 4');
    const before = await tournamentSnapshot(t);
    for (const winner of ['Slot 1', null]) {
      expectRefusal(await setResult(staff, tournament.id, tournament.matches[0].id, { winner_name: winner }), 409, 'Match 3 already has a result; change Match 3 first.');
    }
    expect(await tournamentSnapshot(t)).toEqual(before);
    // The same winner again only updates the multipliers.
    expect(tournamentOf(await setResult(staff, tournament.id, tournament.matches[0].id, { winner_name: 'Slot 2', slot1_multiplier: 3 })).matches[0]).toMatchObject({ winner_name: 'Slot 2', slot1_multiplier: 3 });
    const cleared = await setResult(staff, tournament.id, tournament.matches[2].id, { winner_name: null });
    expect(cleared.json().message).toBe('Result cleared. Predictions are re-scored.');
    expect(seatsOf(tournamentOf(cleared).matches)[3]).toEqual(['Slot 2', 'Slot 4', null]);
    after = tournamentOf(await setResult(staff, tournament.id, tournament.matches[0].id, { winner_name: null }));
    expect(seatsOf(after.matches)).toEqual({ 1: ['Slot 1', 'Slot 2', null], 2: ['Slot 3', 'Slot 4', 'Slot 4'], 3: [null, 'Slot 4', null] });
    expect(after.progress).toBe(33);
  });

  it('re-scores every prediction on every result written, changed or cleared (accuracy = correct / decided picks)', async () => {
    const tournament = await generatedByApi(staff, { name: 'Scoring', size: 4 }, { open: true });
    await predict(members.Ada.client, tournament, { 1: 'Slot 1', 2: 'Slot 3', 3: 'Slot 1' });
    await predict(members.Bo.client, tournament, { 1: 'Slot 2', 2: 'Slot 3', 3: 'Slot 3' });
    await predict(members.Cy.client, tournament, { 1: 'Slot 1' });
    tournamentOf(await act(staff, tournament.id, 'predictions/close'));
    const standing = async () => {
      const figures: Record<string, [number, number, number]> = {};
      for (const name of ['Ada', 'Bo', 'Cy']) {
        const own = (await memberView(members[name].client, tournament.id)).user_prediction!;
        figures[name] = [own.accuracy, own.correct, own.total];
      }
      const top = (await memberView(members.Di.client, tournament.id)).top_predictions.map((row) => row.user.username);
      return { figures, top };
    };
    expect(await standing()).toEqual({ figures: { Ada: [0, 0, 0], Bo: [0, 0, 0], Cy: [0, 0, 0] }, top: ['Ada', 'Bo', 'Cy'] });
    await decide(staff, tournament, 1, 'Slot 1');
    expect(await standing()).toEqual({ figures: { Ada: [100, 1, 1], Bo: [0, 0, 1], Cy: [100, 1, 1] }, top: ['Ada', 'Cy', 'Bo'] });
    await decide(staff, tournament, 2, 'Slot 3');
    expect(await standing()).toEqual({ figures: { Ada: [100, 2, 2], Bo: [50, 1, 2], Cy: [100, 1, 1] }, top: ['Ada', 'Cy', 'Bo'] });
    await decide(staff, tournament, 1, 'Slot 2');
    expect(await standing()).toEqual({ figures: { Ada: [50, 1, 2], Bo: [100, 2, 2], Cy: [0, 0, 1] }, top: ['Bo', 'Ada', 'Cy'] });
    await decide(staff, tournament, 3, 'Slot 3');
    expect(await standing()).toEqual({ figures: { Ada: [33.3, 1, 3], Bo: [100, 3, 3], Cy: [0, 0, 1] }, top: ['Bo', 'Ada', 'Cy'] });
    tournamentOf(await setResult(staff, tournament.id, tournament.matches[2].id, { winner_name: null }));
    tournamentOf(await setResult(staff, tournament.id, tournament.matches[1].id, { winner_name: null }));
    expect(await standing()).toEqual({ figures: { Ada: [0, 0, 1], Bo: [100, 1, 1], Cy: [0, 0, 1] }, top: ['Bo', 'Ada', 'Cy'] });
    const admin = tournamentOf(await staff.get(`/admin-new/api/tournaments/${tournament.id}`));
    expect(admin.top_predictions.map((row) => [row.rank, row.user.username, row.accuracy, row.correct, row.total, row.picks])).toEqual([
      [1, 'Bo', 100, 1, 1, 3], [2, 'Ada', 0, 0, 1, 3], [3, 'Cy', 0, 0, 1, 1],
    ]);
  });

  it('a save after staff close predictions, enter a result and reopen them checks and scores against the new result', async () => {
    const tournament = await generatedByApi(staff, { name: 'Reopened', size: 4 }, { open: true });
    const ada = members.Ada.client;
    // Saves before the result: picks on every match are free.
    expect((await predict(ada, tournament, { 1: 'Slot 1', 2: 'Slot 3' })).data).toMatchObject({ picks: 2, total: 0 });
    expect((await predict(ada, tournament, { 1: 'Slot 2', 2: 'Slot 3' })).data).toMatchObject({ picks: 2, total: 0 });
    tournamentOf(await act(staff, tournament.id, 'predictions/close'));
    await decide(staff, tournament, 1, 'Slot 1');
    tournamentOf(await act(staff, tournament.id, 'predictions/open'));

    // Match 1 is decided now: its pick is locked, and the saved bracket is scored against the result.
    const changed = await ada.post(`/api/r/tournaments/${tournament.id}/predict`, {
      predictions: [{ match_id: tournament.matches[0].id, winner_name: 'Slot 1' }],
    });
    expectRefusal(changed, 422, 'Match 1 already has a result; your pick there is locked.');
    expect((await predict(ada, tournament, { 2: 'Slot 4', 3: 'Slot 4' })).data).toMatchObject({ picks: 3, correct: 0, total: 1 });
    const late = members.Bo.client;
    expect((await predict(late, tournament, { 2: 'Slot 3', 3: 'Slot 1' })).data).toMatchObject({ picks: 2, correct: 0, total: 0 });
  });

  it('finishes only a generated, fully decided tournament with predictions closed, and then nothing changes', async () => {
    const draft = await createByApi(staff, { name: 'Not generated', size: 4 });
    const tournament = await generatedByApi(staff, { name: 'Finishing', size: 4 }, { open: true });
    const before = await tournamentSnapshot(t);
    expectRefusal(await act(staff, draft.id, 'finish'), 409, 'Generate the bracket first.');
    expectRefusal(await act(staff, tournament.id, 'finish'), 409, 'Close predictions before finishing the tournament.');
    expectRefusal(await act(staff, 2_147_483_647, 'finish'), 404, 'Tournament not found.');
    expect(await tournamentSnapshot(t)).toEqual(before);
    tournamentOf(await act(staff, tournament.id, 'predictions/close'));
    expectRefusal(await act(staff, tournament.id, 'finish'), 409, '3 matches still need a result before the tournament can finish.');
    await decide(staff, tournament, 1, 'Slot 1');
    await decide(staff, tournament, 2, 'Slot 3');
    expectRefusal(await act(staff, tournament.id, 'finish'), 409, '1 match still needs a result before the tournament can finish.');
    await decide(staff, tournament, 3, 'Slot 3');
    const response = await act(staff, tournament.id, 'finish');
    expect(response.json().message).toBe('Tournament finished. No rewards to pay.');
    const finished = tournamentOf(response);
    expect(finished).toMatchObject({ status: 'completed', is_active: false, predictions_active: false, is_completed: true, progress: 100, winner_name: 'Slot 3', rewards_paid: [] });
    expect((await memberView(new TestClient(t.app), tournament.id)).tournament).toMatchObject({ is_active: false, is_completed: true, winner_name: 'Slot 3' });

    const done = await tournamentSnapshot(t);
    expectRefusal(await act(staff, tournament.id, 'finish'), 409, 'This tournament is already finished.');
    expectRefusal(await setResult(staff, tournament.id, tournament.matches[2].id, { winner_name: 'Slot 1' }), 409, 'This tournament is finished, so its results can no longer change.');
    expectRefusal(await act(staff, tournament.id, 'predictions/open'), 409, 'This tournament is already finished.');
    expectRefusal(await act(staff, tournament.id, 'generate'), 409, 'This tournament is already finished.');
    expect(await tournamentSnapshot(t)).toEqual(done);
  });

  it('pays the rewards in place order to the ranked predictors with a correct pick, through the ledger with a notification each, exactly once under 10 parallel finishes on two instances', async () => {
    const tournament = await generatedByApi(staff, { name: 'Rewarded', size: 4, reward_points: [500, 300, 100, 50] }, { open: true });
    await predict(members.Ada.client, tournament, { 1: 'Slot 1', 2: 'Slot 3', 3: 'Slot 1' });
    await predict(members.Bo.client, tournament, { 1: 'Slot 1', 2: 'Slot 4', 3: 'Slot 1' });
    await predict(members.Cy.client, tournament, { 1: 'Slot 2', 2: 'Slot 4', 3: 'Slot 2' });
    await predict(members.Di.client, tournament, { 1: 'Slot 1' });
    tournamentOf(await act(staff, tournament.id, 'predictions/close'));
    for (const [number, winner] of [[1, 'Slot 1'], [2, 'Slot 3'], [3, 'Slot 1']] as const) await decide(staff, tournament, number, winner);
    // Ada 3/3, Di 1/1 (100 % with fewer correct), Bo 2/3, Cy 0/3: four places offered, three predictors with a correct pick.
    const balances = async () =>
      Object.fromEntries(
        await Promise.all(Object.entries(members).map(async ([name, member]) => [name, Number((await t.database.db.selectFrom('users').select('points').where('id', '=', member.id).executeTakeFirstOrThrow()).points)])),
      );
    const before = await balances();

    const twin = new TestClient(await t.twin());
    for (const [name, value] of staff.cookies) twin.cookies.set(name, value);
    twin.csrfToken = staff.csrfToken;
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => act(index % 2 === 0 ? staff : twin, tournament.id, 'finish')));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().message).toBe('This tournament is already finished.');
    expect(responses.find((response) => response.statusCode === 200)!.json().message).toBe('Tournament finished. 3 rewards paid.');

    const after = await balances();
    expect(Object.fromEntries(Object.keys(after).map((name) => [name, after[name] - before[name]]))).toEqual({ Ada: 500, Bo: 100, Cy: 0, Di: 300 });
    expect(await t.app.services.points.mismatches()).toEqual([]);
    const ledger = await t.database.db.selectFrom('points_ledger').select(['user_id', 'delta', 'reason', 'reference']).where('reason', '=', 'tournament_reward').orderBy('id').execute();
    expect(ledger).toEqual([
      { user_id: members.Ada.id, delta: 500, reason: 'tournament_reward', reference: `tournament:${tournament.id}:place:1` },
      { user_id: members.Di.id, delta: 300, reason: 'tournament_reward', reference: `tournament:${tournament.id}:place:2` },
      { user_id: members.Bo.id, delta: 100, reason: 'tournament_reward', reference: `tournament:${tournament.id}:place:3` },
    ]);
    const notes = await t.database.db.selectFrom('notifications').select(['user_id', 'type', 'data']).where('type', '=', 'tournament_reward').orderBy('id').execute();
    expect(notes.map((note) => note.user_id)).toEqual(ledger.map((entry) => entry.user_id));
    expect(JSON.parse(notes[1].data)).toEqual({ message: 'Your bracket predictions for “Rewarded” placed #2: 300 points are yours.', link: `/tournaments/${tournament.id}` });
    const history = (await members.Di.client.get('/api/r/points/history')).json();
    expect(JSON.stringify(history)).toContain('Tournament prediction');

    const finished = tournamentOf(await staff.get(`/admin-new/api/tournaments/${tournament.id}`));
    expect(finished.rewards_paid.map((reward) => [reward.place, reward.user.username, reward.points])).toEqual([[1, 'Ada', 500], [2, 'Di', 300], [3, 'Bo', 100]]);
    expect(await t.database.db.selectFrom('tournament_rewards').select(['place', 'user_id', 'points']).where('tournament_id', '=', tournament.id).orderBy('place').execute()).toEqual([
      { place: 1, user_id: members.Ada.id, points: 500 }, { place: 2, user_id: members.Di.id, points: 300 }, { place: 3, user_id: members.Bo.id, points: 100 },
    ]);
    expectRefusal(await act(staff, tournament.id, 'finish'), 409, 'This tournament is already finished.');
    expect(await balances()).toEqual(after);
  });
});
