import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

/** The slot catalogue, bonus hunts with their games, and members' predictions. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('slots'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Lower-cased, trimmed name: one catalogue entry per slot, whoever types it.
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('provider', 'text', (col) => col.notNull().defaultTo(''))
    /** A path under /storage/ (an upload), or null. */
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('bonus_hunts'))
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('start_balance_cents', 'bigint', (col) => col.notNull().check(sql`start_balance_cents >= 0`))
    // Set when the hunt is finished: the total of its wins.
    .addColumn('end_balance_cents', 'bigint')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('predictions_active', 'integer', (col) => col.notNull().defaultTo(0))
    // Points for the closest prediction of each kind, paid when the hunt finishes (0: no reward).
    .addColumn('reward_end_balance', 'integer', (col) => col.notNull().defaultTo(0).check(sql`reward_end_balance >= 0`))
    .addColumn('reward_multiplier', 'integer', (col) => col.notNull().defaultTo(0).check(sql`reward_multiplier >= 0`))
    .addColumn('reward_game', 'integer', (col) => col.notNull().defaultTo(0).check(sql`reward_game >= 0`))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // At most one running hunt, whichever staff member or instance starts one.
  await sql`CREATE UNIQUE INDEX bonus_hunts_one_active ON bonus_hunts (is_active) WHERE is_active = 1`.execute(db);
  await db.schema.createIndex('bonus_hunts_by_finish').on('bonus_hunts').columns(['is_active', 'finished_at']).execute();

  await withId(db, db.schema.createTable('bonus_hunt_games'))
    .addColumn('hunt_id', 'integer', (col) => col.notNull().references('bonus_hunts.id').onDelete('cascade'))
    .addColumn('slot_id', 'integer', (col) => col.notNull().references('slots.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('bet_cents', 'bigint', (col) => col.notNull().check(sql`bet_cents > 0`))
    // Null until the bonus is opened; 0 when it paid nothing.
    .addColumn('win_cents', 'bigint', (col) => col.check(sql`win_cents >= 0`))
    .addColumn('pending_win', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assigned_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('opened_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('bonus_hunt_games_by_hunt').on('bonus_hunt_games').columns(['hunt_id', 'position']).execute();
  await db.schema.createIndex('bonus_hunt_games_by_slot').on('bonus_hunt_games').columns(['slot_id', 'opened_at']).execute();

  await withId(db, db.schema.createTable('bonus_hunt_predictions'))
    .addColumn('hunt_id', 'integer', (col) => col.notNull().references('bonus_hunts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('end_balance_cents', 'bigint', (col) => col.notNull().check(sql`end_balance_cents > 0`))
    // Hundredths of an x: 12.34x is 1234.
    .addColumn('highest_multiplier_centi', 'bigint', (col) => col.notNull().check(sql`highest_multiplier_centi > 0`))
    // The predicted game, one of the hunt's slots; its name is kept should the slot be merged away.
    .addColumn('game_slot_id', 'integer', (col) => col.references('slots.id').onDelete('set null'))
    .addColumn('game_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // One prediction per member per hunt, even when two submissions race.
    .addUniqueConstraint('bonus_hunt_predictions_one_per_member', ['hunt_id', 'user_id'])
    .execute();
  await db.schema.createIndex('bonus_hunt_predictions_by_user').on('bonus_hunt_predictions').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['bonus_hunt_predictions', 'bonus_hunt_games', 'bonus_hunts', 'slots']) await db.schema.dropTable(table).ifExists().execute();
}
