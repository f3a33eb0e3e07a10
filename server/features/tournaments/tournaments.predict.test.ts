import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../common/contracts/profiles';
import { predictResponseSchema, tournamentDetailResponseSchema } from '../../../common/contracts/tournaments';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { TOURNAMENT_MESSAGES } from './tournaments.service';
import { createTournament, SLOT_NAMES, setPredictionsActive, setResults, type TestTournament, type TournamentSpec } from './tournaments.testkit';

const S = SLOT_NAMES;

/** POST /api/r/tournaments/{id}/predict (spec 2 §4, §5, §7, §8; decision 020): every rule, every refusal, and what a refusal leaves. */
describe('predicting a bracket', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const open = (spec: TournamentSpec = {}) => createTournament(db(), { predictions_active: true, ...spec });
  const send = (client: TestClient, cup: TestTournament, body: unknown) => client.post(`/api/r/tournaments/${cup.id}/predict`, body);
  /** The body the page sends: picks by match number. */
  const picks = (cup: TestTournament, byNumber: Record<number, string>) => ({
    predictions: Object.entries(byNumber).map(([number, name]) => ({ match_id: cup.matchIds[Number(number)], winner_name: name })),
  });

  /** Everything a save may change for a tournament. */
  async function state(cup: TestTournament) {
    const [row, predictions, stored, awards] = await Promise.all([
      db().selectFrom('tournaments').select(['predictions_active', 'updated_at']).where('id', '=', cup.id).executeTakeFirstOrThrow(),
      db().selectFrom('tournament_predictions').selectAll().where('tournament_id', '=', cup.id).orderBy('id').execute(),
      db()
        .selectFrom('tournament_picks as p')
        .innerJoin('tournament_predictions as tp', 'tp.id', 'p.prediction_id')
        .select(['p.prediction_id', 'p.match_id', 'p.winner_position'])
        .where('tp.tournament_id', '=', cup.id)
        .orderBy('p.prediction_id')
        .orderBy('p.match_id')
        .execute(),
      db().selectFrom('member_achievements').select(['user_id', 'achievement_id']).orderBy('user_id').orderBy('achievement_id').execute(),
    ]);
    return { row, predictions, picks: stored, awards };
  }

  /** A refusal: its status and message (and field), and nothing changed. */
  async function refused(client: TestClient, cup: TestTournament, body: unknown, status: number, message: string, field?: string) {
    const before = await state(cup);
    const response = await send(client, cup, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    if (field) expect(response.json().errors[field]).toEqual([message]);
    expect(await state(cup)).toEqual(before);
  }

  async function saved(m: SignedInMember, cup: TestTournament, byNumber: Record<number, string>) {
    const response = await send(m.client, cup, picks(cup, byNumber));
    expect(response.statusCode, response.body).toBe(200);
    return predictResponseSchema.parse(response.json());
  }
  /** The member's stored picks by match number. */
  const storedPicks = async (m: SignedInMember, cup: TestTournament) => {
    const detail = tournamentDetailResponseSchema.parse((await m.client.get(`/api/r/tournaments/${cup.id}`)).json()).data;
    const numberOf = new Map(detail.tournament.matches.map((match) => [match.id, match.match_number]));
    return Object.fromEntries((detail.user_prediction?.matches ?? []).map((pick) => [numberOf.get(pick.tournament_match_id), pick.predicted_winner_name]));
  };

  it('saves a whole bracket: names matched without case or spaces, later rounds reached through the member’s own picks', async () => {
    const cup = await open({ size: 8 });
    const m = await signedInMember(t.app, 'FullBracket');
    const response = await saved(m, cup, { 1: `  ${S[0].toUpperCase()} `, 2: S[3], 3: S[4], 4: S[7], 5: S[3].toLowerCase(), 6: S[4], 7: S[3] });
    expect(response).toEqual({
      success: true,
      message: 'Predictions saved!',
      data: {
        matches: [S[0], S[3], S[4], S[7], S[3], S[4], S[3]].map((name, index) => ({ tournament_match_id: cup.matchIds[index + 1], predicted_winner_name: name })),
        rank: 1,
        accuracy: 0,
        correct: 0,
        total: 0,
        picks: 7,
        updated_at: response.data.updated_at,
      },
    });
    const after = await state(cup);
    expect(after.predictions.length).toBe(1);
    expect(after.predictions).toMatchObject([{ user_id: m.id, picks_count: 7, correct_count: 0, decided_count: 0, accuracy_bp: 0 }]);
    expect(after.predictions[0].created_at).toBe(response.data.updated_at);
    expect(after.picks.map((pick) => pick.winner_position)).toEqual([1, 4, 5, 8, 4, 5, 4]);
  });

  it('replaces the picks when saving again, keeping the first save’s time and the count', async () => {
    const cup = await open();
    const m = await signedInMember(t.app, 'ChangedMind');
    const first = await saved(m, cup, { 1: S[0], 2: S[2], 3: S[0] });
    const before = await state(cup);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await saved(m, cup, { 1: S[1] });
    expect(second.data).toMatchObject({ picks: 1, matches: [{ tournament_match_id: cup.matchIds[1], predicted_winner_name: S[1] }] });
    expect(second.data.updated_at > first.data.updated_at).toBe(true);
    const after = await state(cup);
    expect(after.predictions.length).toBe(1);
    expect(after.predictions).toHaveLength(1);
    expect(after.predictions[0]).toMatchObject({ id: before.predictions[0].id, created_at: before.predictions[0].created_at, picks_count: 1 });
    expect(await storedPicks(m, cup)).toEqual({ 1: S[1] });
  });

  it('asks visitors to sign in before looking at what they sent', async () => {
    const cup = await open();
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    for (const body of [picks(cup, { 1: S[0] }), { predictions: [] }, {}, { predictions: 'all of them' }]) {
      await refused(visitor, cup, body, 401, 'You must be logged in to make predictions');
    }
  });

  it('refuses while predictions are closed, and for tournaments members cannot see', async () => {
    const m = await signedInMember(t.app, 'TooLate');
    const closed = await createTournament(db());
    await refused(m.client, closed, picks(closed, { 1: S[0] }), 409, 'Predictions are no longer active for this tournament');
    const draft = await createTournament(db(), { generated: false, predictions_active: true });
    await refused(m.client, draft, { predictions: [{ match_id: 1, winner_name: S[0] }] }, 404, 'Tournament not found.');
    const missing = await m.client.post('/api/r/tournaments/2147483647/predict', { predictions: [{ match_id: 1, winner_name: S[0] }] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TOURNAMENT_MESSAGES.notFound);
  });

  it('refuses an empty list and malformed picks with a message per field, never a 500', async () => {
    const cup = await open();
    const m = await signedInMember(t.app, 'Sloppy');
    await refused(m.client, cup, { predictions: [] }, 422, 'Please make at least one prediction', 'predictions');
    for (const [body, field] of [
      [{}, 'predictions'],
      [{ predictions: 'all' }, 'predictions'],
      [{ predictions: [{ match_id: 'one', winner_name: S[0] }] }, 'predictions.0.match_id'],
      [{ predictions: [{ match_id: 1.5, winner_name: S[0] }] }, 'predictions.0.match_id'],
      [{ predictions: [{ match_id: cup.matchIds[1], winner_name: '   ' }] }, 'predictions.0.winner_name'],
      [{ predictions: [{ match_id: cup.matchIds[1] }] }, 'predictions.0.winner_name'],
      [{ predictions: [{ match_id: cup.matchIds[1], winner_name: 'x'.repeat(101) }] }, 'predictions.0.winner_name'],
    ] as const) {
      const before = await state(cup);
      const response = await send(m.client, cup, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toHaveProperty([field]);
      expect(await state(cup)).toEqual(before);
    }
  });

  it('refuses matches of other tournaments, unknown matches and a match picked twice', async () => {
    const cup = await open();
    const other = await open();
    const m = await signedInMember(t.app, 'Confused');
    const foreign = other.matchIds[1];
    await refused(m.client, cup, { predictions: [{ match_id: cup.matchIds[1], winner_name: S[0] }, { match_id: foreign, winner_name: S[0] }] }, 422, `Match ${foreign} is not part of this tournament.`, 'predictions.1.match_id');
    await refused(m.client, cup, { predictions: [{ match_id: 2_147_483_647, winner_name: S[0] }] }, 422, 'Match 2147483647 is not part of this tournament.', 'predictions.0.match_id');
    const twice = { predictions: [{ match_id: cup.matchIds[1], winner_name: S[0] }, { match_id: cup.matchIds[1], winner_name: S[1] }] };
    await refused(m.client, cup, twice, 422, 'Each match can be picked once.', 'predictions.1.match_id');
  });

  it('refuses a name that cannot reach the match, naming the match', async () => {
    const cup = await open({ size: 8 });
    const m = await signedInMember(t.app, 'Dreamer');
    await refused(m.client, cup, picks(cup, { 1: 'Not A Slot' }), 422, '“Not A Slot” cannot reach Match 1.', 'predictions.0.winner_name');
    await refused(m.client, cup, picks(cup, { 1: S[2] }), 422, `“${S[2]}” cannot reach Match 1.`, 'predictions.0.winner_name');
    // Match 5 waits for Matches 1 and 2: without both picked, nobody plays there yet.
    await refused(m.client, cup, picks(cup, { 1: S[0], 5: S[0] }), 422, `“${S[0]}” cannot reach Match 5.`, 'predictions.1.winner_name');
    // Lost in the member's own pick of Match 1; and from the other half of the bracket.
    await refused(m.client, cup, picks(cup, { 1: S[0], 2: S[2], 3: S[4], 4: S[6], 5: S[1] }), 422, `“${S[1]}” cannot reach Match 5.`, 'predictions.4.winner_name');
    await refused(m.client, cup, picks(cup, { 1: S[0], 2: S[2], 3: S[4], 4: S[6], 5: S[0], 6: S[6], 7: S[2] }), 422, `“${S[2]}” cannot reach Match 7.`, 'predictions.6.winner_name');
    expect((await saved(m, cup, { 1: S[0], 2: S[2], 3: S[4], 4: S[6], 5: S[2] })).data.picks).toBe(5);
  });

  it('keeps picks on decided matches locked: the same pick is accepted, a different or new one refused, a missing one kept', async () => {
    const cup = await open();
    const m = await signedInMember(t.app, 'Locked');
    await saved(m, cup, { 1: S[0], 2: S[2], 3: S[0] });
    await setPredictionsActive(db(), cup.id, false);
    await setResults(db(), cup, { 1: S[1] });
    await setPredictionsActive(db(), cup.id, true);

    await refused(m.client, cup, picks(cup, { 1: S[1], 2: S[2] }), 422, 'Match 1 already has a result; your pick there is locked.', 'predictions.0.winner_name');
    const latecomer = await signedInMember(t.app, 'Latecomer');
    await refused(latecomer.client, cup, picks(cup, { 1: S[1] }), 422, 'Match 1 already has a result; your pick there is locked.', 'predictions.0.winner_name');
    // The final now has the real winner of Match 1; the member's loser cannot reach it any more.
    await refused(m.client, cup, picks(cup, { 2: S[2], 3: S[0] }), 422, `“${S[0]}” cannot reach Match 3.`, 'predictions.1.winner_name');

    const kept = await saved(m, cup, { 2: S[3] });
    expect(kept.data).toMatchObject({ picks: 2, correct: 0, total: 1, accuracy: 0 });
    expect(await storedPicks(m, cup)).toEqual({ 1: S[0], 2: S[3] });
    const again = await saved(m, cup, { 1: S[0], 2: S[2], 3: S[1] });
    expect(again.data).toMatchObject({ picks: 3, correct: 0, total: 1 });
    expect(await storedPicks(m, cup)).toEqual({ 1: S[0], 2: S[2], 3: S[1] });
    expect((await saved(latecomer, cup, { 2: S[2], 3: S[2] })).data).toMatchObject({ picks: 2, total: 0, rank: 2 });
  });

  it('counts predictions on the profile, lists them newest first, and awards the achievement on a first save only', async () => {
    const admin = await signedIn(t.app, 'TournamentStaff', 'admin');
    const badge = { title: 'Bracket Regular', description: 'Predict two tournaments.', category: 'gaming', icon: 'trophy', rule_kind: 'tournament_predictions', rule_threshold: 2 };
    expect((await admin.post('/admin-new/api/achievements', badge)).statusCode).toBe(200);
    const cups = [await open({ name: 'First Bracket' }), await open({ name: 'Second Bracket' }), await open({ name: 'Third Bracket' })];
    const m = await signedInMember(t.app, 'Pundit');
    // Read as another member: a visitor may be shown a copy up to a second old.
    const profile = async () => profileSchema.parse((await admin.get('/api/r/user/Pundit')).json().data);

    await saved(m, cups[0], { 1: S[0] });
    await saved(m, cups[0], { 1: S[1], 2: S[2] });
    let seen = await profile();
    expect(seen.stats.tournament_predictions).toBe(1);
    // The seeded Bracket Brain comes with the first prediction, the staff's two-tournament badge not yet.
    expect(seen.achievements.map((a) => a.title)).toContain('Bracket Brain');
    expect(seen.achievements.map((a) => a.title)).not.toContain('Bracket Regular');

    await saved(m, cups[1], { 1: S[0] });
    await saved(m, cups[2], { 2: S[3] });
    seen = await profile();
    expect(seen.stats.tournament_predictions).toBe(3);
    expect(seen.achievements.filter((a) => a.title.startsWith('Bracket ')).map((a) => a.title).sort()).toEqual(['Bracket Brain', 'Bracket Regular']);
    const rows = await db().selectFrom('tournament_predictions').select(['id', 'created_at']).where('user_id', '=', m.id).orderBy('id', 'desc').execute();
    expect(seen.recent_activity.tournament_predictions).toEqual([
      { id: rows[0].id, created_at: rows[0].created_at, tournament: { name: 'Third Bracket', is_active: true } },
      { id: rows[1].id, created_at: rows[1].created_at, tournament: { name: 'Second Bracket', is_active: true } },
      { id: rows[2].id, created_at: rows[2].created_at, tournament: { name: 'First Bracket', is_active: true } },
    ]);
    const notices = await db().selectFrom('notifications').select('data').where('user_id', '=', m.id).where('type', '=', 'achievement').orderBy('id').execute();
    expect(notices.map((n) => (JSON.parse(n.data) as { message: string }).message)).toEqual(['Achievement unlocked: Bracket Brain!', 'Achievement unlocked: Bracket Regular!']);
    await db().updateTable('tournaments').set({ is_active: 0 }).where('id', '=', cups[2].id).execute();
    expect((await profile()).recent_activity.tournament_predictions[0].tournament).toEqual({ name: 'Third Bracket', is_active: false });
  });

  it('lets a member make 30 save calls a minute and no more', async () => {
    const closed = await createTournament(db());
    const m = await signedInMember(t.app, 'Hammer');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(m.client, closed, picks(closed, { 1: S[0] }))).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 409)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Another member is not held back.
    const other = await signedInMember(t.app, 'Patient');
    expect((await send(other.client, closed, picks(closed, { 1: S[0] }))).statusCode).toBe(409);
  });
});
