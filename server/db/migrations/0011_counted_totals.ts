import { sql, type Kysely } from 'kysely';

/**
 * A raffle's entries and a tournament's predictions are counted on read (on their indexes) instead of kept in a
 * counter column that every entry and every first prediction updated: that shared row was held by each writer until
 * its commit, so on PostgreSQL a crowd entering one raffle was served one commit at a time (issue 12).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('raffles').dropColumn('total_entries').execute();
  await db.schema.alterTable('tournaments').dropColumn('predictions_count').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('raffles').addColumn('total_entries', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tournaments').addColumn('predictions_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`update raffles set total_entries = (select count(*) from raffle_entries where raffle_entries.raffle_id = raffles.id)`.execute(db);
  await sql`update tournaments set predictions_count = (select count(*) from tournament_predictions where tournament_predictions.tournament_id = tournaments.id)`.execute(db);
}
