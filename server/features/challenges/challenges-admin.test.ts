import { beforeAll, describe, expect, it } from 'vitest';
import { adminChallengeListSchema } from '../../../common/contracts/challenges-admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { CHALLENGES, challengeForm, challengeOf, challengeSnapshot, createByApi, storedImages, uploadImage } from './challenges-admin.testkit';
import { createChallenge, insertClaim, ownDataDir } from './challenges.testkit';

const FOREIGN_IMAGE = `store/${'a'.repeat(32)}.webp`;

/** Decision 021, staff side: the challenge form, its image, and what may be edited or deleted. */
describe('challenges admin: create, edit, image, delete', () => {
  const dataDir = ownDataDir();
  const t = useTestApp({ env: { DATA_DIR: dataDir } });
  const db = () => t.database.db;
  let staff: TestClient;
  let staffId: number;

  beforeAll(async () => {
    const signed = await signedInMember(t.app, 'ChallengeBoss', 'admin');
    staff = signed.client;
    staffId = signed.id;
  });

  it('creates a cash and a points challenge, storing the multiplier in hundredths, the bet and a cash prize in cents', async () => {
    const response = await staff.post(CHALLENGES, challengeForm({ slot_name: '  Sweet Bonanza ', multiplier: 1234.56, min_bet: 0.4, prize_amount: 250.5 }));
    expect(response.json().message).toBe('Challenge created.');
    const cash = challengeOf(response, 201);
    expect(cash).toMatchObject({
      slot_name: 'Sweet Bonanza', slot_id: null, image: null, slot_image: null, multiplier: 1234.56, min_bet: 0.4, prize: '$250.50', prize_type: 'cash', prize_amount: 250.5,
      is_active: true, is_expired: false, status: 'Active', state: 'active', claimer: null, claims_count: 0, pending_claims: 0, claimed_at: null, approved_claim_id: null,
    });
    expect(await db().selectFrom('challenges').select(['multiplier_centi', 'min_bet_cents', 'prize_type', 'prize_amount', 'is_active', 'created_by']).where('id', '=', cash.id).executeTakeFirstOrThrow()).toEqual({
      multiplier_centi: 123456, min_bet_cents: 40, prize_type: 'cash', prize_amount: 25050, is_active: 1, created_by: staffId,
    });

    const points = await createByApi(staff, { slot_name: 'Sugar Rush', prize_type: 'points', prize_amount: 5000, start_date: '2099-01-01T10:00:00+02:00', end_date: '2099-01-08T08:00:00.000Z', is_active: false });
    expect(points).toMatchObject({ prize: '5,000 points', prize_amount: 5000, start_date: '2099-01-01T08:00:00.000Z', is_active: false, state: 'expired' });
    expect(Number((await db().selectFrom('challenges').select('prize_amount').where('id', '=', points.id).executeTakeFirstOrThrow()).prize_amount)).toBe(5000);
  });

  it('refuses a bad form with a message on each field and writes nothing', async () => {
    const before = await challengeSnapshot(t);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ slot_name: '   ' }, 'slot_name', 'Enter the slot name.'],
      [{ end_date: hoursAgo(2) }, 'end_date', 'The end must be after the start.'],
      [{ start_date: 'next friday' }, 'start_date', 'Enter the start as a date and time.'],
      [{ multiplier: 12.345 }, 'multiplier', 'The multiplier can have at most two decimals.'],
      [{ multiplier: 0.5 }, 'multiplier', 'The multiplier must be at least 1x.'],
      [{ multiplier: '500' }, 'multiplier', 'Enter the multiplier as a number.'],
      [{ min_bet: 0.125 }, 'min_bet', 'The minimum bet can have at most two decimals.'],
      [{ prize_type: 'points', prize_amount: 12.5 }, 'prize_amount', 'A points prize is a whole number of points up to 10,000,000.'],
      [{ prize_type: 'cash', prize_amount: 10.555 }, 'prize_amount', 'A cash prize has at most two decimals and is at most $1,000,000.'],
      [{ prize_amount: 0 }, 'prize_amount', 'The prize must be more than 0.'],
      [{ prize_type: 'cash', prize_amount: 1e-9 }, 'prize_amount', 'The prize must be more than 0.'],
      [{ prize_type: 'gold' }, 'prize_type', 'Choose a cash or a points prize.'],
      [{ slot_id: 999_999 }, 'slot_id', 'That slot is not in the catalogue any more; choose it again.'],
      [{ image: FOREIGN_IMAGE }, 'image', 'Upload the image again.'],
      [{ image: '../../etc/passwd' }, 'image', 'Upload the image again.'],
    ];
    for (const [fields, field, message] of refusals) {
      const response = await staff.post(CHALLENGES, { ...challengeForm(), ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    const existing = await createByApi(staff, { slot_name: 'Edit me' });
    const after = await challengeSnapshot(t);
    for (const [fields, field, message] of refusals) {
      const response = await staff.put(`${CHALLENGES}/${existing.id}`, { ...challengeForm(), ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await challengeSnapshot(t)).toEqual(after);
    expect(after.challenges).toHaveLength(before.challenges.length + 1);
  });

  it('takes a catalogue slot, whose image shows until the challenge has its own', async () => {
    const at = new Date().toISOString();
    const slot = await db().insertInto('slots').values({ name: 'Mental', name_key: 'mental', provider: 'Nolimit City', image: `slots/${'b'.repeat(32)}.webp`, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const created = await createByApi(staff, { slot_name: 'Mental', slot_id: slot.id });
    expect(created).toMatchObject({ slot_id: slot.id, image: null, slot_image: `slots/${'b'.repeat(32)}.webp` });
    const image = await uploadImage(staff);
    expect(challengeOf(await staff.put(`${CHALLENGES}/${created.id}`, challengeForm({ slot_name: 'Mental', slot_id: slot.id, image })))).toMatchObject({ image, slot_image: image });
  });

  it('edits every field of an unclaimed challenge, even one with claims', async () => {
    const created = await createByApi(staff);
    const member = await signedInMember(t.app, 'EditedClaimer');
    await insertClaim(db(), { challenge_id: created.id, user_id: member.id });
    const response = await staff.put(`${CHALLENGES}/${created.id}`, challengeForm({ slot_name: 'Le Bandit', multiplier: 2500, min_bet: 1, prize_type: 'points', prize_amount: 20_000, end_date: hoursAgo(-5), is_active: false }));
    expect(response.json().message).toBe('Challenge saved.');
    expect(challengeOf(response)).toMatchObject({ slot_name: 'Le Bandit', multiplier: 2500, min_bet: 1, prize: '20,000 points', is_active: false, state: 'expired', claims_count: 1, pending_claims: 1 });
    expect((await staff.put(`${CHALLENGES}/2147483000`, challengeForm())).statusCode).toBe(404);
  });

  it('stores uploaded images, refuses what is no image, and removes the old file when the image is replaced, cleared or its challenge deleted', async () => {
    const { payload, headers } = await multipart([{ name: 'evil.png', type: 'image/png', data: '<script>alert(1)</script>' }]);
    const refused = await staff.post(`${CHALLENGES}/image`, payload, { headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('File evil.png is not an image.');
    const empty = await multipart([]);
    expect((await staff.post(`${CHALLENGES}/image`, empty.payload, { headers: empty.headers })).json().errors).toEqual({ image: ['Choose an image to upload.'] });

    const first = await uploadImage(staff, '#111111');
    expect(first).toMatch(/^challenges\/[0-9a-f]{32}\.webp$/);
    expect((await new TestClient(t.app).get(`/storage/${first}`)).statusCode).toBe(200);
    const created = await createByApi(staff, { image: first });
    const second = await uploadImage(staff, '#222222');
    await staff.put(`${CHALLENGES}/${created.id}`, challengeForm({ image: second }));
    expect(storedImages(dataDir)).not.toContain(first);
    expect(storedImages(dataDir)).toContain(second);

    // Another challenge may not take this one's file: replacing it here would remove it there.
    const other = await createByApi(staff);
    const taken = await staff.put(`${CHALLENGES}/${other.id}`, challengeForm({ image: second }));
    expect(taken.json().errors).toEqual({ image: ['Upload the image again.'] });
    expect(challengeOf(await staff.put(`${CHALLENGES}/${created.id}`, challengeForm({ image: second }))).image).toBe(second);
    expect(storedImages(dataDir)).toContain(second);

    challengeOf(await staff.put(`${CHALLENGES}/${created.id}`, challengeForm({ image: null })));
    expect(storedImages(dataDir)).not.toContain(second);

    const third = await uploadImage(staff, '#333333');
    const doomed = await createByApi(staff, { image: third });
    expect((await staff.delete(`${CHALLENGES}/${doomed.id}`)).statusCode).toBe(200);
    expect(storedImages(dataDir)).not.toContain(third);
    expect((await staff.get(`${CHALLENGES}/${doomed.id}`)).statusCode).toBe(404);
  });

  it('deletes only a challenge without claims (409 otherwise, switch it off instead) and never a claimed one, changing nothing on refusal', async () => {
    const member = await signedInMember(t.app, 'DeleteClaimer');
    const withClaim = await createByApi(staff);
    await insertClaim(db(), { challenge_id: withClaim.id, user_id: member.id, status: 'rejected', admin_notes: 'No.' });
    const claimed = await createChallenge(db(), { claimed_by: member.id });
    const before = await challengeSnapshot(t);
    const refusedClaims = await staff.delete(`${CHALLENGES}/${withClaim.id}`);
    expect(refusedClaims.statusCode).toBe(409);
    expect(refusedClaims.json().message).toBe('This challenge has claims; switch it off instead.');
    const refusedClaimed = await staff.delete(`${CHALLENGES}/${claimed.id}`);
    expect([refusedClaimed.statusCode, refusedClaimed.json().message]).toEqual([409, 'This challenge has been claimed, so it cannot be deleted.']);
    const edit = await staff.put(`${CHALLENGES}/${claimed.id}`, challengeForm({ is_active: false }));
    expect([edit.statusCode, edit.json().message]).toEqual([409, 'This challenge has been claimed, so it can no longer be changed.']);
    expect(await challengeSnapshot(t)).toEqual(before);
    expect(challengeOf(await staff.put(`${CHALLENGES}/${withClaim.id}`, challengeForm({ is_active: false }))).is_active).toBe(false);
  });
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** The staff list: where each challenge stands now, search on the slot name, newest first, 25 a page. */
describe('challenges admin: the list', () => {
  const t = useTestApp();
  let staff: TestClient;
  const ids: Record<string, number> = {};
  const list = async (query = '') => {
    const response = await staff.get(`${CHALLENGES}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminChallengeListSchema.parse(response.json());
  };

  beforeAll(async () => {
    staff = await signedIn(t.app, 'ChallengeLister', 'moderator');
    const member = await signedInMember(t.app, 'ListClaimer');
    const db = t.database.db;
    ids.upcoming = (await createChallenge(db, { slot_name: 'Upcoming 100% Slot', starts_in: 3600 })).id;
    ids.active = (await createChallenge(db, { slot_name: 'Active Slot' })).id;
    ids.claimed = (await createChallenge(db, { slot_name: 'Claimed Slot', claimed_by: member.id, ends_in: -60 })).id;
    ids.ended = (await createChallenge(db, { slot_name: 'Ended Slot', ends_in: -60 })).id;
    ids.off = (await createChallenge(db, { slot_name: 'Switched_Off Slot', is_active: false })).id;
    const claimers = await Promise.all(['ListClaimerA', 'ListClaimerB', 'ListClaimerC'].map((name) => signedInMember(t.app, name)));
    for (const [index, status] of (['pending', 'pending', 'rejected'] as const).entries()) await insertClaim(db, { challenge_id: ids.active, user_id: claimers[index].id, status });
  });

  it('filters by where each challenge stands and counts its claims', async () => {
    const all = await list();
    expect(all.data.map((row) => row.id)).toEqual([ids.off, ids.ended, ids.claimed, ids.active, ids.upcoming]);
    expect(all.data.map((row) => row.state)).toEqual(['expired', 'expired', 'claimed', 'active', 'upcoming']);
    expect(all.data.find((row) => row.id === ids.claimed)).toMatchObject({ status: 'Claimed', claimer: { username: 'ListClaimer' }, is_expired: true, time_remaining: 0 });
    expect(all.data.find((row) => row.id === ids.active)).toMatchObject({ claims_count: 3, pending_claims: 2 });
    expect((await list('?status=upcoming')).data.map((row) => row.id)).toEqual([ids.upcoming]);
    expect((await list('?status=active')).data.map((row) => row.id)).toEqual([ids.active]);
    expect((await list('?status=claimed')).data.map((row) => row.id)).toEqual([ids.claimed]);
    expect((await list('?status=expired')).data.map((row) => row.id)).toEqual([ids.off, ids.ended]);
  });

  it('searches slot names without case and with % and _ meaning themselves', async () => {
    expect((await list('?search=SLOT')).total).toBe(5);
    expect((await list('?search=100%25')).data.map((row) => row.id)).toEqual([ids.upcoming]);
    expect((await list('?search=_')).data.map((row) => row.id)).toEqual([ids.off]);
    expect((await list('?search=%25')).data.map((row) => row.id)).toEqual([ids.upcoming]);
    expect((await list('?search=ended&status=active')).total).toBe(0);
  });

  it('pages 25 at a time', async () => {
    for (let index = 0; index < 25; index++) await createChallenge(t.database.db, { slot_name: `Paged ${index}` });
    const first = await list('?search=paged');
    expect([first.data.length, first.total, first.pages, first.page]).toEqual([25, 25, 1, 1]);
    const all = await list();
    expect([all.total, all.pages]).toEqual([30, 2]);
    const second = await list('?page=2');
    expect(second.data.map((row) => row.id)).toEqual([ids.off, ids.ended, ids.claimed, ids.active, ids.upcoming]);
  });
});
