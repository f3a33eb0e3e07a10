import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

/** Partner platforms, their wager leaderboards and periods, wager data and its sources, VIP tiers and claims. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('partner_platforms'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('image', 'text')
    .addColumn('currency_symbol', 'text', (col) => col.notNull().defaultTo('$'))
    .addColumn('amount_format', 'text', (col) => col.notNull().defaultTo('currency').check(sql`amount_format in ('currency', 'xp')`))
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('mask_names', 'integer', (col) => col.notNull().defaultTo(1))
    // The casino account slot of Settings → Connections (1–3) whose names are this platform's usernames.
    .addColumn('casino_slot', 'integer', (col) => col.unique().check(sql`casino_slot between 1 and 3`))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('leaderboards'))
    .addColumn('platform_id', 'integer', (col) => col.notNull().references('partner_platforms.id').onDelete('cascade'))
    .addColumn('leaderboard_type', 'text', (col) => col.notNull().check(sql`leaderboard_type in ('normal', 'sports_bet', 'live_games')`))
    .addColumn('period_length', 'text', (col) => col.notNull().check(sql`period_length in ('weekly', 'biweekly', 'monthly', 'custom')`))
    .addColumn('custom_days', 'integer')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('leaderboards_platform_type', ['platform_id', 'leaderboard_type'])
    .execute();

  await withId(db, db.schema.createTable('leaderboard_periods'))
    .addColumn('leaderboard_id', 'integer', (col) => col.notNull().references('leaderboards.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('current', 'finished')`))
    .addColumn('finished_at', 'text')
    .addColumn('prizes_paid_at', 'text')
    .addColumn('prizes_paid_by', 'integer', (col) => col.references('users.id'))
    .execute();
  // At most one running period per leaderboard, whatever instance rolls it over.
  await sql`CREATE UNIQUE INDEX leaderboard_periods_one_current ON leaderboard_periods (leaderboard_id) WHERE status = 'current'`.execute(db);
  await db.schema.createIndex('leaderboard_periods_by_end').on('leaderboard_periods').columns(['leaderboard_id', 'ends_at']).execute();

  await db.schema
    .createTable('leaderboard_prizes')
    .addColumn('period_id', 'integer', (col) => col.notNull().references('leaderboard_periods.id').onDelete('cascade'))
    .addColumn('place', 'integer', (col) => col.notNull().check(sql`place >= 1`))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addPrimaryKeyConstraint('leaderboard_prizes_pk', ['period_id', 'place'])
    .execute();

  // A period's standings: one row per player (by lower-cased name), from a sync, a staff edit or an import.
  await withId(db, db.schema.createTable('wager_entries'))
    .addColumn('period_id', 'integer', (col) => col.notNull().references('leaderboard_periods.id').onDelete('cascade'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('username_key', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('sync', 'manual', 'import')`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('wager_entries_period_player', ['period_id', 'username_key'])
    .execute();
  await db.schema.createIndex('wager_entries_ranking').on('wager_entries').columns(['period_id', 'amount_cents']).execute();

  // Every change to a player's standing, summed per day: all-time and from-a-date wagers for VIP tiers.
  await db.schema
    .createTable('wager_daily')
    .addColumn('platform_id', 'integer', (col) => col.notNull().references('partner_platforms.id').onDelete('cascade'))
    .addColumn('username_key', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('wager_daily_pk', ['platform_id', 'username_key', 'day'])
    .execute();

  await withId(db, db.schema.createTable('wager_sources'))
    .addColumn('leaderboard_id', 'integer', (col) => col.notNull().unique().references('leaderboards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('interval_sec', 'integer', (col) => col.notNull())
    .addColumn('timeout_sec', 'integer', (col) => col.notNull())
    .addColumn('rank_on', 'text', (col) => col.notNull().check(sql`rank_on in ('wagered', 'weighted')`))
    .addColumn('base_url', 'text')
    // The partner's key: written by admins, used by the server, never sent to any browser.
    .addColumn('secret', 'text')
    .addColumn('options', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('next_sync_at', 'text', (col) => col.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'text')
    .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_row_count', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('vip_tiers'))
    .addColumn('platform_id', 'integer', (col) => col.notNull().references('partner_platforms.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('reward_type', 'text', (col) => col.notNull().check(sql`reward_type in ('points', 'cash', 'other')`))
    // Points for a points reward, cents for a cash reward, 0 for another kind (the name says what it is).
    .addColumn('reward_amount', 'bigint', (col) => col.notNull().check(sql`reward_amount >= 0`))
    .addColumn('min_wagered_cents', 'bigint', (col) => col.notNull().check(sql`min_wagered_cents >= 0`))
    .addColumn('count_wager_after_date', 'text')
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('vip_claims'))
    .addColumn('tier_id', 'integer', (col) => col.notNull().references('vip_tiers.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('reward_type', 'text', (col) => col.notNull())
    .addColumn('reward_amount', 'bigint', (col) => col.notNull())
    .addColumn('wagered_cents_at_claim', 'bigint', (col) => col.notNull())
    .addColumn('casino_username', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'processed', 'rejected')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'text')
    .addColumn('processed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('reject_reason', 'text')
    // One claim per member per tier, whatever arrives in parallel.
    .addUniqueConstraint('vip_claims_tier_user', ['tier_id', 'user_id'])
    .execute();
  await db.schema.createIndex('vip_claims_status').on('vip_claims').columns(['status', 'id']).execute();
  await db.schema.createIndex('vip_claims_user').on('vip_claims').columns(['user_id', 'id']).execute();

  // A casino account name belongs to one member per slot: nobody claims rewards on another player's wagers.
  for (const column of ['crypto', 'crypto2', 'crypto3']) {
    await sql`CREATE UNIQUE INDEX ${sql.raw(`users_${column}_unique`)} ON users (lower(${sql.ref(column)}))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['crypto', 'crypto2', 'crypto3']) await sql.raw(`DROP INDEX IF EXISTS users_${column}_unique`).execute(db);
  for (const table of ['vip_claims', 'vip_tiers', 'wager_sources', 'wager_daily', 'wager_entries', 'leaderboard_prizes', 'leaderboard_periods', 'leaderboards', 'partner_platforms']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
