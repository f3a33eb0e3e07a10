import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

/** Slot multiplier challenges, members' claims with evidence, and their review (decision 021). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('challenges'))
    .addColumn('slot_name', 'text', (col) => col.notNull())
    // The bonus-hunt catalogue slot the name came from (its image is used when the challenge has none of its own).
    .addColumn('slot_id', 'integer', (col) => col.references('slots.id').onDelete('set null'))
    // A path under /storage/ (an upload), or null.
    .addColumn('image', 'text')
    .addColumn('multiplier_centi', 'bigint', (col) => col.notNull().check(sql`multiplier_centi > 0`))
    .addColumn('min_bet_cents', 'bigint', (col) => col.notNull().check(sql`min_bet_cents >= 0`))
    // 'cash': dollars paid by the streamer (counts in the total given away); 'points': paid through the ledger.
    .addColumn('prize_type', 'text', (col) => col.notNull().check(sql`prize_type in ('cash', 'points')`))
    // Cents for cash, whole points for points.
    .addColumn('prize_amount', 'bigint', (col) => col.notNull().check(sql`prize_amount > 0`))
    .addColumn('start_date', 'text', (col) => col.notNull())
    .addColumn('end_date', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    // Set together, once, by the transaction that approves a claim (`WHERE claimed_by IS NULL`).
    .addColumn('claimed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'text')
    .addColumn('approved_claim_id', 'integer')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('challenges_by_end').on('challenges').columns(['end_date', 'id']).execute();

  await withId(db, db.schema.createTable('challenge_claims'))
    .addColumn('challenge_id', 'integer', (col) => col.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (col) => col.notNull())
    // JSON list of paths under /storage/ (at most 5), re-encoded by the upload platform.
    .addColumn('evidence_images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('admin_notes', 'text')
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One pending claim per member and challenge, held by the database whatever the timing of two submissions.
  await sql`create unique index challenge_claims_one_pending on challenge_claims (challenge_id, user_id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('challenge_claims_by_challenge').on('challenge_claims').columns(['challenge_id', 'created_at']).execute();
  await db.schema.createIndex('challenge_claims_by_user').on('challenge_claims').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('challenge_claims_by_status').on('challenge_claims').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('challenge_claims').ifExists().execute();
  await db.schema.dropTable('challenges').ifExists().execute();
}
