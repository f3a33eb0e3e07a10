import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember } from '../../test/client';
import { ADMIN, createBoard } from '../../features/leaderboards/leaderboards.testkit';
import { isUniqueViolation } from '../errors';
import { down, EARLIER_CLAIM_REASON, up } from './0012_vip_claim_per_account';

describe('migration 0012: one VIP claim per tier and casino account', () => {
  const t = useTestApp();

  it('runs over claims that already share an account: the first keeps it, a later pending one is rejected, and the rule holds from then on', async () => {
    const admin = await signedIn(t.app, 'MigrationKeeper', 'admin');
    const board = await createBoard(admin, { name: 'Roobet', slug: 'roobet', casino_slot: 1 });
    for (const name of ['Cash tier', 'Other tier']) {
      const made = await admin.post(`${ADMIN}/vip/tiers`, { platform_id: board.platform.id, name, description: 'A tier.', reward_type: 'cash', reward_amount: 25, min_wagered: 100 });
      expect(made.statusCode, made.body).toBe(200);
    }
    const tiers = (await admin.get(`${ADMIN}/vip/tiers`)).json<{ data: { id: number; name: string }[] }>().data;
    const [cash, other] = ['Cash tier', 'Other tier'].map((name) => tiers.find((tier) => tier.name === name)!.id);
    const [first, second, third, fourth] = await Promise.all(['MigFirst', 'MigSecond', 'MigThird', 'MigFourth'].map((name) => signedInMember(t.app, name)));
    const db = t.database.db;
    const claim = (tierId: number, userId: number, account: string, status: 'pending' | 'processed') =>
      db
        .insertInto('vip_claims')
        .values({ tier_id: tierId, user_id: userId, reward_type: 'cash', reward_amount: 2500, wagered_cents_at_claim: 10_000, casino_username: account, status, created_at: new Date().toISOString(), processed_at: null, processed_by: null, reject_reason: null })
        .returning('id')
        .executeTakeFirstOrThrow();

    // The database as it was before the rule: one account passed between members, each claiming the same tier.
    await down(db);
    const kept = await claim(cash, first.id, 'PassedAround', 'processed');
    const paidAgain = await claim(cash, second.id, 'passedaround', 'processed');
    const waiting = await claim(cash, third.id, 'PASSEDAROUND', 'pending');
    const otherTier = await claim(other, third.id, 'PassedAround', 'pending');

    await up(db);
    const rows = await db.selectFrom('vip_claims').select(['id', 'status', 'reject_reason']).where('id', 'in', [kept.id, paidAgain.id, waiting.id, otherTier.id]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: kept.id, status: 'processed', reject_reason: null },
      { id: paidAgain.id, status: 'processed', reject_reason: null },
      { id: waiting.id, status: 'rejected', reject_reason: EARLIER_CLAIM_REASON },
      { id: otherTier.id, status: 'pending', reject_reason: null },
    ]);
    // From now on the database itself refuses the account a second claim of a tier, whoever makes it.
    const refused = await claim(cash, fourth.id, 'Passedaround', 'pending').then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(refused), String(refused)).toBe(true);
    const again = await claim(other, fourth.id, 'passedAROUND', 'pending').then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(again), String(again)).toBe(true);
    // Another account is free to claim.
    await claim(cash, fourth.id, 'SomeoneElse', 'pending');
  });
});
