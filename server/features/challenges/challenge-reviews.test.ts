import { beforeAll, describe, expect, it } from 'vitest';
import { challengeDetailResponseSchema, myClaimsResponseSchema } from '../../../common/contracts/challenges';
import { adminClaimListSchema } from '../../../common/contracts/challenges-admin';
import { useTestApp } from '../../test/app';
import { signedInMember, type SignedInMember } from '../../test/client';
import { approve, balanceOf, challengeSnapshot, claimOf, CLAIMS, reject, reviewNotes } from './challenges-admin.testkit';
import { createChallenge, insertClaim, submitClaim } from './challenges.testkit';

const ANOTHER = 'Another claim for this challenge was approved.';

/** Decision 021, review: approve (claimed, prize paid, the others rejected) or reject with notes; everyone told; once only. */
describe('challenge claims: review', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  let staff: SignedInMember;
  let members: SignedInMember[];

  const claimed = async (member: SignedInMember, challengeId: number, images = 0) => {
    const response = await submitClaim(member.client, challengeId, { images });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  const memberView = async (member: SignedInMember, challengeId: number) => {
    const response = await member.client.get(`/api/r/challenges/${challengeId}`);
    expect(response.statusCode, response.body).toBe(200);
    return challengeDetailResponseSchema.parse(response.json()).data;
  };
  const claimRow = (id: number) => db().selectFrom('challenge_claims').select(['status', 'admin_notes', 'reviewed_by']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    staff = await signedInMember(t.app, 'ClaimJudge', 'moderator');
    members = await Promise.all(['Winner', 'RunnerUp', 'Latecomer', 'Rejected'].map((name) => signedInMember(t.app, `Review${name}`)));
  });

  it('approves a pending claim: the challenge is Claimed by its member, the points prize is paid once through the ledger, the other pending claims are rejected, everyone is told', async () => {
    const [winner, runnerUp, latecomer, earlier] = members;
    const challenge = await createChallenge(db(), { slot_name: 'Gates of Olympus', multiplier: 1234.5, prize_type: 'points', prize_amount: 7500 });
    const rejectedBefore = await insertClaim(db(), { challenge_id: challenge.id, user_id: earlier.id, status: 'rejected', admin_notes: 'Bet too small.' });
    const winning = await claimed(winner, challenge.id, 2);
    const other = await claimed(runnerUp, challenge.id);
    const third = await claimed(latecomer, challenge.id);
    const before = await balanceOf(t, winner.id);

    const response = await approve(staff.client, winning, '  Clean hit, well played!  ');
    expect(response.json().message).toBe('Claim approved.');
    const claim = claimOf(response);
    expect(claim).toMatchObject({
      id: winning,
      status: 'approved',
      admin_notes: 'Clean hit, well played!',
      reviewed_by: { id: staff.id, username: 'ClaimJudge' },
      user: { id: winner.id, username: 'ReviewWinner' },
      challenge: { id: challenge.id, slot_name: 'Gates of Olympus', multiplier: 1234.5, prize: '7,500 points', status: 'Claimed' },
    });
    expect(claim.evidence_images).toHaveLength(2);
    expect(claim.reviewed_at).not.toBeNull();

    const seen = await memberView(runnerUp, challenge.id);
    expect(seen).toMatchObject({ status: 'Claimed', claimer: { id: winner.id, username: 'ReviewWinner' }, claims_count: 4 });
    expect(await db().selectFrom('challenges').select(['claimed_by', 'approved_claim_id']).where('id', '=', challenge.id).executeTakeFirstOrThrow()).toEqual({ claimed_by: winner.id, approved_claim_id: winning });

    for (const id of [other, third]) expect(await claimRow(id)).toEqual({ status: 'rejected', admin_notes: ANOTHER, reviewed_by: staff.id });
    expect(await claimRow(rejectedBefore)).toEqual({ status: 'rejected', admin_notes: 'Bet too small.', reviewed_by: null });

    expect((await balanceOf(t, winner.id)) - before).toBe(7500);
    const ledger = await db().selectFrom('points_ledger').select(['user_id', 'delta', 'reference', 'actor_id']).where('reason', '=', 'challenge_prize').execute();
    expect(ledger).toEqual([{ user_id: winner.id, delta: 7500, reference: `challenge:${challenge.id}`, actor_id: staff.id }]);
    expect(await t.app.services.points.mismatches()).toEqual([]);
    expect(JSON.stringify((await winner.client.get('/api/r/points/history')).json())).toContain('Challenge prize');

    expect(await reviewNotes(t, winner.id)).toEqual([
      { type: 'challenge_claim_approved', message: 'Congratulations! Your claim for Gates of Olympus (1,234.5x) was approved. Prize: 7,500 points. Notes: Clean hit, well played!', link: '/challenges' },
    ]);
    for (const member of [runnerUp, latecomer]) {
      expect(await reviewNotes(t, member.id)).toEqual([{ type: 'challenge_claim_rejected', message: `Sorry, your claim for Gates of Olympus (1,234.5x) was rejected. ${ANOTHER}`, link: '/challenges' }]);
    }
    expect(await reviewNotes(t, earlier.id)).toEqual([]);

    // Reviewing again, either way, is refused and changes nothing: the prize is paid once.
    const after = await challengeSnapshot(t);
    for (const [call, message] of [
      [() => approve(staff.client, winning), 'This claim has already been reviewed.'],
      [() => reject(staff.client, winning, 'Changed my mind.'), 'This claim has already been reviewed.'],
      [() => approve(staff.client, other), 'This claim has already been reviewed.'],
      [() => reject(staff.client, third, 'Again.'), 'This claim has already been reviewed.'],
    ] as const) {
      const refused = await call();
      expect([refused.statusCode, refused.json().message]).toEqual([409, message]);
    }
    expect(await challengeSnapshot(t)).toEqual(after);
  });

  it('pays a cash prize as a payout: the total given away grows by it', async () => {
    const [winner] = members;
    const total = async () => (await winner.client.get('/api/r/stats/total-given-away')).json().total as number;
    const challenge = await createChallenge(db(), { slot_name: 'Sweet Bonanza', multiplier: 500, prize_type: 'cash', prize_amount: 250.75 });
    const claim = await insertClaim(db(), { challenge_id: challenge.id, user_id: winner.id });
    const before = await total();
    const points = await balanceOf(t, winner.id);
    expect(claimOf(await approve(staff.client, claim)).challenge.prize).toBe('$250.75');
    expect(await total()).toBeCloseTo(before + 250.75, 2);
    expect(await db().selectFrom('payouts').select(['source', 'reference', 'user_id', 'amount_cents']).where('source', '=', 'challenge').execute()).toEqual([
      { source: 'challenge', reference: `challenge:${challenge.id}`, user_id: winner.id, amount_cents: 25075 },
    ]);
    expect(await balanceOf(t, winner.id)).toBe(points);
    expect((await reviewNotes(t, winner.id)).at(-1)).toEqual({ type: 'challenge_claim_approved', message: 'Congratulations! Your claim for Sweet Bonanza (500x) was approved. Prize: $250.75.', link: '/challenges' });
  });

  it('approves after the end date and on a switched-off challenge (the claim was made in time)', async () => {
    const [, runnerUp, latecomer] = members;
    for (const [spec, member] of [[{ ends_in: -3600 }, runnerUp], [{ is_active: false }, latecomer]] as const) {
      const challenge = await createChallenge(db(), { prize_amount: 100, ...spec });
      const claim = await insertClaim(db(), { challenge_id: challenge.id, user_id: member.id });
      expect(claimOf(await approve(staff.client, claim)).challenge.status).toBe('Claimed');
      expect((await memberView(member, challenge.id)).claimer?.id).toBe(member.id);
    }
  });

  it('rejects only with notes, which the member is told and sees on their claim; the member may claim again', async () => {
    const [, , , member] = members;
    const challenge = await createChallenge(db(), { slot_name: 'Le Bandit', multiplier: 2000 });
    const claim = await claimed(member, challenge.id, 1);
    const before = await challengeSnapshot(t);
    for (const body of [{}, { admin_notes: '' }, { admin_notes: '   ' }, { admin_notes: 'x'.repeat(1001) }, { admin_notes: 42 }]) {
      const refused = await member.client.post(`${CLAIMS}/${claim}/reject`, body);
      expect(refused.statusCode).toBe(403);
      const response = await staff.client.post(`${CLAIMS}/${claim}/reject`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors.admin_notes, JSON.stringify(body)).toHaveLength(1);
    }
    expect((await staff.client.post(`${CLAIMS}/${claim}/reject`, {})).json().errors.admin_notes).toEqual(['Write the notes as text.']);
    expect((await staff.client.post(`${CLAIMS}/${claim}/reject`, { admin_notes: ' ' })).json().errors.admin_notes).toEqual(['Tell the member why the claim is rejected.']);
    expect(await challengeSnapshot(t)).toEqual(before);

    const response = await reject(staff.client, claim, 'The bet in the clip is $0.10, below the minimum.');
    expect(response.json().message).toBe('Claim rejected.');
    expect(claimOf(response)).toMatchObject({ status: 'rejected', admin_notes: 'The bet in the clip is $0.10, below the minimum.', reviewed_by: { id: staff.id }, challenge: { status: 'Active' } });
    expect(await reviewNotes(t, member.id)).toEqual([
      { type: 'challenge_claim_rejected', message: 'Sorry, your claim for Le Bandit (2,000x) was rejected. Notes: The bet in the clip is $0.10, below the minimum.', link: '/challenges' },
    ]);
    const mine = myClaimsResponseSchema.parse((await member.client.get('/api/r/challenges/my-claims')).json()).data.find((row) => row.id === claim)!;
    expect(mine).toMatchObject({ status: 'rejected', admin_notes: 'The bet in the clip is $0.10, below the minimum.' });
    expect(mine.reviewed_at).not.toBeNull();
    expect((await memberView(member, challenge.id)).status).toBe('Active');
    await claimed(member, challenge.id);
  });

  it('refuses to approve a pending claim of a challenge already claimed (a claim that arrived as another was approved), changing nothing', async () => {
    const [winner, runnerUp] = members;
    const challenge = await createChallenge(db(), { claimed_by: winner.id });
    const late = await insertClaim(db(), { challenge_id: challenge.id, user_id: runnerUp.id });
    const before = await challengeSnapshot(t);
    const refused = await approve(staff.client, late);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This challenge has already been claimed.']);
    expect(await challengeSnapshot(t)).toEqual(before);
    expect(claimOf(await reject(staff.client, late, 'Too late: already claimed.')).status).toBe('rejected');
  });

  it('leaves a staff member’s own claim to another staff member: neither approved nor rejected by its claimant', async () => {
    const challenge = await createChallenge(db(), { prize_amount: 10_000_000 });
    const own = await claimed(staff, challenge.id);
    const [before, points] = [await challengeSnapshot(t), await balanceOf(t, staff.id)];
    for (const refused of [await approve(staff.client, own), await reject(staff.client, own, 'Mine.')]) {
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'You cannot handle your own claim; another staff member has to.']);
    }
    expect(await challengeSnapshot(t)).toEqual(before);
    expect(await balanceOf(t, staff.id)).toBe(points);
    const colleague = await signedInMember(t.app, 'OtherJudge', 'moderator');
    expect(claimOf(await reject(colleague.client, own, 'Staff cannot win their own challenges.')).status).toBe('rejected');
  });
});

