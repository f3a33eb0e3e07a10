import { sql } from 'kysely';
import type { Executor } from '../../db/types';

export const statsRepo = {
  async totalPaidCents(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('payouts')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },

  async insertPayout(
    db: Executor,
    payout: { source: string; reference: string | null; user_id: number | null; amount_cents: number; paid_at: string },
  ) {
    await db.insertInto('payouts').values(payout).execute();
  },
};
