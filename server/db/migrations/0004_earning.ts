import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

export async function up(db: Kysely<any>): Promise<void> {
  // Kick retries and duplicates deliveries: a message id is processed once, in the transaction of its effects.
  await db.schema
    .createTable('kick_webhook_messages')
    .addColumn('message_id', 'text', (col) => col.primaryKey())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();

  // A Kick account's chat activity per interval (keyed by Kick user id: names change). A message marks the
  // intervals it keeps the account active for; each ended interval is settled once (credited or skipped).
  await db.schema
    .createTable('chat_intervals')
    .addColumn('kick_user_id', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('is_subscriber', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (col) => col.check(sql`outcome in ('credited', 'skipped')`))
    .addColumn('settled_at', 'text')
    .addPrimaryKeyConstraint('chat_intervals_pk', ['kick_user_id', 'starts_at'])
    .execute();
  await db.schema.createIndex('chat_intervals_open').on('chat_intervals').columns(['outcome', 'starts_at']).execute();

  await withId(db, db.schema.createTable('stream_sessions'))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('webhook', 'poll')`))
    .execute();
  await db.schema.createIndex('stream_sessions_started').on('stream_sessions').column('started_at').execute();

  // One row per credit that may happen only once per Kick account (a follow): the key is the guard.
  await db.schema
    .createTable('earning_claims')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // Points earned per member per site day, against the daily cap (last_credit: what the latest update added).
  await db.schema
    .createTable('daily_earnings')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('points', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_credit', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_earnings_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('daily_bonus_claims')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('streak', 'integer', (col) => col.notNull())
    .addColumn('points', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('daily_bonus_claims_pk', ['user_id', 'day'])
    .execute();

  await db.schema.createIndex('points_ledger_created').on('points_ledger').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('points_ledger_created').ifExists().execute();
  for (const table of ['daily_bonus_claims', 'daily_earnings', 'earning_claims', 'stream_sessions', 'chat_intervals', 'kick_webhook_messages']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
