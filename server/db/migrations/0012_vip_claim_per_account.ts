import { sql, type Kysely } from 'kysely';

/**
 * A VIP tier pays once per casino account, not once per member (decision 015). The wagers belong to the account:
 * with only (tier, member) unique, members could pass one account name from one to the next and each be paid the
 * same tier on the same wagers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX vip_claims_tier_account ON vip_claims (tier_id, lower(casino_username))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS vip_claims_tier_account`.execute(db);
}
