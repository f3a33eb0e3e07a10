import { describe, expect, it } from 'vitest';
import { challengeListResponseSchema } from '../../../common/contracts/challenges';
import { adminChallengeListSchema, adminClaimListSchema } from '../../../common/contracts/challenges-admin';
import { challengeDisplay } from '../../../common/challenges';
import { seedDemoChallenges } from '../../db/seed/challenges';
import { seedDemoMembers } from '../../db/seed/members';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { CHALLENGES, CLAIMS } from './challenges-admin.testkit';

/** The demo challenges a fresh machine shows, made through the real services. */
describe('challenge demo content', () => {
  const t = useTestApp();

  it('has three running challenges (cash, points, one ending within the day), two claimed with prizes paid, two over (one switched off), pending claims with evidence and a rejected claim with notes', async () => {
    const now = new Date();
    await seedDemoMembers(t.app.services, t.database, now);
    // Two catalogue slots (the whole catalogue's images take a while): the challenges named after them are linked.
    const catalogue = await Promise.all(['Gates of Olympus', 'Mental'].map((name) => t.app.services.slotsAdmin.create({ name, provider: 'Demo', image: null })));
    await seedDemoChallenges(t.app.services, t.database, now);
    const staff = await signedIn(t.app, 'ChallengeSeedChecker', 'admin');

    const list = adminChallengeListSchema.parse((await staff.get(CHALLENGES)).json()).data;
    const byState = (state: string) => list.filter((row) => row.state === state);
    expect(list).toHaveLength(7);
    const active = byState('active');
    expect(active.map((row) => row.prize_type).sort()).toEqual(['cash', 'cash', 'points']);
    expect(active.filter((row) => row.time_remaining < 86_400)).toHaveLength(1);
    expect(active.find((row) => row.slot_name === 'Gates of Olympus')?.slot_id).toBe(catalogue[0].id);

    const claimed = byState('claimed');
    expect(claimed.map((row) => row.prize_type).sort()).toEqual(['cash', 'points']);
    expect(claimed.every((row) => row.claimer !== null && row.approved_claim_id !== null && row.claimed_at! < now.toISOString())).toBe(true);
    const [points, cash] = ['points', 'cash'].map((type) => claimed.find((row) => row.prize_type === type)!);
    const ledger = await t.database.db.selectFrom('points_ledger').select(['user_id', 'delta']).where('reference', '=', `challenge:${points.id}`).execute();
    expect(ledger).toEqual([{ user_id: points.claimer!.id, delta: points.prize_amount }]);
    const payouts = await t.database.db.selectFrom('payouts').select(['user_id', 'amount_cents', 'paid_at']).where('reference', '=', `challenge:${cash.id}`).execute();
    expect(payouts).toEqual([{ user_id: cash.claimer!.id, amount_cents: Math.round(cash.prize_amount * 100), paid_at: cash.claimed_at }]);
    expect(await t.app.services.points.mismatches()).toEqual([]);

    const expired = byState('expired');
    expect(expired).toHaveLength(2);
    expect(expired.filter((row) => !row.is_active && !row.is_expired)).toHaveLength(1);
    expect(expired.filter((row) => row.is_active && row.is_expired)).toHaveLength(1);

    const pending = adminClaimListSchema.parse((await staff.get(CLAIMS)).json()).data;
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.every((claim) => claim.evidence_images.length > 0 && claim.challenge.status === 'Active')).toBe(true);
    for (const image of pending.flatMap((claim) => claim.evidence_images)) expect((await new TestClient(t.app).get(`/storage/${image}`)).statusCode).toBe(200);
    const rejected = adminClaimListSchema.parse((await staff.get(`${CLAIMS}?status=rejected`)).json()).data;
    expect(rejected.some((claim) => claim.admin_notes !== null && claim.admin_notes !== 'Another claim for this challenge was approved.' && claim.challenge.status === 'Active')).toBe(true);
    const all = adminClaimListSchema.parse((await staff.get(`${CLAIMS}?status=all`)).json()).data;
    expect(all.every((claim) => claim.reviewed_at === null || claim.reviewed_at > claim.created_at)).toBe(true);

    // Members see the running ones as Active, the claimed ones as Completed and the rest as Expired (not the upcoming: there are none).
    const member = await signedIn(t.app, 'ChallengeSeedMember');
    const shown = challengeListResponseSchema.parse((await member.get('/api/r/challenges')).json()).data;
    expect(shown.map(challengeDisplay).sort()).toEqual(['active', 'active', 'active', 'claimed', 'claimed', 'expired', 'expired']);
  }, 60_000);
});
