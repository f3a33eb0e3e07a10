import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSlotListSchema, type AdminSlot } from '../../../common/contracts/bonus-hunts-admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { createTournament } from '../tournaments/tournaments.testkit';
import { addGames, announcedDuring, enterWins, HUNTS, huntOf, huntSnapshot, predict, SLOTS, startHunt } from './hunts-admin.testkit';

const NAME_TAKEN = 'A slot with this name is already in the catalogue.';

/** The slot catalogue staff keep: type-ahead search, edits, images, deletes of unused slots and merges of duplicates. */
describe('the slot catalogue in the admin API', () => {
  const t = useTestApp();
  let moderator: TestClient;
  const list = async (query = '') => {
    const response = await moderator.get(`${SLOTS}${query}`);
    expect(response.statusCode, `${query} ${response.body}`).toBe(200);
    return adminSlotListSchema.parse(response.json());
  };
  const create = async (body: Record<string, unknown>): Promise<AdminSlot> => {
    const response = await moderator.post(SLOTS, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const upload = async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a0f' } }).png().toBuffer();
    const { payload, headers } = await multipart([{ name: 'slot.png', type: 'image/png', data: png }]);
    const response = await moderator.post(`${SLOTS}/images`, payload, { headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().path as string;
  };

  beforeAll(async () => {
    moderator = await signedIn(t.app, 'SlotKeeper', 'moderator');
  });

  it('adds slots, refusing a name already there in any case', async () => {
    const created = await moderator.post(SLOTS, { name: '  Sweet Bonanza ', provider: 'Pragmatic Play' });
    expect(created.json()).toEqual({
      success: true,
      message: '“Sweet Bonanza” added to the catalogue.',
      data: { id: expect.any(Number), name: 'Sweet Bonanza', provider: 'Pragmatic Play', image: null, plays: 0, created_at: expect.any(String) },
    });
    const before = await huntSnapshot(t);
    for (const name of ['Sweet Bonanza', 'sweet BONANZA', ' Sweet Bonanza']) {
      const response = await moderator.post(SLOTS, { name });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: NAME_TAKEN, errors: { name: [NAME_TAKEN] } });
    }
    for (const [body, field, message] of [
      [{}, 'name', 'Name the slot.'],
      [{ name: ' ' }, 'name', 'Name the slot.'],
      [{ name: 'x'.repeat(121) }, 'name', 'At most 120 characters.'],
      [{ name: 'Ok', provider: 'p'.repeat(61) }, 'provider', 'At most 60 characters.'],
      [{ name: 'Ok', image: 'slots/../../etc/passwd' }, 'image', 'Upload the image again.'],
      [{ name: 'Ok', image: 'store/0123456789abcdef0123456789abcdef.webp' }, 'image', 'Upload the image again.'],
    ] as const) {
      const response = await moderator.post(SLOTS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field][0], JSON.stringify(body)).toBe(message);
    }
    expect(await huntSnapshot(t)).toEqual(before);
  });

  it('searches names and providers for the type-ahead, names starting with the text first', async () => {
    for (const [name, provider] of [['Big Bass Bonanza', 'Pragmatic Play'], ['Bonanza Megaways', 'Big Time Gaming'], ['Wanted Dead or a Wild', 'Hacksaw Gaming'], ['50% Off', ''], ['Money Train 4', 'Relax Gaming']]) {
      await create({ name, provider });
    }
    expect((await list('?search=bonanza')).data.map((slot) => slot.name)).toEqual(['Bonanza Megaways', 'Big Bass Bonanza', 'Sweet Bonanza']);
    expect((await list('?search=HACKSAW')).data.map((slot) => slot.name)).toEqual(['Wanted Dead or a Wild']);
    // The text is taken literally, not as a LIKE pattern.
    expect((await list('?search=%25')).data.map((slot) => slot.name)).toEqual(['50% Off']);
    const short = await list('?search=a&per_page=2');
    expect(short).toMatchObject({ page: 1, pages: 3, total: 5 });
    expect(short.data).toHaveLength(2);
    expect((await list('?search=a&per_page=2&page=3')).data).toHaveLength(1);
    const all = await list();
    expect(all.data.map((slot) => slot.name)).toEqual(['50% Off', 'Big Bass Bonanza', 'Bonanza Megaways', 'Money Train 4', 'Sweet Bonanza', 'Wanted Dead or a Wild']);
    for (const query of ['?per_page=0', '?per_page=101', '?page=0', `?search=${'x'.repeat(121)}`]) {
      const response = await moderator.get(`${SLOTS}${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('edits a slot and its image; the replaced image is removed; the running hunt hears of it', async () => {
    const slot = await create({ name: 'Sugar Rush', provider: 'Pragmatic' });
    const hunt = await startHunt(moderator);
    await addGames(moderator, hunt.id, [{ slot_id: slot.id, slot_bet: 1 }]);
    const first = await upload();
    expect(first).toMatch(/^slots\/[0-9a-f]{32}\.webp$/);
    let response;
    const heard = await announcedDuring(t, async () => {
      response = await moderator.put(`${SLOTS}/${slot.id}`, { name: 'Sugar Rush 1000', provider: 'Pragmatic Play', image: first });
    });
    expect(heard).toEqual([hunt.id]);
    expect(response!.json()).toMatchObject({ message: '“Sugar Rush 1000” saved.', data: { name: 'Sugar Rush 1000', provider: 'Pragmatic Play', image: first, plays: 1 } });
    expect(huntOf(await moderator.get(`${HUNTS}/${hunt.id}`)).games[0]).toMatchObject({ slot_name: 'Sugar Rush 1000', slot_image: first });
    expect((await moderator.get(`/storage/${first}`)).statusCode).toBe(200);

    const second = await upload();
    expect((await moderator.put(`${SLOTS}/${slot.id}`, { name: 'Sugar Rush 1000', provider: 'Pragmatic Play', image: second })).statusCode).toBe(200);
    expect((await moderator.get(`/storage/${first}`)).statusCode).toBe(404);

    const taken = await moderator.put(`${SLOTS}/${slot.id}`, { name: 'SWEET bonanza' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: NAME_TAKEN, errors: { name: [NAME_TAKEN] } });
    const missing = await moderator.put(`${SLOTS}/999999`, { name: 'Ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Slot not found.' });
    const empty = await multipart([]);
    const noFile = await moderator.post(`${SLOTS}/images`, empty.payload, { headers: empty.headers });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toEqual({ success: false, message: 'Choose an image to upload.', errors: { image: ['Choose an image to upload.'] } });
  });

  it('deletes only slots no hunt has used', async () => {
    const unused = await create({ name: 'Never Played' });
    expect((await moderator.delete(`${SLOTS}/${unused.id}`)).json()).toEqual({ success: true, message: '“Never Played” deleted from the catalogue.' });
    expect((await moderator.delete(`${SLOTS}/${unused.id}`)).statusCode).toBe(404);
    const used = (await list('?search=Sugar Rush')).data[0];
    const refused = await moderator.delete(`${SLOTS}/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'This slot was played in 1 bonus hunt game, so it cannot be deleted. Merge it into another slot instead.' });
  });

  it('merges a duplicate: its games, predictions and tournament seats move to the slot kept, in one transaction', async () => {
    const running = (await t.database.db.selectFrom('bonus_hunts').select('id').where('is_active', '=', 1).executeTakeFirstOrThrow()).id;
    const duplicate = await create({ name: 'Sugar Rush 1k' });
    const kept = (await list('?search=Sugar Rush 1000')).data[0];
    const filled = await addGames(moderator, running, [{ slot_id: duplicate.id, slot_bet: 2 }]);
    const tournament = await createTournament(t.database.db, { slot_ids: [null, duplicate.id, null, null] });
    huntOf(await moderator.post(`${HUNTS}/${running}/predictions/open`));
    const member = await signedInMember(t.app, 'MergeMember');
    expect((await predict(member.client, running, { end_balance: 10, highest_multiplier: 5, highest_multiplier_game: 'sugar rush 1K' })).statusCode).toBe(200);

    const before = await huntSnapshot(t);
    for (const [id, body, status, errors] of [
      [duplicate.id, { into_id: duplicate.id }, 422, { into_id: ['Choose another slot to keep.'] }],
      [duplicate.id, { into_id: 999_999 }, 422, { into_id: ['Choose the slot to keep.'] }],
      [duplicate.id, {}, 422, { into_id: ['Choose the slot to keep.'] }],
      [999_999, { into_id: kept.id }, 404, undefined],
    ] as const) {
      const response = await moderator.post(`${SLOTS}/${id}/merge`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await huntSnapshot(t)).toEqual(before);

    let response;
    const heard = await announcedDuring(t, async () => {
      response = await moderator.post(`${SLOTS}/${duplicate.id}/merge`, { into_id: kept.id });
    });
    expect(response!.json()).toEqual({ success: true, message: '“Sugar Rush 1k” merged into “Sugar Rush 1000”: 1 game moved.' });
    expect(heard).toEqual([running]);
    const hunt = huntOf(await moderator.get(`${HUNTS}/${running}`));
    expect(hunt.games.map((game) => [game.id, game.slot_id, game.slot_name])).toEqual(filled.games.map((game) => [game.id, kept.id, 'Sugar Rush 1000']));
    const prediction = await t.database.db.selectFrom('bonus_hunt_predictions').select(['game_slot_id', 'game_name']).where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(prediction).toEqual({ game_slot_id: kept.id, game_name: 'Sugar Rush 1000' });
    const seats = await t.database.db.selectFrom('tournament_slots').select('slot_id').where('tournament_id', '=', tournament.id).orderBy('position').execute();
    expect(seats.map((seat) => seat.slot_id)).toEqual([null, kept.id, null, null]);
    expect((await list('?search=sugar')).data.map((slot) => [slot.name, slot.plays])).toEqual([['Sugar Rush 1000', 2]]);
  });

  it('announces a change to a slot only finished hunts used, so cached history and records show it', async () => {
    const running = huntOf(await moderator.get(`${HUNTS}/${(await t.database.db.selectFrom('bonus_hunts').select('id').where('is_active', '=', 1).executeTakeFirstOrThrow()).id}`));
    await enterWins(moderator, running, [500, 10]);
    huntOf(await moderator.post(`${HUNTS}/${running.id}/finish`));
    const visitor = new TestClient(t.app);
    const record = async () => (await visitor.get('/api/r/bonus-hunts/stats')).json().data.biggest_win_game.slot_name;
    expect(await record()).toBe('Sugar Rush 1000');
    const kept = running.games[0].slot_id;
    const heard = await announcedDuring(t, () => moderator.put(`${SLOTS}/${kept}`, { name: 'Sugar Rush Xmas', provider: 'Pragmatic Play' }));
    expect(heard).toEqual([running.id]);
    expect(await record()).toBe('Sugar Rush Xmas');
  });
});