/** The review queue: pending oldest first, reviewed newest first, one challenge's claims, the evidence in full. */
describe('challenge claims: the queue', () => {
  const t = useTestApp();
  let staff: SignedInMember;
  const queue = async (query: string) => {
    const response = await staff.client.get(`${CLAIMS}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminClaimListSchema.parse(response.json());
  };

  it('orders and filters the claims and pages them 25 at a time', async () => {
    staff = await signedInMember(t.app, 'QueueKeeper', 'admin');
    const db = t.database.db;
    const [first, second] = await Promise.all([createChallenge(db, { slot_name: 'Queue One' }), createChallenge(db, { slot_name: 'Queue Two' })]);
    const members = await Promise.all(Array.from({ length: 30 }, (_, index) => signedInMember(t.app, `Queuer${index}`)));
    const base = Date.parse('2026-03-01T12:00:00.000Z');
    const stamp = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const ids: number[] = [];
    for (const [index, member] of members.entries()) {
      const status = index < 26 ? 'pending' : index < 28 ? 'approved' : 'rejected';
      // Made newest first, so the queue's order is the dates', not the ids'.
      ids.push(await insertClaim(db, { challenge_id: index % 2 ? second.id : first.id, user_id: member.id, status, created_at: stamp(100 - index), evidence_images: [`challenge-claims/${String(index).padStart(32, '0')}.webp`] }));
    }
    const pending = await queue('');
    expect([pending.total, pending.pages, pending.data.length]).toEqual([26, 2, 25]);
    expect(pending.data[0]).toMatchObject({ id: ids[25], status: 'pending', evidence_images: [`challenge-claims/${'25'.padStart(32, '0')}.webp`], reviewed_by: null, challenge: { slot_name: 'Queue Two' } });
    expect(pending.data.map((row) => row.created_at)).toEqual([...pending.data.map((row) => row.created_at)].sort());
    expect((await queue('?page=2')).data.map((row) => row.id)).toEqual([ids[0]]);
    expect((await queue('?status=approved')).data.map((row) => row.id)).toEqual([ids[26], ids[27]]);
    expect((await queue('?status=rejected')).data.map((row) => row.id)).toEqual([ids[28], ids[29]]);
    const all = await queue('?status=all');
    expect([all.total, all.data[0].id]).toEqual([30, ids[0]]);
    expect((await queue(`?status=all&challenge_id=${second.id}`)).data.every((row) => row.challenge.id === second.id)).toBe(true);
    expect((await queue(`?status=all&challenge_id=${second.id}`)).total).toBe(15);
    expect((await queue(`?challenge_id=2147483000`)).total).toBe(0);
    expect(claimOf(await staff.client.get(`${CLAIMS}/${ids[3]}`)).user.username).toBe('Queuer3');
  });
});
