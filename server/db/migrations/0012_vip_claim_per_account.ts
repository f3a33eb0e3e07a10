import { sql, type Kysely } from 'kysely';

/** The reason a claim that came after another on the same tier and account is rejected with (see `up`). */
export const EARLIER_CLAIM_REASON = 'This casino account had already claimed this tier with another member. Each account can claim a tier once.';

/**
 * A VIP tier pays once per casino account, not once per member (decision 015). The wagers belong to the account:
 * with only (tier, member) unique, members could pass one account name from one to the next and each be paid the
 * same tier on the same wagers.
 *
 * Claims made before this rule may already share an account on one tier, and the index could not be made over them:
 * the site would not start. The first claim of each (tier, account) keeps it. A later one still pending is rejected
 * with the reason above, so staff do not pay it; every later one stays as the record it is (one processed was paid,
 * which a migration cannot undo) and is left out of the index, which holds for every claim made from now on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ id: number | string; status: string }>`
    SELECT c.id, c.status FROM vip_claims c
    WHERE EXISTS (
      SELECT 1 FROM vip_claims e WHERE e.tier_id = c.tier_id AND lower(e.casino_username) = lower(c.casino_username) AND e.id < c.id
    )`.execute(db);
  const later = rows.map((row) => Number(row.id));
  const pending = rows.filter((row) => row.status === 'pending').map((row) => Number(row.id));
  if (pending.length) {
    await sql`UPDATE vip_claims SET status = 'rejected', reject_reason = ${EARLIER_CLAIM_REASON}, processed_at = ${new Date().toISOString()}
      WHERE id IN (${sql.join(pending)})`.execute(db);
  }
  // An index's condition takes no parameters: the ids are written in, each a number read back from the table.
  const exempt = later.length ? sql.raw(` WHERE id NOT IN (${later.map((id) => String(Math.trunc(id))).join(', ')})`) : sql``;
  await sql`CREATE UNIQUE INDEX vip_claims_tier_account ON vip_claims (tier_id, lower(casino_username))${exempt}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS vip_claims_tier_account`.execute(db);
}
