import { beforeAll, describe, expect, it } from 'vitest';
import { tournamentDetailResponseSchema, tournamentListResponseSchema, type Tournament } from '../../../common/contracts/tournaments';
import type { TournamentFilter } from '../../../common/tournaments';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { addPrediction, createMembers, createTournament, finish, SLOT_NAMES, setResults, type TestTournament } from './tournaments.testkit';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const S = SLOT_NAMES;

/** GET /api/r/tournaments and /api/r/tournaments/{id} (spec 2 §2, §3, §4, §9; decision 020). */
describe('reading tournaments', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const visitor = () => new TestClient(t.app);
  let alice: SignedInMember;
  let players: number[];
  const cups = {} as Record<'done' | 'running' | 'open' | 'halted' | 'draft', TestTournament>;

  const list = async (filter?: TournamentFilter) => {
    const response = await visitor().get(`/api/r/tournaments${filter ? `?filter=${filter}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    return tournamentListResponseSchema.parse(response.json()).data;
  };
  const detail = async (id: number, client = visitor()) => {
    const response = await client.get(`/api/r/tournaments/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return tournamentDetailResponseSchema.parse(response.json()).data;
  };
  const names = (tournaments: Tournament[]) => tournaments.map((tournament) => tournament.name);
  const member = (id: number, username: string) => ({ id, username, kick_username: null, avatar_url: `/avatars/${id}.svg` });

  beforeAll(async () => {
    alice = await signedInMember(t.app, 'AliceBrackets');
    players = await createMembers(db(), 'Player', 4);
    cups.done = await createTournament(db(), { name: 'Spring Cup', members: players, created_at: ago(50), reward_points: [500, 100] });
    await setResults(db(), cups.done, { 1: S[1], 2: S[3], 3: S[3] });
    await finish(db(), cups.done.id);
    cups.running = await createTournament(db(), { name: 'Running Cup', size: 8, created_at: ago(40) });
    await setResults(db(), cups.running, { 1: S[0], 2: S[3] });
    cups.open = await createTournament(db(), { name: 'Open Cup', size: 16, predictions_active: true, created_at: ago(30) });
    cups.halted = await createTournament(db(), { name: 'Halted Cup', is_active: false, created_at: ago(20) });
    await setResults(db(), cups.halted, { 1: S[0] });
    cups.draft = await createTournament(db(), { name: 'Draft Cup', generated: false, created_at: ago(10) });
  });

  it('lists generated tournaments newest first with progress and winner, without matches', async () => {
    const all = await list();
    expect(names(all)).toEqual(['Halted Cup', 'Open Cup', 'Running Cup', 'Spring Cup']);
    const byName = new Map(all.map((tournament) => [tournament.name, tournament]));
    expect(byName.get('Spring Cup')).toMatchObject({
      id: cups.done.id,
      size: 4,
      is_active: false,
      predictions_active: false,
      matches_count: 3,
      predictions_count: 0,
      progress: 100,
      is_completed: true,
      winner_name: S[3],
      winner_user: member(players[3], 'Player3'),
      reward_points: [500, 100],
      matches: [],
    });
    expect(byName.get('Spring Cup')!.finished_at).not.toBeNull();
    expect(byName.get('Running Cup')).toMatchObject({ size: 8, is_active: true, matches_count: 7, progress: 29, is_completed: false, winner_name: null, winner_user: null });
    expect(byName.get('Open Cup')).toMatchObject({ size: 16, predictions_active: true, matches_count: 15, progress: 0 });
    expect(byName.get('Halted Cup')).toMatchObject({ is_active: false, progress: 33, is_completed: false });
  });

  it('filters Active, Predictions Open and Completed (inactive and 100 percent)', async () => {
    expect(names(await list('active'))).toEqual(['Open Cup', 'Running Cup']);
    expect(names(await list('predictions'))).toEqual(['Open Cup']);
    expect(names(await list('completed'))).toEqual(['Spring Cup']);
    expect(names(await list('all'))).toHaveLength(4);
    const bad = await visitor().get('/api/r/tournaments?filter=everything');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.filter).toEqual(['Filter by all, active, predictions or completed.']);
  });

  it('shows a visitor the whole bracket: names or TBD, members, results advanced, and no own prediction', async () => {
    const seen = await detail(cups.running.id);
    expect(seen.tournament).toMatchObject({ name: 'Running Cup', size: 8, matches_count: 7, progress: 29 });
    expect(seen.tournament.matches.map((m) => [m.round, m.match_number, m.slot1_name, m.slot2_name, m.winner_name])).toEqual([
      [1, 1, S[0], S[1], S[0]],
      [1, 2, S[2], S[3], S[3]],
      [1, 3, S[4], S[5], null],
      [1, 4, S[6], S[7], null],
      [2, 5, S[0], S[3], null],
      [2, 6, null, null, null],
      [3, 7, null, null, null],
    ]);
    expect(seen.tournament.matches[0]).toMatchObject({ id: cups.running.matchIds[1], slot1_user: null, slot1_multiplier: null, slot1_image: null });
    expect(seen).toMatchObject({ user_prediction: null, friend_predictions: [], top_predictions: [] });
    const final = (await detail(cups.done.id)).tournament.matches[2];
    expect(final).toMatchObject({ slot1_name: S[1], slot2_name: S[3], winner_name: S[3], slot1_user: member(players[1], 'Player1'), slot2_user: member(players[3], 'Player3') });
  });

  it('answers a missing or not yet generated tournament with 404 and ids that are not ids with 422', async () => {
    for (const id of [cups.draft.id, 2_147_483_647]) {
      const response = await alice.client.get(`/api/r/tournaments/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Tournament not found.' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const bad = await visitor().get(`/api/r/tournaments/${id}`);
      expect(bad.statusCode, id).toBe(422);
      expect(bad.json().errors).toHaveProperty('id');
    }
  });

  /**
   * Eight predictions on an 8 slot bracket with Matches 1 and 2 decided, one for each step of the ranking:
   * accuracy, then correct picks, then picks made, then who saved first (then the earlier row).
   */
  async function rankedCup(name: string) {
    const cup = await createTournament(db(), { name, size: 8 });
    await setResults(db(), cup, { 1: S[0], 2: S[2] });
    const [ace, bee, cat, eve, hal, fox, gus] = await createMembers(db(), `${name.replace(/\W/g, '')}_`, 7);
    const same = ago(2);
    const aliceAt = ago(3);
    await addPrediction(db(), cup, fox, { 3: S[4] }, ago(9));
    await addPrediction(db(), cup, gus, { 1: S[1], 2: S[3] }, ago(8));
    await addPrediction(db(), cup, eve, { 1: S[0], 2: S[3], 3: S[5] }, same);
    await addPrediction(db(), cup, hal, { 1: S[0], 2: S[3], 3: S[5] }, same);
    await addPrediction(db(), cup, alice.id, { 1: S[1], 2: S[2], 3: S[4] }, aliceAt);
    await addPrediction(db(), cup, cat, { 1: S[0], 2: S[3], 3: S[4], 4: S[6] }, ago(1));
    await addPrediction(db(), cup, bee, { 1: S[0], 3: S[4] }, ago(6));
    await addPrediction(db(), cup, ace, { 1: S[0], 2: S[2] }, ago(0));
    return { cup, aliceAt, ids: { ace, bee, cat, eve, hal, fox, gus, alice: alice.id } };
  }
  const standings = (rows: { rank: number; user: { id: number }; accuracy: number; correct: number; total: number; picks: number }[], ids: Record<string, number>) => {
    const nameOf = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    return rows.map((row) => [row.rank, nameOf.get(row.user.id), row.accuracy, row.correct, row.total, row.picks]);
  };

  it('ranks predictions by accuracy, correct picks, picks made and who saved first, and shows the viewer theirs', async () => {
    const { cup, ids, aliceAt } = await rankedCup('Ranked Cup');
    const seen = await detail(cup.id, alice.client);
    expect(standings(seen.top_predictions, ids)).toEqual([
      [1, 'ace', 100, 2, 2, 2],
      [2, 'bee', 100, 1, 1, 2],
      [3, 'cat', 50, 1, 2, 4],
      [4, 'alice', 50, 1, 2, 3],
      [5, 'eve', 50, 1, 2, 3],
      [6, 'hal', 50, 1, 2, 3],
      [7, 'gus', 0, 0, 2, 2],
      [8, 'fox', 0, 0, 0, 1],
    ]);
    expect(seen.top_predictions[0].user).toEqual(member(ids.ace, 'RankedCup_0'));
    // Each member's own place (counted for that member alone) is their place in the list (ranked all together).
    for (const [key, id] of Object.entries(ids)) {
      const own = (await t.app.services.tournaments.detail(cup.id, id)).user_prediction;
      expect(own?.rank, key).toBe(seen.top_predictions.find((row) => row.user.id === id)?.rank);
    }
    expect(seen.tournament.predictions_count).toBe(8);
    expect(seen.user_prediction).toEqual({
      matches: [1, 2, 3].map((number, index) => ({ tournament_match_id: cup.matchIds[number], predicted_winner_name: [S[1], S[2], S[4]][index] })),
      rank: 4,
      accuracy: 50,
      correct: 1,
      total: 2,
      picks: 3,
      updated_at: aliceAt,
    });
    expect((await detail(cup.id)).user_prediction).toBeNull();
    const stranger = await signedInMember(t.app, 'NoPicks');
    expect((await detail(cup.id, stranger.client)).user_prediction).toBeNull();
  });

  it('re-scores accuracy when results are set, changed and cleared', async () => {
    const { cup, ids } = await rankedCup('Rescored Cup');
    await setResults(db(), cup, { 3: S[4] });
    const after = standings((await detail(cup.id, alice.client)).top_predictions, ids);
    expect(after.map((row) => row.slice(1))).toEqual([
      ['bee', 100, 2, 2, 2],
      ['ace', 100, 2, 2, 2],
      ['fox', 100, 1, 1, 1],
      ['cat', 66.7, 2, 3, 4],
      ['alice', 66.7, 2, 3, 3],
      ['eve', 33.3, 1, 3, 3],
      ['hal', 33.3, 1, 3, 3],
      ['gus', 0, 0, 2, 2],
    ]);
    // Staff change Match 3: S[5] won after all.
    await setResults(db(), cup, { 3: null });
    await setResults(db(), cup, { 3: S[5] });
    const changed = await detail(cup.id, alice.client);
    expect(standings(changed.top_predictions, ids).slice(0, 3).map((row) => row.slice(1))).toEqual([
      ['ace', 100, 2, 2, 2],
      ['eve', 66.7, 2, 3, 3],
      ['hal', 66.7, 2, 3, 3],
    ]);
    expect(changed.user_prediction).toMatchObject({ accuracy: 33.3, correct: 1, total: 3, picks: 3 });
    await setResults(db(), cup, { 3: null, 2: null, 1: null });
    const cleared = await detail(cup.id, alice.client);
    expect(cleared.top_predictions.every((row) => row.accuracy === 0 && row.correct === 0 && row.total === 0)).toBe(true);
    expect(cleared.tournament.progress).toBe(0);
  });

  it('serves the first 100 predictions of a crowd, ranked, with the count of all', async () => {
    const cup = await createTournament(db(), { name: 'Crowded Cup' });
    await setResults(db(), cup, { 1: S[0] });
    const crowd = await createMembers(db(), 'Crowd', 105);
    for (const [index, id] of crowd.entries()) await addPrediction(db(), cup, id, { 1: index % 2 === 0 ? S[0] : S[1] }, ago(200 - index));
    const seen = await detail(cup.id);
    expect(seen.tournament.predictions_count).toBe(105);
    expect(seen.top_predictions).toHaveLength(100);
    expect(seen.top_predictions.map((row) => row.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The 53 right ones first, earliest first; then the wrong ones.
    expect(seen.top_predictions.slice(0, 53).map((row) => row.user.id)).toEqual(crowd.filter((_, index) => index % 2 === 0));
    expect(seen.top_predictions[53]).toMatchObject({ user: { id: crowd[1] }, accuracy: 0, total: 1 });
  });

  describe("friends' predictions", () => {
    let cup: TestTournament;
    let friends: number[];
    let others: { pending: number; stranger: number };

    beforeAll(async () => {
      cup = await createTournament(db(), { name: 'Friendly Cup' });
      await setResults(db(), cup, { 1: S[0] });
      friends = await createMembers(db(), 'Pal', 8);
      const [pending, stranger] = await createMembers(db(), 'NotPal', 2);
      others = { pending, stranger };
      const befriend = (other: number, status: 'pending' | 'accepted', aliceSends: boolean) =>
        db()
          .insertInto('friendships')
          .values({
            sender_id: aliceSends ? alice.id : other,
            receiver_id: aliceSends ? other : alice.id,
            user_low: Math.min(alice.id, other),
            user_high: Math.max(alice.id, other),
            status,
            created_at: ago(100),
            accepted_at: status === 'accepted' ? ago(99) : null,
          })
          .execute();
      for (const [index, id] of friends.entries()) await befriend(id, 'accepted', index % 2 === 0);
      await befriend(pending, 'pending', true);
      await addPrediction(db(), cup, stranger, { 1: S[0], 2: S[2] }, ago(50));
      await addPrediction(db(), cup, pending, { 1: S[0], 2: S[3] }, ago(49));
      // Pals 0…5 predict one right pick each, in order; Pal 6 predicts best of the friends; Pal 7 never predicts.
      for (const index of [0, 1, 2, 3, 4, 5]) await addPrediction(db(), cup, friends[index], { 1: S[0] }, ago(40 - index));
      await addPrediction(db(), cup, friends[6], { 1: S[0], 2: S[3] }, ago(1));
      await addPrediction(db(), cup, alice.id, { 1: S[1] }, ago(1));
    });

    it("lists the viewer's accepted friends who predicted, best first, at most 5, under the friend key", async () => {
      const seen = await detail(cup.id, alice.client);
      expect(seen.friend_predictions.map((row) => [row.rank, row.friend.id])).toEqual([
        [3, friends[6]],
        [4, friends[0]],
        [5, friends[1]],
        [6, friends[2]],
        [7, friends[3]],
      ]);
      expect(seen.friend_predictions[0]).toEqual({ rank: 3, friend: member(friends[6], 'Pal6'), accuracy: 100, correct: 1, total: 1, picks: 2 });
      expect(seen.friend_predictions.every((row) => !('user' in row))).toBe(true);
      expect(seen.top_predictions.map((row) => row.user.id).slice(0, 2)).toEqual([others.stranger, others.pending]);
      expect(seen.user_prediction).toMatchObject({ rank: 10, accuracy: 0, total: 1 });
    });

    it('is empty for visitors, for members without friends and while friends are switched off', async () => {
      expect((await detail(cup.id)).friend_predictions).toEqual([]);
      const loner = await signedInMember(t.app, 'Loner');
      expect((await detail(cup.id, loner.client)).friend_predictions).toEqual([]);
      const settings = t.app.services.settings;
      const before = await settings.get();
      await settings.update({ ...before, friends_enabled: false });
      try {
        expect((await detail(cup.id, alice.client)).friend_predictions).toEqual([]);
      } finally {
        await settings.update(before);
      }
      expect((await detail(cup.id, alice.client)).friend_predictions).toHaveLength(5);
    });
  });
});
