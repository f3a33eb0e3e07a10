import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, type TestClient } from '../../test/client';
import { createBoard, importWagers } from '../leaderboards/leaderboards.testkit';
import { CASINO_NAME_TAKEN } from './profiles.service';

/**
 * One casino account name, one member (docs/decisions/015-vip-rewards.md, "One name, one member"): VIP
 * rewards are paid on a name's wagers, so nobody may save a name another member has, in any case.
 */
describe('casino account names', () => {
  const t = useTestApp();
  let owner: SignedInMember;
  let other: SignedInMember;

  const save = (client: TestClient, names: Record<string, string>) => client.post('/api/r/profile/update', names);
  const namesOf = async (client: TestClient) => {
    const { crypto, crypto2, crypto3 } = (await client.get('/api/r/profile')).json<{ user: Record<string, string | null> }>().user;
    return { crypto, crypto2, crypto3 };
  };
  const taken = (field: string) => ({ success: false, message: CASINO_NAME_TAKEN, errors: { [field]: [CASINO_NAME_TAKEN] } });

  beforeAll(async () => {
    owner = await signedInMember(t.app, 'AceOwner');
    other = await signedInMember(t.app, 'AceCopycat');
  });

  it('refuses a name another member saved in that slot, whatever its case and spaces, and saves nothing of the form', async () => {
    expect((await save(owner.client, { crypto: 'LuckyAce' })).statusCode).toBe(200);
    for (const name of ['LuckyAce', 'luckyace', 'LUCKYACE', '  luckyAce  ']) {
      const response = await save(other.client, { crypto: name });
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toEqual(taken('crypto'));
    }
    expect(CASINO_NAME_TAKEN).toBe('Another member has already added this casino username. If it is yours, open a support ticket.');
    const both = await save(other.client, { crypto: 'luckyace', crypto2: 'copycat-own' });
    expect(both.json()).toEqual(taken('crypto'));
    expect(await namesOf(other.client)).toEqual({ crypto: null, crypto2: null, crypto3: null });
    expect(await namesOf(owner.client)).toEqual({ crypto: 'LuckyAce', crypto2: null, crypto3: null });
  });

  it('takes names in plain ASCII only: SQLite folds the case of A-Z alone, so "Ç" and "ç" would be two members on one player', async () => {
    for (const name of ['Çasinoqueen', 'çasinoqueen', 'Ａce', 'ace\u200b']) {
      const response = await save(other.client, { crypto: name });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors, name).toEqual({ crypto: ['A casino username can only use letters A-Z without accents, digits, spaces and symbols.'] });
    }
    expect((await namesOf(other.client)).crypto).toBeNull();
    expect((await save(other.client, { crypto: 'Plain_Name-42 .x' })).json()).toMatchObject({ success: true, user: { crypto: 'Plain_Name-42 .x' } });
    // A name saved before the rule is sent back unchanged with the form (every slot at once) and still saves.
    await t.database.db.updateTable('users').set({ crypto: 'Zoë' }).where('id', '=', other.id).execute();
    expect((await save(other.client, { crypto: 'Zoë', crypto2: 'second' })).json()).toMatchObject({ success: true, user: { crypto: 'Zoë', crypto2: 'second' } });
    expect((await save(other.client, { crypto: 'Zoë2' })).json().errors).toEqual({ crypto: ['A casino username can only use letters A-Z without accents, digits, spaces and symbols.'] });
    expect((await save(other.client, { crypto: '', crypto2: '' })).statusCode).toBe(200);
  });

  it('lets the owner change the case of their own name, and frees a name its owner clears', async () => {
    expect((await save(owner.client, { crypto: 'LUCKYACE' })).json()).toMatchObject({ success: true, user: { crypto: 'LUCKYACE' } });
    expect((await save(owner.client, { crypto: '' })).json()).toMatchObject({ success: true, user: { crypto: null } });
    expect((await save(other.client, { crypto: 'luckyAce' })).json()).toMatchObject({ success: true, user: { crypto: 'luckyAce' } });
    expect((await save(owner.client, { crypto: 'LuckyAce' })).json()).toEqual(taken('crypto'));
    expect((await save(other.client, { crypto: '' })).statusCode).toBe(200);
  });

  it('counts each slot on its own: the same name on another casino may be somebody else', async () => {
    expect((await save(owner.client, { crypto: 'SlotName', crypto2: 'Twin-Slot' })).statusCode).toBe(200);
    expect((await save(other.client, { crypto2: 'slotname' })).json()).toMatchObject({ success: true, user: { crypto2: 'slotname' } });
    expect((await save(other.client, { crypto2: 'twin-slot' })).json()).toEqual(taken('crypto2'));
  });

  it('keeps the wagers of a taken name away from the member who was refused', async () => {
    const admin = await signedIn(t.app, 'AceAdmin', 'admin');
    const board = await createBoard(admin, { name: 'Roobet', slug: 'roobet', casino_slot: 1 });
    await importWagers(admin, board.periodId, [['HighStakes', 50_000]]);
    expect((await save(owner.client, { crypto: 'HighStakes' })).statusCode).toBe(200);
    expect((await save(other.client, { crypto: 'highstakes' })).json()).toEqual(taken('crypto'));
    const read = async (client: TestClient) => (await client.get('/api/r/vip-rewards')).json().data.user_stats.total_wagered;
    expect([await read(owner.client), await read(other.client)]).toEqual([50_000, 0]);
  });

  it('of five members saving one name at the same moment, exactly one gets it', async () => {
    const racers = await Promise.all(['RaceOne', 'RaceTwo', 'RaceThree', 'RaceFour', 'RaceFive'].map((name) => signedInMember(t.app, name)));
    const spellings = ['RaceName', 'racename', 'RACENAME', 'raceName', 'RaCeNaMe'];
    for (const field of ['crypto', 'crypto2'] as const) {
      const responses = await Promise.all(racers.map((racer, index) => save(racer.client, { [field]: spellings[index] })));
      expect(responses.map((response) => response.statusCode).sort(), field).toEqual([200, 422, 422, 422, 422]);
      // Refused by the check or, when the check ran before the winner's write, by the unique index: told the same way.
      for (const refused of responses.filter((response) => response.statusCode === 422)) expect(refused.json()).toEqual(taken(field));
      const holders = await t.database.db.selectFrom('users').select(['id', field]).where(field, 'is not', null).where('id', 'in', racers.map((racer) => racer.id)).execute();
      expect(holders).toHaveLength(1);
      const winner = racers[responses.findIndex((response) => response.statusCode === 200)];
      expect(holders[0].id).toBe(winner.id);
    }
  });

  it('lets a member save their own name twice at once', async () => {
    const responses = await Promise.all([save(owner.client, { crypto3: 'x' }), save(owner.client, { crypto: 'OwnTwice' }), save(owner.client, { crypto: 'OWNTWICE' })]);
    expect(responses.map((response) => response.statusCode)).toEqual([422, 200, 200]);
    expect(responses[0].json().message).toBe('Casino account 3 is switched off on this site.');
    expect((await namesOf(owner.client)).crypto?.toLowerCase()).toBe('owntwice');
  });
});
