import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_TEXTS, CLAIM_DESCRIPTION_MAX } from '../../../common/challenges';
import { challengeDetailResponseSchema, claimResponseSchema, myClaimsResponseSchema } from '../../../common/contracts/challenges';
import { NUL_REFUSAL } from '../../platform/input-guard';
import { IMAGE_MAX_BYTES } from '../../platform/uploads';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { multipart, type MultipartFile } from '../../test/multipart';
import { CHALLENGE_MESSAGES } from './challenges.service';
import { claimUrl, createChallenge, evidenceFiles, ownDataDir, storedEvidence, submitClaim } from './challenges.testkit';

type ClaimOptions = Parameters<typeof submitClaim>[2];

/** POST /api/r/challenges/{id}/claim (spec 1 §5, §8, §9; decisions 011 and 021): every refusal, and a claim that lands. */
describe('challenges: claiming', () => {
  const dataDir = ownDataDir();
  const t = useTestApp({ env: { DATA_DIR: dataDir } });
  const db = () => t.database.db;
  let member: SignedInMember;

  const claimRows = () => db().selectFrom('challenge_claims').selectAll().orderBy('id').execute();
  /** A refused claim: its status and message, and nothing written, neither a row nor a file. */
  const refused = async (client: TestClient, challengeId: number, options: ClaimOptions, status: number, message: string, errors?: Record<string, string[]>) => {
    const [rowsBefore, filesBefore] = [await claimRows(), storedEvidence(dataDir)];
    const response = await submitClaim(client, challengeId, options);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ success: false, message, ...(errors ? { errors } : {}) });
    expect(await claimRows()).toEqual(rowsBefore);
    expect(storedEvidence(dataDir)).toEqual(filesBefore);
  };
  /** A fresh member for each group of attempts: claims are rate limited per member. */
  let made = 0;
  const fresh = async () => (await signedInMember(t.app, `Claimant${++made}`)).client;
  const png = async () => (await evidenceFiles(1))[0];

  beforeAll(async () => {
    member = await signedInMember(t.app, 'SureShot');
  });

  it('asks visitors to sign in, and refuses a request without the CSRF token', async () => {
    const c = await createChallenge(db());
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    await refused(visitor, c.id, { images: 1 }, 401, CHALLENGE_MESSAGES.signInToClaim);
    const forged = await member.client.post(claimUrl(c.id), 'description=x', { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(403);
    expect(await claimRows()).toEqual([]);
  });

  it('requires a description (trimmed), at most 2,000 characters and without NUL', async () => {
    const c = await createChallenge(db());
    const client = await fresh();
    const required = { description: [CHALLENGE_TEXTS.descriptionRequired] };
    await refused(client, c.id, { description: null, images: 1 }, 422, CHALLENGE_TEXTS.descriptionRequired, required);
    await refused(client, c.id, { description: '', images: 1 }, 422, CHALLENGE_TEXTS.descriptionRequired, required);
    await refused(client, c.id, { description: ' \n\t ', images: 1 }, 422, CHALLENGE_TEXTS.descriptionRequired, required);
    const tooLong = `At most ${CLAIM_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`;
    await refused(client, c.id, { description: 'x'.repeat(CLAIM_DESCRIPTION_MAX + 1) }, 422, tooLong, { description: [tooLong] });
    await refused(client, c.id, { description: 'hit\u0000it' }, 400, NUL_REFUSAL, { description: [NUL_REFUSAL] });
    const multipartOnly = await client.post(claimUrl(c.id), { description: 'as JSON' });
    expect(multipartOnly.statusCode).toBe(415);
  });

  it('takes at most 5 images of at most 5 MB each, images only by their content', async () => {
    const c = await createChallenge(db());
    const client = await fresh();
    await refused(client, c.id, { images: 6 }, 413, CHALLENGE_TEXTS.tooManyImages);
    const huge: MultipartFile = { name: 'huge.png', type: 'image/png', data: Buffer.alloc(IMAGE_MAX_BYTES + 1, 7), field: 'evidence_images[0]' };
    await refused(client, c.id, { images: [huge] }, 413, 'File huge.png is too large. Maximum size is 5MB.');
    const script: MultipartFile = { name: 'notes.png', type: 'image/png', data: '<script>alert(1)</script>', field: 'evidence_images[1]' };
    await refused(client, c.id, { images: [script] }, 422, 'File notes.png is not an image.');
    // A good image sent with a bad one is stored first and removed again: the claim leaves nothing.
    await refused(client, c.id, { images: [await png(), script] }, 422, 'File notes.png is not an image.');
  });

  it('answers a form cut off in the middle with a 400 and a message, and stores nothing', async () => {
    const c = await createChallenge(db());
    const client = await fresh();
    const { payload, headers } = await multipart(await evidenceFiles(2), { description: 'Cut off' });
    const [rowsBefore, filesBefore] = [await claimRows(), storedEvidence(dataDir)];
    const cut = await client.post(claimUrl(c.id), payload.subarray(0, payload.length - 200), { headers });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('The upload could not be read. Please try again.');
    const huge = await multipart([], { description: 'x'.repeat(100_000) });
    expect((await client.post(claimUrl(c.id), huge.payload, { headers: huge.headers })).statusCode).toBe(422);
    expect(await claimRows()).toEqual(rowsBefore);
    expect(storedEvidence(dataDir)).toEqual(filesBefore);
  });

  it('refuses challenges that are not open, naming why, before anything is stored', async () => {
    const client = await fresh();
    const soon = await createChallenge(db(), { starts_in: 60 });
    const off = await createChallenge(db(), { is_active: false });
    const over = await createChallenge(db(), { starts_in: -2 * 86_400, ends_in: -1 });
    const taken = await createChallenge(db(), { claimed_by: member.id });
    await refused(client, soon.id, { images: 2 }, 409, CHALLENGE_TEXTS.notStarted);
    await refused(client, off.id, { images: 2 }, 409, CHALLENGE_TEXTS.notActive);
    await refused(client, over.id, { images: 2 }, 409, CHALLENGE_TEXTS.expired);
    await refused(client, taken.id, { images: 2 }, 409, CHALLENGE_TEXTS.alreadyClaimed);
    await refused(client, 987_654, { images: 1 }, 404, CHALLENGE_MESSAGES.notFound);
    const badId = await client.post(claimUrl(0), undefined);
    expect(badId.statusCode).toBe(422);
  });

  it('holds one pending claim per member; a rejected claim lets the member claim again', async () => {
    const c = await createChallenge(db());
    const m = await signedInMember(t.app, 'TryAgainTina');
    const first = await submitClaim(m.client, c.id, { description: 'First go' });
    expect(first.statusCode, first.body).toBe(201);
    await refused(m.client, c.id, { description: 'Second go', images: 1 }, 409, CHALLENGE_TEXTS.pendingClaim);
    // Someone else's pending claim does not stand in the way.
    expect((await submitClaim(member.client, c.id)).statusCode).toBe(201);
    await db().updateTable('challenge_claims').set({ status: 'rejected', admin_notes: 'No bet size visible.' }).where('id', '=', first.json().data.id).execute();
    const again = await submitClaim(m.client, c.id, { description: 'Second go, bet visible' });
    expect(again.statusCode, again.body).toBe(201);
    const mine = (await claimRows()).filter((row) => row.user_id === m.id).map((row) => [row.description, row.status]);
    expect(mine).toEqual([
      ['First go', 'rejected'],
      ['Second go, bet visible', 'pending'],
    ]);
  });

  it('stores a claim with two images re-encoded as WebP, shows them in My Claims only, and counts the claim', async () => {
    const c = await createChallenge(db(), { slot_name: 'Evidence Eldorado', multiplier: 1234.56 });
    const m = await signedInMember(t.app, 'ShowMeTheProof');
    const sent = await evidenceFiles(2);
    const response = await submitClaim(m.client, c.id, { description: '  Hit 1,234.56x on a $0.20 spin.  ', images: sent });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = claimResponseSchema.parse(response.json());
    expect(message).toBe(CHALLENGE_TEXTS.claimed);
    expect(data).toEqual({
      id: expect.any(Number),
      challenge: { id: c.id, slot_name: 'Evidence Eldorado', slot_image: null, multiplier: 1234.56 },
      status: 'pending',
      description: 'Hit 1,234.56x on a $0.20 spin.',
      evidence_images: [expect.stringMatching(/^challenge-claims\/[0-9a-f]{32}\.webp$/), expect.stringMatching(/^challenge-claims\/[0-9a-f]{32}\.webp$/)],
      admin_notes: null,
      created_at: expect.any(String),
      reviewed_at: null,
    });
    expect(storedEvidence(dataDir)).toEqual(expect.arrayContaining(data.evidence_images));
    for (const [index, path] of data.evidence_images.entries()) {
      const onDisk = readFileSync(join(dataDir, 'uploads', path));
      expect(await sharp(onDisk).metadata()).toMatchObject({ format: 'webp', width: 48, height: 32 });
      // Each file is the image sent in its place: its colour survives the re-encoding.
      const [sentPixel, storedPixel] = await Promise.all([sharp(sent[index].data as Buffer).raw().toBuffer(), sharp(onDisk).raw().toBuffer()]);
      expect(Math.abs(storedPixel[0] - sentPixel[0]) + Math.abs(storedPixel[2] - sentPixel[2])).toBeLessThan(12);
      const served = await m.client.get(`/storage/${path}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(onDisk)).toBe(true);
    }

    const mine = myClaimsResponseSchema.parse((await m.client.get('/api/r/challenges/my-claims')).json()).data;
    expect(mine).toEqual([data]);
    const shown = challengeDetailResponseSchema.parse((await member.client.get(`/api/r/challenges/${c.id}`)).json()).data;
    expect(shown).toMatchObject({ claims_count: 1, own_claim_status: null });
    expect(shown.claims).toEqual([{ id: data.id, user: expect.objectContaining({ id: m.id, username: 'ShowMeTheProof' }), status: 'pending', description: data.description, created_at: data.created_at }]);
    expect((await m.client.get(`/api/r/challenges/${c.id}`)).json().data.own_claim_status).toBe('pending');
    // Claiming moves no points.
    expect(await db().selectFrom('points_ledger').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
  });

  it('accepts evidence under any evidence_images field name, and a claim without images', async () => {
    const c = await createChallenge(db());
    const client = await fresh();
    const files = (await evidenceFiles(2)).map((file, i) => ({ ...file, field: i === 0 ? 'evidence_images[]' : 'evidence_images' }));
    const response = await submitClaim(client, c.id, { images: files });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.evidence_images).toHaveLength(2);
    const bare = await submitClaim(await fresh(), c.id, { images: 0 });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().data.evidence_images).toEqual([]);
  });

  it('lets one member send 10 claims a minute, refused or not, then answers 429', async () => {
    const c = await createChallenge(db());
    const client = await fresh();
    for (let i = 0; i < 10; i++) expect((await submitClaim(client, c.id, { description: ' ' })).statusCode).toBe(422);
    const limited = await submitClaim(client, c.id);
    expect(limited.statusCode).toBe(429);
    expect(await db().selectFrom('challenge_claims').select('id').where('challenge_id', '=', c.id).execute()).toEqual([]);
    // Another member is not held up.
    expect((await submitClaim(await fresh(), c.id)).statusCode).toBe(201);
  });
});
