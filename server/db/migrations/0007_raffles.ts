import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

/** Raffles, their entries and the picks of their verifiable draws (common/raffle-draw.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('raffles'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    /** A path under /storage/ (an upload), or null. */
    .addColumn('image', 'text')
    .addColumn('prize_value_cents', 'bigint', (col) => col.check(sql`prize_value_cents >= 0`))
    .addColumn('allow_passwordless_entry', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('allow_points_entry', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('points_per_entry', 'integer', (col) => col.notNull().defaultTo(1).check(sql`points_per_entry >= 1`))
    // scrypt of the entry password ("scrypt$<salt hex>$<hash hex>"); null: no password entry.
    .addColumn('password_hash', 'text')
    // Entries one member may hold, all types together; null: no limit.
    .addColumn('max_entries', 'integer', (col) => col.check(sql`max_entries >= 1`))
    .addColumn('winners_count', 'integer', (col) => col.notNull().defaultTo(1).check(sql`winners_count >= 1`))
    .addColumn('required_role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('requires_kick', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('auto_draw', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('end_datetime', 'text', (col) => col.notNull())
    // Kept up to date by every entry, under the raffle row's lock (entries and closing serialise on it).
    .addColumn('total_entries', 'integer', (col) => col.notNull().defaultTo(0).check(sql`total_entries >= 0`))
    // The secret seed (never sent before the announcement) and its published SHA-256.
    .addColumn('seed', 'text', (col) => col.notNull())
    .addColumn('seed_hash', 'text', (col) => col.notNull())
    // Set once, when entries close: the hash of the frozen entry list.
    .addColumn('entries_closed_at', 'text')
    .addColumn('entries_hash', 'text')
    .addColumn('drawn_at', 'text')
    .addColumn('announced_at', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('raffles_by_created').on('raffles').columns(['created_at']).execute();
  // The automatic draw looks for raffles past their end that are not drawn yet.
  await db.schema.createIndex('raffles_due').on('raffles').columns(['drawn_at', 'end_datetime']).execute();

  await withId(db, db.schema.createTable('raffle_entries'))
    .addColumn('raffle_id', 'integer', (col) => col.notNull().references('raffles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entry_type', 'text', (col) => col.notNull().check(sql`entry_type in ('passwordless', 'points', 'password')`))
    .addColumn('points_spent', 'integer', (col) => col.notNull().defaultTo(0).check(sql`points_spent >= 0`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One free entry and one password entry per member, even when two submissions race.
  await sql`CREATE UNIQUE INDEX raffle_entries_one_free ON raffle_entries (raffle_id, user_id, entry_type) WHERE entry_type <> 'points'`.execute(db);
  await db.schema.createIndex('raffle_entries_by_member').on('raffle_entries').columns(['raffle_id', 'user_id']).execute();
  await db.schema.createIndex('raffle_entries_by_user').on('raffle_entries').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('raffle_picks'))
    .addColumn('raffle_id', 'integer', (col) => col.notNull().references('raffles.id').onDelete('cascade'))
    // 1-based order in the draw's random stream: the winners first, then one per redraw.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('entry_id', 'integer', (col) => col.notNull().references('raffle_entries.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('selected_at', 'text', (col) => col.notNull())
    .addColumn('replaced_at', 'text')
    .addColumn('replace_reason', 'text')
    .addUniqueConstraint('raffle_picks_one_per_position', ['raffle_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['raffle_picks', 'raffle_entries', 'raffles']) await db.schema.dropTable(table).ifExists().execute();
}
