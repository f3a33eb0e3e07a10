import { beforeAll, describe, expect, it } from 'vitest';
import { adminTournamentListSchema, type AdminTournament, type TournamentInput } from '../../../common/contracts/tournaments-admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, type TestClient } from '../../test/client';
import { act, createByApi, decide, generatedByApi, predict, seats, TOURNAMENTS, tournamentOf, tournamentSnapshot } from './tournaments-admin.testkit';

/** The whole form as the admin page sends it, from a tournament as staff see it. */
const formOf = (tournament: AdminTournament): TournamentInput => ({
  name: tournament.name,
  description: tournament.description,
  size: tournament.size as TournamentInput['size'],
  slots: tournament.slots.map((slot) => ({ name: slot.name, slot_id: slot.slot_id, user_id: slot.user?.id ?? null })),
  reward_points: tournament.reward_points,
});

/** Staff creating, editing, listing and deleting tournaments (decision 020): every field checked, seats fixed once locked. */
describe('tournaments admin: create, edit, list, delete', () => {
  const t = useTestApp();
  let staff: TestClient;
  let player: SignedInMember;
  let catalogueSlot: { id: number; name: string };

  beforeAll(async () => {
    staff = await signedIn(t.app, 'TournamentKeeper', 'admin');
    player = await signedInMember(t.app, 'SlotPlayer');
    const added = await staff.post('/admin-new/api/slots', { name: 'Gates of Olympus', provider: 'Pragmatic Play' });
    expect(added.statusCode, added.body).toBe(200);
    catalogueSlot = added.json().data;
  });

  it('creates a draft with its seats, catalogue slots, members and rewards', async () => {
    const response = await staff.post(TOURNAMENTS, {
      name: '  Friday Slot Battle  ',
      description: 'Eight slots, one champion.',
      size: 4,
      slots: [{ name: ' Gates of Olympus ', slot_id: catalogueSlot.id, user_id: player.id }, { name: 'Sweet Bonanza' }, { name: '' }, { name: 'Mental', user_id: player.id }],
      reward_points: [500, 200],
    });
    expect(response.json().message).toBe('Tournament created. Fill every slot, then generate the bracket.');
    const full = await staff.post(TOURNAMENTS, { name: 'Every Seat Named', size: 4, slots: ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => ({ name })), reward_points: [] });
    expect(full.json().message).toBe('Tournament created. Generate the bracket when you are ready.');
    const tournament = tournamentOf(response);
    expect(tournament).toMatchObject({
      name: 'Friday Slot Battle', description: 'Eight slots, one champion.', size: 4, status: 'draft', is_active: false, predictions_active: false,
      generated_at: null, finished_at: null, matches: [], matches_count: 0, predictions_count: 0, progress: 0, reward_points: [500, 200],
      slots_locked: false, top_predictions: [], rewards_paid: [],
    });
    const member = { id: player.id, username: 'SlotPlayer', kick_username: null, avatar_url: expect.any(String) };
    expect(tournament.slots).toEqual([
      { position: 1, name: 'Gates of Olympus', slot_id: catalogueSlot.id, image: null, user: member },
      { position: 2, name: 'Sweet Bonanza', slot_id: null, image: null, user: null },
      { position: 3, name: '', slot_id: null, image: null, user: null },
      { position: 4, name: 'Mental', slot_id: null, image: null, user: member },
    ]);
    expect(tournamentOf(await staff.get(`${TOURNAMENTS}/${tournament.id}`))).toEqual(tournament);
  });

  it('refuses bad input field by field with 422, on create and edit alike, changing nothing', async () => {
    const good = { name: 'Good tournament', size: 4 as const, slots: seats(4) };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: 'ab' }, 'name', 'Give the tournament a name of at least 3 characters.'],
      [{ name: undefined }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ size: 6 }, 'size', 'Choose 4, 8, 16 or 32 slots.'],
      [{ size: '8' }, 'size'],
      [{ size: 8 }, 'slots', 'A 8 slot tournament needs exactly 8 slots.'],
      [{ slots: seats(5) }, 'slots', 'A 4 slot tournament needs exactly 4 slots.'],
      [{ slots: 'four' }, 'slots'],
      [{ slots: [...seats(3), { name: 'y'.repeat(101) }] }, 'slots.3.name'],
      [{ slots: [...seats(3), { name: ' slot 2 ' }] }, 'slots.3.name', '“slot 2” is already in this bracket; every slot needs its own name.'],
      [{ slots: [{ name: 'A', slot_id: 'x' }, ...seats(3)] }, 'slots.0.slot_id'],
      [{ slots: [{ name: 'A', slot_id: 999_999 }, ...seats(3)] }, 'slots.0.slot_id', 'That slot is not in the catalogue any more; choose it again.'],
      [{ slots: [...seats(2), { name: 'C', user_id: 999_999 }, { name: 'D' }] }, 'slots.2.user_id', 'That member does not exist; choose them again.'],
      [{ slots: [...seats(2), { name: 'C', user_id: -3 }, { name: 'D' }] }, 'slots.2.user_id'],
      [{ reward_points: [0] }, 'reward_points.0'],
      [{ reward_points: [1.5] }, 'reward_points.0'],
      [{ reward_points: Array.from({ length: 11 }, () => 10) }, 'reward_points', 'At most 10 reward places.'],
    ];
    const existing = await createByApi(staff, good);
    const before = await tournamentSnapshot(t);
    for (const send of [(body: unknown) => staff.post(TOURNAMENTS, body), (body: unknown) => staff.put(`${TOURNAMENTS}/${existing.id}`, body)]) {
      for (const [change, field, message] of cases) {
        const response = await send({ ...good, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(422);
        expect(response.json().errors, JSON.stringify(change)).toHaveProperty([field]);
        if (message) expect(response.json().errors[field]).toEqual([message]);
      }
    }
    expect(await tournamentSnapshot(t)).toEqual(before);
    expect((await staff.put(`${TOURNAMENTS}/2147483647`, good)).json()).toEqual({ success: false, message: 'Tournament not found.' });
  });

  it('edits name, description and rewards any time before the finish, and seats only while nobody predicted and no match has a result', async () => {
    const draft = await createByApi(staff, { name: 'Editable', slots: seats(8) });
    const edited = tournamentOf(await staff.put(`${TOURNAMENTS}/${draft.id}`, { ...formOf(draft), name: 'Edited', description: 'New words', size: 4, slots: [{ name: 'A', slot_id: catalogueSlot.id }, { name: 'B', user_id: player.id }, { name: 'C' }, { name: 'D' }], reward_points: [100] }));
    expect(edited).toMatchObject({ name: 'Edited', description: 'New words', size: 4, reward_points: [100] });
    expect(edited.slots.map((slot) => [slot.name, slot.slot_id, slot.user?.id ?? null])).toEqual([['A', catalogueSlot.id, null], ['B', null, player.id], ['C', null, null], ['D', null, null]]);

    tournamentOf(await act(staff, draft.id, 'generate'));
    const open = tournamentOf(await act(staff, draft.id, 'predictions/open'));
    await predict(player.client, open, { 1: 'A', 2: 'C', 3: 'A' });
    tournamentOf(await act(staff, draft.id, 'predictions/close'));
    const locked = tournamentOf(await staff.get(`${TOURNAMENTS}/${draft.id}`));
    expect(locked).toMatchObject({ slots_locked: true, predictions_count: 1 });

    const before = await tournamentSnapshot(t);
    for (const change of [{ slots: [...formOf(locked).slots.slice(0, 3), { name: 'Z' }] }, { slots: formOf(locked).slots.map((slot) => ({ ...slot, user_id: null })) }, { size: 8, slots: seats(8) }]) {
      const response = await staff.put(`${TOURNAMENTS}/${draft.id}`, { ...formOf(locked), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'Members have predicted or matches have results, so the slots and size can no longer change.' });
    }
    expect(await tournamentSnapshot(t)).toEqual(before);
    const renamed = tournamentOf(await staff.put(`${TOURNAMENTS}/${draft.id}`, { ...formOf(locked), name: 'Renamed while locked', reward_points: [300, 100] }));
    expect(renamed).toMatchObject({ name: 'Renamed while locked', reward_points: [300, 100] });
    expect(renamed.updated_at > locked.updated_at).toBe(true);
  });

  it('fixes the rewards once the tournament finished, but not its name', async () => {
    const tournament = await generatedByApi(staff, { name: 'Finished with rewards', size: 4, reward_points: [50] });
    await decide(staff, tournament, 1, 'Slot 1');
    await decide(staff, tournament, 2, 'Slot 4');
    await decide(staff, tournament, 3, 'Slot 4');
    const finished = tournamentOf(await act(staff, tournament.id, 'finish'));
    const refused = await staff.put(`${TOURNAMENTS}/${tournament.id}`, { ...formOf(finished), reward_points: [500] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The rewards were paid when the tournament finished, so they can no longer change.');
    expect(tournamentOf(await staff.put(`${TOURNAMENTS}/${tournament.id}`, { ...formOf(finished), name: 'Finished, renamed' })).name).toBe('Finished, renamed');
  });

  it('deletes a tournament nobody predicted, draft or generated, and refuses once anyone did', async () => {
    for (const tournament of [await createByApi(staff, { name: 'Draft to delete' }), await generatedByApi(staff, { name: 'Bracket to delete' })]) {
      expect((await staff.delete(`${TOURNAMENTS}/${tournament.id}`)).json()).toEqual({ success: true, message: 'Tournament deleted.' });
      expect((await staff.get(`${TOURNAMENTS}/${tournament.id}`)).statusCode).toBe(404);
      expect(await t.database.db.selectFrom('tournament_slots').select('id').where('tournament_id', '=', tournament.id).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('tournament_matches').select('id').where('tournament_id', '=', tournament.id).execute()).toEqual([]);
    }
    const predicted = await generatedByApi(staff, { name: 'Predicted, kept' }, { open: true });
    await predict(player.client, predicted, { 1: 'Slot 2' });
    tournamentOf(await act(staff, predicted.id, 'predictions/close'));
    const before = await tournamentSnapshot(t);
    const refused = await staff.delete(`${TOURNAMENTS}/${predicted.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Members made 1 prediction on this tournament, so it cannot be deleted.' });
    expect(await tournamentSnapshot(t)).toEqual(before);
    expect((await staff.delete(`${TOURNAMENTS}/2147483647`)).json()).toEqual({ success: false, message: 'Tournament not found.' });
  });

  it('lists tournaments newest first with status filters, search and pages; rows carry figures, not brackets', async () => {
    const list = async (query = '') => adminTournamentListSchema.parse((await staff.get(`${TOURNAMENTS}${query}`)).json());
    const all = await list();
    expect(all.data.map((tournament) => tournament.id)).toEqual([...all.data.map((tournament) => tournament.id)].sort((a, b) => b - a));
    for (const row of all.data) expect([row.matches, row.slots, row.top_predictions]).toEqual([[], [], []]);
    const statuses = Object.fromEntries(all.data.map((row) => [row.name, row.status]));
    expect(statuses).toMatchObject({ 'Friday Slot Battle': 'draft', 'Renamed while locked': 'active', 'Finished, renamed': 'completed' });
    const finished = all.data.find((row) => row.name === 'Finished, renamed')!;
    expect(finished).toMatchObject({ progress: 100, is_completed: true, winner_name: 'Slot 4', matches_count: 3 });
    expect(all.data.find((row) => row.name === 'Renamed while locked')).toMatchObject({ slots_locked: true, predictions_count: 1, matches_count: 3 });

    for (const status of ['draft', 'active', 'completed'] as const) {
      const rows = (await list(`?status=${status}`)).data;
      expect(rows.map((row) => row.id), status).toEqual(all.data.filter((row) => row.status === status).map((row) => row.id));
    }
    expect((await list('?search=RENAMED')).data.map((row) => row.name)).toEqual(['Finished, renamed', 'Renamed while locked']);
    expect((await list('?search=100%')).data).toEqual([]);
    for (let index = 0; index < 20; index++) await createByApi(staff, { name: `Paging ${index}` });
    const second = await list('?page=2');
    expect(second).toMatchObject({ page: 2, pages: 2, total: all.total + 20 });
    expect(second.data).toHaveLength(all.total);
    const refused = await staff.get(`${TOURNAMENTS}?status=paused`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ status: ['Choose a status from the list.'] });
  });
});
