import { sql, type Kysely } from 'kysely';
import { makeAppendOnly, withId } from '../columns';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('discord_id', 'text', (col) => col.notNull().unique())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('global_name', 'text')
    .addColumn('avatar', 'text')
    .addColumn('kick_user_id', 'text', (col) => col.unique())
    .addColumn('kick_username', 'text')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('points', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`points >= 0`))
    .addColumn('xp', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('bio', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text')
    .execute();
  await db.schema.createIndex('users_username_lower').on('users').expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await withId(db, db.schema.createTable('points_ledger'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('delta', 'bigint', (col) => col.notNull())
    .addColumn('balance_after', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('note', 'text')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('points_ledger_user').on('points_ledger').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('points_ledger_reason').on('points_ledger').columns(['reason', 'id']).execute();
  await makeAppendOnly(db, 'points_ledger');

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('payouts'))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payouts_paid_at').on('payouts').column('paid_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payouts', 'site_settings', 'notifications', 'points_ledger', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
