import { sql, type Kysely } from 'kysely';
import { withId } from '../columns';

const MEMBER_TEXT_COLUMNS = ['crypto', 'crypto2', 'crypto3', 'twitter_user', 'instagram_user', 'youtube_user', 'tiktok_user'];

/** The achievements every site starts with; staff edit or add to them in the admin panel. */
const STARTER_ACHIEVEMENTS = [
  { title: 'First Friend', description: 'Made your first friend on the site.', category: 'social', icon: 'users', rule_kind: 'friends', rule_threshold: 1 },
  { title: 'Social Butterfly', description: 'Have 10 friends.', category: 'social', icon: 'heart', rule_kind: 'friends', rule_threshold: 10 },
  { title: 'Rising Star', description: 'Reached level 5.', category: 'milestone', icon: 'star', rule_kind: 'level', rule_threshold: 5 },
  { title: 'Veteran', description: 'Reached level 25.', category: 'milestone', icon: 'crown', rule_kind: 'level', rule_threshold: 25 },
  { title: 'Fortune Teller', description: 'Made your first bonus hunt prediction.', category: 'gaming', icon: 'target', rule_kind: 'bonus_hunt_predictions', rule_threshold: 1 },
  { title: 'Bracket Brain', description: 'Made your first tournament prediction.', category: 'gaming', icon: 'trophy', rule_kind: 'tournament_predictions', rule_threshold: 1 },
  { title: 'Feeling Lucky', description: 'Entered your first raffle.', category: 'bonus', icon: 'gift', rule_kind: 'raffle_entries', rule_threshold: 1 },
  { title: 'OG', description: 'Awarded by the team to members who were here from the start.', category: 'special', icon: 'gem', rule_kind: 'manual', rule_threshold: null },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of MEMBER_TEXT_COLUMNS) await db.schema.alterTable('users').addColumn(column, 'text').execute();
  await db.schema.createIndex('users_xp').on('users').column('xp').execute();

  // One row per pair of members, whoever asked first: user_low/user_high make a crossed or repeated
  // request collide with the existing row instead of creating a second one.
  await withId(db, db.schema.createTable('friendships'))
    .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_low', 'integer', (col) => col.notNull())
    .addColumn('user_high', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'accepted')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .addUniqueConstraint('friendships_pair', ['user_low', 'user_high'])
    .addCheckConstraint('friendships_not_self', sql`sender_id <> receiver_id`)
    .execute();
  await db.schema.createIndex('friendships_sender').on('friendships').columns(['sender_id', 'status']).execute();
  await db.schema.createIndex('friendships_receiver').on('friendships').columns(['receiver_id', 'status']).execute();

  await withId(db, db.schema.createTable('achievements'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('rule_kind', 'text', (col) => col.notNull())
    .addColumn('rule_threshold', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('achievements_rule').on('achievements').column('rule_kind').execute();

  await db.schema
    .createTable('member_achievements')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('achievement_id', 'integer', (col) => col.notNull().references('achievements.id').onDelete('cascade'))
    .addColumn('awarded_at', 'text', (col) => col.notNull())
    .addColumn('awarded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('member_achievements_pk', ['user_id', 'achievement_id'])
    .execute();
  await db.schema.createIndex('member_achievements_achievement').on('member_achievements').column('achievement_id').execute();

  // A Kick link in progress: the PKCE verifier stays on the server, and the state only works for the session that asked.
  await db.schema
    .createTable('kick_link_requests')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  const stamp = new Date().toISOString();
  await db
    .insertInto('achievements')
    .values(STARTER_ACHIEVEMENTS.map((a) => ({ ...a, created_at: stamp, updated_at: stamp })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['kick_link_requests', 'member_achievements', 'achievements', 'friendships']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('users_xp').ifExists().execute();
  for (const column of MEMBER_TEXT_COLUMNS) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
