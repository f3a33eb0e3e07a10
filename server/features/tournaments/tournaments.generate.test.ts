import { beforeAll, describe, expect, it } from 'vitest';
import { tournamentListResponseSchema } from '../../../common/contracts/tournaments';
import { TOURNAMENT_SIZES } from '../../../common/tournaments';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { act, createByApi, decide, generatedByApi, memberView, seats, TOURNAMENTS, tournamentOf, tournamentSnapshot } from './tournaments-admin.testkit';

/** Generating brackets (decision 020): every size, numbering, seeding pairs, TBD later rounds, and when it may happen again. */
describe('tournaments admin: generating the bracket', () => {
  const t = useTestApp();
  let staff: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    staff = await signedIn(t.app, 'BracketMaker', 'moderator');
    visitor = new TestClient(t.app);
    await visitor.page('/');
  });

  it.each(TOURNAMENT_SIZES)('makes the %i-slot bracket: size-1 matches numbered round 1 first, seats paired 1v2, 3v4…, later rounds TBD', async (size) => {
    const names = seats(size, `S${size}`).map((seat) => seat.name);
    const created = await createByApi(staff, { name: `Bracket of ${size}`, size, slots: names.map((name) => ({ name })) });
    expect(created).toMatchObject({ status: 'draft', generated_at: null, is_active: false, matches: [], matches_count: 0 });
    const response = await act(staff, created.id, 'generate');
    expect(response.json().message).toBe('Bracket generated. Members can see the tournament now.');
    const tournament = tournamentOf(response);
    expect(tournament).toMatchObject({ status: 'active', is_active: true, predictions_active: false, matches_count: size - 1, progress: 0, slots_locked: false });
    expect(tournament.generated_at).not.toBeNull();

    const rounds = Math.log2(size);
    expect(tournament.matches.map((match) => match.match_number)).toEqual(Array.from({ length: size - 1 }, (_, index) => index + 1));
    const expectedRounds = Array.from({ length: rounds }, (_, r) => Array.from({ length: size / 2 ** (r + 1) }, () => r + 1)).flat();
    expect(tournament.matches.map((match) => match.round)).toEqual(expectedRounds);
    const firstRound = tournament.matches.filter((match) => match.round === 1);
    expect(firstRound.map((match) => [match.slot1_name, match.slot2_name])).toEqual(Array.from({ length: size / 2 }, (_, index) => [names[2 * index], names[2 * index + 1]]));
    for (const match of tournament.matches.filter((candidate) => candidate.round > 1)) {
      expect([match.slot1_name, match.slot2_name, match.winner_name], `match ${match.match_number}`).toEqual([null, null, null]);
    }
    const view = await memberView(visitor, tournament.id);
    expect(view.tournament.matches.map((match) => [match.id, match.slot1_name, match.slot2_name])).toEqual(tournament.matches.map((match) => [match.id, match.slot1_name, match.slot2_name]));
  });

  it('shows a tournament to members only once its bracket is generated', async () => {
    const draft = await createByApi(staff, { name: 'Hidden until generated' });
    const listed = async () => tournamentListResponseSchema.parse((await visitor.get('/api/r/tournaments')).json()).data.map((tournament) => tournament.id);
    const hidden = await visitor.get(`/api/r/tournaments/${draft.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ success: false, message: 'Tournament not found.' });
    expect(await listed()).not.toContain(draft.id);
    tournamentOf(await act(staff, draft.id, 'generate'));
    expect((await memberView(visitor, draft.id)).tournament).toMatchObject({ name: 'Hidden until generated', size: 8, matches_count: 7, is_active: true });
    expect(await listed()).toContain(draft.id);
  });

  it('refuses to generate while a seat is unnamed (422 per seat), changing nothing', async () => {
    const slots = seats(8);
    slots[2] = { name: '' };
    slots[7] = { name: '  ' };
    const draft = await createByApi(staff, { name: 'Half filled', slots });
    expect(draft.slots.map((slot) => slot.name)).toEqual(['Slot 1', 'Slot 2', '', 'Slot 4', 'Slot 5', 'Slot 6', 'Slot 7', '']);
    const before = await tournamentSnapshot(t);
    const response = await act(staff, draft.id, 'generate');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: 'Fill every slot before generating the bracket.',
      errors: { 'slots.2.name': ['Enter the slot name.'], 'slots.7.name': ['Enter the slot name.'] },
    });
    expect(await tournamentSnapshot(t)).toEqual(before);
    expect((await act(staff, 2_147_483_647, 'generate')).json()).toEqual({ success: false, message: 'Tournament not found.' });
  });

  it('follows seat edits of a generated bracket while nothing is locked: renamed seats keep the match ids, a new size builds it again', async () => {
    const tournament = await generatedByApi(staff, { name: 'Edited bracket' });
    const form = { name: tournament.name, size: 8, slots: seats(8, 'Renamed') };
    const renamed = tournamentOf(await staff.put(`${TOURNAMENTS}/${tournament.id}`, form));
    expect(renamed.matches.map((match) => match.id)).toEqual(tournament.matches.map((match) => match.id));
    expect(renamed.matches.slice(0, 4).map((match) => [match.slot1_name, match.slot2_name])).toEqual([
      ['Renamed 1', 'Renamed 2'], ['Renamed 3', 'Renamed 4'], ['Renamed 5', 'Renamed 6'], ['Renamed 7', 'Renamed 8'],
    ]);
    expect((await memberView(visitor, tournament.id)).tournament.matches[0].slot1_name).toBe('Renamed 1');

    const smaller = tournamentOf(await staff.put(`${TOURNAMENTS}/${tournament.id}`, { ...form, size: 4, slots: seats(4, 'Small') }));
    expect(smaller.matches.map((match) => [match.round, match.match_number, match.slot1_name, match.slot2_name])).toEqual([
      [1, 1, 'Small 1', 'Small 2'], [1, 2, 'Small 3', 'Small 4'], [2, 3, null, null],
    ]);
    expect(await t.database.db.selectFrom('tournament_matches').select('id').where('tournament_id', '=', tournament.id).execute()).toHaveLength(3);

    // A generated bracket keeps every seat named.
    const unnamed = await staff.put(`${TOURNAMENTS}/${tournament.id}`, { ...form, size: 4, slots: [...seats(3, 'Small'), { name: '' }] });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors).toEqual({ 'slots.3.name': ['Enter the slot name.'] });
    // Generating again, with nothing locked, makes the same bracket afresh.
    const again = tournamentOf(await act(staff, tournament.id, 'generate'));
    expect(again.matches.map((match) => [match.match_number, match.slot1_name, match.slot2_name])).toEqual(smaller.matches.map((match) => [match.match_number, match.slot1_name, match.slot2_name]));
    expect(again.generated_at).toBe(smaller.generated_at);
  });

  it('keeps seats and the bracket while predictions are open, and for good once a match has a result', async () => {
    const tournament = await generatedByApi(staff, { name: 'Locked bracket' }, { open: true });
    const form = { name: 'Locked bracket', size: 8, slots: seats(8, 'Other') };
    const before = await tournamentSnapshot(t);
    for (const [response, message] of [
      [await staff.put(`${TOURNAMENTS}/${tournament.id}`, form), 'Close predictions before changing the slots or size.'],
      [await act(staff, tournament.id, 'generate'), 'Close predictions before generating the bracket again.'],
      [await staff.delete(`${TOURNAMENTS}/${tournament.id}`), 'Close predictions before deleting the tournament.'],
    ] as const) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await tournamentSnapshot(t)).toEqual(before);
    // The name and description may still change.
    expect(tournamentOf(await staff.put(`${TOURNAMENTS}/${tournament.id}`, { ...form, name: 'Locked bracket, renamed', slots: seats(8) })).name).toBe('Locked bracket, renamed');

    tournamentOf(await act(staff, tournament.id, 'predictions/close'));
    await decide(staff, tournament, 1, 'Slot 1');
    const locked = tournamentOf(await staff.get(`${TOURNAMENTS}/${tournament.id}`));
    expect(locked.slots_locked).toBe(true);
    const afterResult = await tournamentSnapshot(t);
    const refusals = [
      [await staff.put(`${TOURNAMENTS}/${tournament.id}`, form), 'Members have predicted or matches have results, so the slots and size can no longer change.'],
      [await staff.put(`${TOURNAMENTS}/${tournament.id}`, { ...form, size: 4, slots: seats(4) }), 'Members have predicted or matches have results, so the slots and size can no longer change.'],
      [await act(staff, tournament.id, 'generate'), 'Members have predicted or matches have results, so the bracket cannot be generated again.'],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await tournamentSnapshot(t)).toEqual(afterResult);
  });
});
