import { beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_TEXTS, challengeDisplay } from '../../../common/challenges';
import {
  CHALLENGE_CLAIMS_SHOWN,
  challengeDetailResponseSchema,
  challengeListResponseSchema,
  myClaimsResponseSchema,
  type Challenge,
} from '../../../common/contracts/challenges';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { manualClock } from '../../test/clock';
import { CLOSED_CHALLENGES_LISTED } from './challenges.repo';
import { CHALLENGE_MESSAGES } from './challenges.service';
import { createChallenge, insertClaim, submitClaim } from './challenges.testkit';

const START = '2026-06-01T12:00:00.000Z';
const HOUR = 3600;
const DAY = 86_400;
const shift = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** Reading challenges (spec 1 §3, §4, §7; decision 021): what members see, and when. */
describe('challenges: reading', () => {
  const clock = manualClock(START);
  const t = useTestApp({ now: clock.now });
  const db = () => t.database.db;
  let alice: SignedInMember;
  let bob: SignedInMember;

  const list = async (m: SignedInMember = alice) => {
    const response = await m.client.get('/api/r/challenges');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return challengeListResponseSchema.parse(response.json()).data;
  };
  const detail = async (id: number, m: SignedInMember = alice) => {
    const response = await m.client.get(`/api/r/challenges/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return challengeDetailResponseSchema.parse(response.json()).data;
  };
  const myClaims = async (m: SignedInMember) => {
    const response = await m.client.get('/api/r/challenges/my-claims');
    expect(response.statusCode, response.body).toBe(200);
    return myClaimsResponseSchema.parse(response.json()).data;
  };
  const listed = async (id: number, m: SignedInMember = alice) => (await list(m)).find((challenge) => challenge.id === id);
  const slots = (challenges: Challenge[]) => challenges.map((challenge) => challenge.slot_name);

  beforeAll(async () => {
    alice = await signedInMember(t.app, 'AliceMultiplier');
    bob = await signedInMember(t.app, 'BobMultiplier');
  });

  it('asks visitors to sign in on every reading call', async () => {
    const visitor = new TestClient(t.app);
    for (const url of ['/api/r/challenges', '/api/r/challenges/my-claims', '/api/r/challenges/1', '/api/r/challenges/not-a-number']) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ success: false, message: CHALLENGE_MESSAGES.signInToView });
    }
  });

  it('follows a challenge across its time boundaries: hidden before the start, active to the last second, expired at the end', async () => {
    clock.set(START);
    const c = await createChallenge(db(), { slot_name: 'Boundary Bonanza', starts_in: HOUR, ends_in: 3 * HOUR }, clock.now());

    clock.set(shift(c.start_date, -1));
    expect(await listed(c.id)).toBeUndefined();
    const early = await alice.client.get(`/api/r/challenges/${c.id}`);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(CHALLENGE_MESSAGES.notFound);

    clock.set(c.start_date);
    const opened = await listed(c.id);
    expect(opened).toMatchObject({ is_active: true, is_expired: false, status: 'Active', time_remaining: 2 * HOUR, claimer: null, claims_count: 0, own_claim_status: null });
    expect(challengeDisplay(opened!)).toBe('active');

    clock.set(shift(c.end_date, -1));
    const last = await detail(c.id);
    expect(last).toMatchObject({ is_expired: false, time_remaining: 1 });
    expect(challengeDisplay(last)).toBe('active');
    expect((await submitClaim(alice.client, c.id)).statusCode).toBe(201);

    clock.set(c.end_date);
    const ended = await listed(c.id);
    expect(ended).toMatchObject({ is_expired: true, time_remaining: 0, status: 'Active', claims_count: 1, own_claim_status: 'pending' });
    expect(challengeDisplay(ended!)).toBe('expired');
    const late = await submitClaim(bob.client, c.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CHALLENGE_TEXTS.expired);
    expect(await db().selectFrom('challenge_claims').select('user_id').where('challenge_id', '=', c.id).execute()).toEqual([{ user_id: alice.id }]);
  });

  it('lists open challenges ending soonest first, then switched-off, claimed and expired ones by newest end', async () => {
    clock.set(shift(START, DAY));
    const at = clock.now();
    const later = await createChallenge(db(), { slot_name: 'Sweet Later', ends_in: 2 * HOUR }, at);
    const sooner = await createChallenge(db(), { slot_name: 'Sugar Sooner', ends_in: HOUR, prize_type: 'cash', prize_amount: 250, multiplier: 1000.5, min_bet: 0.4 }, at);
    const off = await createChallenge(db(), { slot_name: 'Switched Off', ends_in: 5 * DAY, is_active: false }, at);
    const won = await createChallenge(db(), { slot_name: 'Won Wanted', starts_in: -3 * DAY, ends_in: -DAY, claimed_by: bob.id }, at);
    const gone = await createChallenge(db(), { slot_name: 'Gone Gates', starts_in: -4 * DAY, ends_in: -2 * DAY }, at);
    await createChallenge(db(), { slot_name: 'Not Yet Reactoonz', starts_in: 60, ends_in: DAY }, at);

    const all = await list();
    const mine = [later, sooner, off, won, gone].map((c) => c.slot_name);
    expect(slots(all).filter((name) => mine.includes(name))).toEqual(['Sugar Sooner', 'Sweet Later', 'Switched Off', 'Won Wanted', 'Gone Gates']);
    expect(slots(all)).not.toContain('Not Yet Reactoonz');
    const byId = new Map(all.map((challenge) => [challenge.id, challenge]));

    expect(byId.get(sooner.id)).toEqual({
      id: sooner.id,
      slot_name: 'Sugar Sooner',
      slot_image: null,
      multiplier: 1000.5,
      min_bet: 0.4,
      prize: '$250.00',
      prize_type: 'cash',
      prize_amount: 250,
      start_date: sooner.start_date,
      end_date: sooner.end_date,
      is_active: true,
      is_expired: false,
      status: 'Active',
      time_remaining: HOUR,
      claimer: null,
      claims_count: 0,
      own_claim_status: null,
    });
    expect(byId.get(later.id)).toMatchObject({ prize: '5,000 points', prize_type: 'points', prize_amount: 5000, multiplier: 100 });
    expect(byId.get(off.id)).toMatchObject({ is_active: false, is_expired: false, status: 'Active' });
    expect(challengeDisplay(byId.get(off.id)!)).toBe('expired');
    expect(byId.get(won.id)).toMatchObject({
      status: 'Claimed',
      is_expired: true,
      claimer: { id: bob.id, username: 'BobMultiplier', kick_username: null, avatar_url: expect.any(String) },
    });
    expect(challengeDisplay(byId.get(won.id)!)).toBe('claimed');
    expect(challengeDisplay(byId.get(gone.id)!)).toBe('expired');
  });

  it('counts every claim and shows each member the status of their own latest claim', async () => {
    clock.set(shift(START, 2 * DAY));
    const c = await createChallenge(db(), { slot_name: 'Counted Crew' }, clock.now());
    await insertClaim(db(), { challenge_id: c.id, user_id: alice.id, status: 'rejected', admin_notes: 'Bet too small', created_at: shift(clock.now().toISOString(), -60) });
    await insertClaim(db(), { challenge_id: c.id, user_id: alice.id, status: 'pending', created_at: clock.now().toISOString() });
    expect(await listed(c.id, alice)).toMatchObject({ claims_count: 2, own_claim_status: 'pending' });
    expect(await listed(c.id, bob)).toMatchObject({ claims_count: 2, own_claim_status: null });
    await insertClaim(db(), { challenge_id: c.id, user_id: bob.id, status: 'rejected', created_at: clock.now().toISOString() });
    expect((await detail(c.id, bob)).own_claim_status).toBe('rejected');
    expect((await detail(c.id, alice)).claims_count).toBe(3);
  });

  it("shows a challenge's claims newest first without evidence or notes, at most the latest 50, with the whole count", async () => {
    clock.set(shift(START, 3 * DAY));
    const c = await createChallenge(db(), { slot_name: 'Busy Bonanza' }, clock.now());
    const total = CHALLENGE_CLAIMS_SHOWN + 5;
    for (let i = 0; i < total; i++) {
      const user = i % 2 === 0 ? alice.id : bob.id;
      await insertClaim(db(), {
        challenge_id: c.id,
        user_id: user,
        status: i === total - 1 ? 'pending' : 'rejected',
        description: `Attempt ${i}`,
        evidence_images: ['challenge-claims/0123456789abcdef0123456789abcdef.webp'],
        admin_notes: 'Not quite',
        created_at: shift(clock.now().toISOString(), i - total),
      });
    }
    const response = await bob.client.get(`/api/r/challenges/${c.id}`);
    const shown = challengeDetailResponseSchema.parse(response.json()).data;
    expect(shown.claims_count).toBe(total);
    expect(shown.claims).toHaveLength(CHALLENGE_CLAIMS_SHOWN);
    expect(shown.claims.map((claim) => claim.description).slice(0, 3)).toEqual([`Attempt ${total - 1}`, `Attempt ${total - 2}`, `Attempt ${total - 3}`]);
    expect(shown.claims[0]).toEqual({
      id: expect.any(Number),
      user: { id: alice.id, username: 'AliceMultiplier', kick_username: null, avatar_url: expect.any(String) },
      status: 'pending',
      description: `Attempt ${total - 1}`,
      created_at: shift(clock.now().toISOString(), -1),
    });
    // The raw reply too: evidence and staff notes belong to the author's My Claims only.
    for (const claim of response.json().data.claims) expect(Object.keys(claim).sort()).toEqual(['created_at', 'description', 'id', 'status', 'user']);
  });

  it("lists a member's own claims newest first with evidence and staff notes, and never anyone else's", async () => {
    const carol = await signedInMember(t.app, 'CarolClaims');
    const dave = await signedInMember(t.app, 'DaveClaims');
    clock.set(shift(START, 4 * DAY));
    const at = clock.now().toISOString();
    const first = await createChallenge(db(), { slot_name: 'Mental Madness', multiplier: 2500 }, clock.now());
    const second = await createChallenge(db(), { slot_name: 'Chaos Claims' }, clock.now());
    const old = await insertClaim(db(), {
      challenge_id: first.id,
      user_id: carol.id,
      status: 'rejected',
      description: 'Too small',
      evidence_images: ['challenge-claims/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'],
      admin_notes: 'Minimum bet not met.',
      reviewed_by: bob.id,
      created_at: shift(at, -120),
    });
    const fresh = await insertClaim(db(), { challenge_id: second.id, user_id: carol.id, created_at: shift(at, -60) });
    await insertClaim(db(), { challenge_id: first.id, user_id: dave.id, description: "Dave's own", created_at: at });

    const carols = await myClaims(carol);
    expect(carols.map((claim) => claim.id)).toEqual([fresh, old]);
    expect(carols[1]).toEqual({
      id: old,
      challenge: { id: first.id, slot_name: 'Mental Madness', slot_image: null, multiplier: 2500 },
      status: 'rejected',
      description: 'Too small',
      evidence_images: ['challenge-claims/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'],
      admin_notes: 'Minimum bet not met.',
      created_at: shift(at, -120),
      reviewed_at: shift(at, -120),
    });
    expect(carols[0]).toMatchObject({ status: 'pending', admin_notes: null, reviewed_at: null, evidence_images: [] });
    expect((await myClaims(dave)).map((claim) => claim.description)).toEqual(["Dave's own"]);
    expect(await myClaims(await signedInMember(t.app, 'EveNoClaims'))).toEqual([]);
  });

  it('answers 404 for an unknown challenge and a field error (never a 500) for a malformed id', async () => {
    const unknown = await alice.client.get('/api/r/challenges/987654');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: CHALLENGE_MESSAGES.notFound });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999', '%00']) {
      const response = await alice.client.get(`/api/r/challenges/${bad}`);
      expect(response.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, bad).toBeLessThan(500);
    }
  });
});

/** The list cannot grow without bound: every open challenge, but only the latest claimed and expired ones. */
describe('challenges: list caps', () => {
  const clock = manualClock(START);
  const t = useTestApp({ now: clock.now });

  it(`keeps every active challenge and the latest ${CLOSED_CHALLENGES_LISTED} claimed and ${CLOSED_CHALLENGES_LISTED} expired`, async () => {
    const db = t.database.db;
    const m = await signedInMember(t.app, 'CapCounter');
    const extra = CLOSED_CHALLENGES_LISTED + 3;
    for (let i = 0; i < extra; i++) {
      await createChallenge(db, { slot_name: `Open ${i}`, ends_in: DAY + i }, clock.now());
      await createChallenge(db, { slot_name: `Won ${i}`, starts_in: -10 * DAY, ends_in: -DAY - i, claimed_by: m.id }, clock.now());
      await createChallenge(db, { slot_name: `Lost ${i}`, starts_in: -10 * DAY, ends_in: -DAY - i }, clock.now());
    }
    const all = challengeListResponseSchema.parse((await m.client.get('/api/r/challenges')).json()).data;
    const kind = (prefix: string) => slots(all).filter((name) => name.startsWith(prefix));
    expect(kind('Open ')).toHaveLength(extra);
    expect(kind('Won ')).toEqual(Array.from({ length: CLOSED_CHALLENGES_LISTED }, (_, i) => `Won ${i}`));
    expect(kind('Lost ')).toEqual(Array.from({ length: CLOSED_CHALLENGES_LISTED }, (_, i) => `Lost ${i}`));
  });

  const slots = (challenges: Challenge[]) => challenges.map((challenge) => challenge.slot_name);
});
