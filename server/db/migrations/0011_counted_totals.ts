import { sql, type Kysely } from 'kysely';

/**
 * Counts, placed where they cost least (issue 12). A raffle's entries and a tournament's predictions are counted on
 * read (on their indexes) instead of kept in a counter column that every entry and every first prediction updated:
 * that shared row was held by each writer until its commit, so on PostgreSQL a crowd entering one raffle was served
 * one commit at a time. A store item's redemptions go the other way: the store page summed every redemption ever
 * made on each view, while every redemption already updates its item's row (the stock), so the count is kept there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('raffles').dropColumn('total_entries').execute();
  await db.schema.alterTable('tournaments').dropColumn('predictions_count').execute();
  await db.schema.alterTable('store_items').addColumn('redeemed_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`update store_items set redeemed_count = (select count(*) from store_redemptions r where r.item_id = store_items.id and r.status <> 'refunded')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_items').dropColumn('redeemed_count').execute();
  await db.schema.alterTable('raffles').addColumn('total_entries', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tournaments').addColumn('predictions_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`update raffles set total_entries = (select count(*) from raffle_entries where raffle_entries.raffle_id = raffles.id)`.execute(db);
  await sql`update tournaments set predictions_count = (select count(*) from tournament_predictions where tournament_predictions.tournament_id = tournaments.id)`.execute(db);
}
