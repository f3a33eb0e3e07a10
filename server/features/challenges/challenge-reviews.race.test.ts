import { beforeAll, describe, expect, it } from 'vitest';
import { challengeDetailResponseSchema } from '../../../common/contracts/challenges';
import { testDialect, useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { approve, balanceOf, reviewNotes } from './challenges-admin.testkit';
import { createChallenge, insertClaim } from './challenges.testkit';

/**
 * THE RACE (decision 021): different staff approving different pending claims of one challenge at the same
 * moment get exactly one approval; the rest are refused whole (409), on both dialects and across app instances.
 */
describe(`challenge claims: simultaneous approvals (${testDialect})`, () => {
  const t = useTestApp();
  let staff: TestClient[];
  let claimers: SignedInMember[];
  let viewer: SignedInMember;

  /** The same staff member's session on another instance of the site (same database). */
  const onTwin = async (client: TestClient) => {
    const twin = new TestClient(await t.twin());
    for (const [name, value] of client.cookies) twin.cookies.set(name, value);
    twin.csrfToken = client.csrfToken;
    return twin;
  };

  beforeAll(async () => {
    const names = ['RaceMod1', 'RaceMod2', 'RaceAdmin3', 'RaceMod4', 'RaceAdmin5'];
    staff = await Promise.all(names.map(async (name) => (await signedInMember(t.app, name, name.includes('Admin') ? 'admin' : 'moderator')).client));
    staff.push(...(await Promise.all(staff.slice(0, 2).map(onTwin))));
    claimers = await Promise.all(Array.from({ length: 10 }, (_, index) => signedInMember(t.app, `Racer${index}`)));
    viewer = await signedInMember(t.app, 'RaceViewer');
  });

  async function race(count: number, prize: { prize_type: 'points' | 'cash'; prize_amount: number }) {
    const db = t.database.db;
    const challenge = await createChallenge(db, { slot_name: `Race of ${count}`, multiplier: 777, ...prize });
    const entrants = claimers.slice(0, count);
    const claims = await Promise.all(entrants.map((member) => insertClaim(db, { challenge_id: challenge.id, user_id: member.id })));
    const balances = await Promise.all(entrants.map((member) => balanceOf(t, member.id)));
    const notesBefore = await Promise.all(entrants.map((member) => reviewNotes(t, member.id)));

    const responses = await Promise.all(claims.map((claim, index) => approve(staff[index % staff.length], claim, `Approved by staff ${index % staff.length}`)));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array.from({ length: count - 1 }, () => 409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(['This claim has already been reviewed.', 'This challenge has already been claimed.']).toContain(refused.json().message);
    }
    const winnerIndex = responses.findIndex((response) => response.statusCode === 200);
    const winner = entrants[winnerIndex];
    expect(responses[winnerIndex].json()).toMatchObject({ message: 'Claim approved.', data: { id: claims[winnerIndex], status: 'approved', user: { id: winner.id } } });

    const rows = await db.selectFrom('challenge_claims').select(['id', 'status', 'admin_notes']).where('challenge_id', '=', challenge.id).orderBy('id').execute();
    expect(rows.filter((row) => row.status === 'approved')).toEqual([{ id: claims[winnerIndex], status: 'approved', admin_notes: `Approved by staff ${winnerIndex % staff.length}` }]);
    expect(rows.filter((row) => row.status === 'rejected').map((row) => row.admin_notes)).toEqual(Array.from({ length: count - 1 }, () => 'Another claim for this challenge was approved.'));
    expect(await db.selectFrom('challenges').select(['claimed_by', 'approved_claim_id']).where('id', '=', challenge.id).executeTakeFirstOrThrow()).toEqual({ claimed_by: winner.id, approved_claim_id: claims[winnerIndex] });
    const seen = challengeDetailResponseSchema.parse((await viewer.client.get(`/api/r/challenges/${challenge.id}`)).json()).data;
    expect(seen).toMatchObject({ status: 'Claimed', claimer: { id: winner.id } });

    // The prize, once: through the ledger for points, as one payout for cash.
    const reference = `challenge:${challenge.id}`;
    const ledger = await db.selectFrom('points_ledger').select(['user_id', 'delta']).where('reference', '=', reference).execute();
    const payouts = await db.selectFrom('payouts').select(['user_id', 'amount_cents']).where('reference', '=', reference).execute();
    if (prize.prize_type === 'points') {
      expect([ledger, payouts]).toEqual([[{ user_id: winner.id, delta: prize.prize_amount }], []]);
    } else {
      expect([ledger, payouts]).toEqual([[], [{ user_id: winner.id, amount_cents: Math.round(prize.prize_amount * 100) }]]);
    }
    const paid = await Promise.all(entrants.map((member) => balanceOf(t, member.id)));
    expect(paid.map((balance, index) => balance - balances[index])).toEqual(entrants.map((member) => (member === winner && prize.prize_type === 'points' ? prize.prize_amount : 0)));
    expect(await t.app.services.points.mismatches()).toEqual([]);

    // Each member told once: the winner approved, everyone else rejected.
    const notesAfter = await Promise.all(entrants.map((member) => reviewNotes(t, member.id)));
    expect(notesAfter.map((notes, index) => notes.slice(notesBefore[index].length).map((note) => note.type))).toEqual(
      entrants.map((member) => [member === winner ? 'challenge_claim_approved' : 'challenge_claim_rejected']),
    );
  }

  it('two staff approving two claims at once: one approval, one 409', async () => {
    await race(2, { prize_type: 'points', prize_amount: 4000 });
  });

  it('ten claims approved at once by staff on two instances: one approval, nine 409s, the points prize paid once', async () => {
    await race(10, { prize_type: 'points', prize_amount: 12_345 });
  });

  it('ten at once with a cash prize: one payout', async () => {
    await race(10, { prize_type: 'cash', prize_amount: 99.99 });
  });

  it('the same claim approved ten times at once: paid once', async () => {
    const db = t.database.db;
    const challenge = await createChallenge(db, { slot_name: 'Same claim race', prize_type: 'points', prize_amount: 50 });
    const [member] = claimers;
    const claim = await insertClaim(db, { challenge_id: challenge.id, user_id: member.id });
    const before = await balanceOf(t, member.id);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => approve(staff[index % staff.length], claim)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect((await balanceOf(t, member.id)) - before).toBe(50);
    expect(await db.selectFrom('points_ledger').select('id').where('reference', '=', `challenge:${challenge.id}`).execute()).toHaveLength(1);
  });
});
