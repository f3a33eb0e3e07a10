import { sql } from 'kysely';
import type { Role } from '../../../common/roles';
import { likeContains } from '../../db/like';
import type { Executor, NewUser, UserRow } from '../../db/types';

export interface MemberSearch {
  search: string;
  role: Role | 'staff' | 'all';
  limit: number;
  offset: number;
}

export const membersRepo = {
  findById: (db: Executor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  findByDiscordId: (db: Executor, discordId: string) =>
    db.selectFrom('users').selectAll().where('discord_id', '=', discordId).executeTakeFirst(),

  /** Usernames can change hands on Discord, so several rows may match: the most recently updated wins. */
  findByUsername: (db: Executor, username: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .orderBy('updated_at', 'desc')
      .executeTakeFirst(),

  async insert(db: Executor, member: NewUser): Promise<UserRow> {
    return db.insertInto('users').values(member).returningAll().executeTakeFirstOrThrow();
  },

  async updateProfile(
    db: Executor,
    id: number,
    profile: Partial<Pick<UserRow, 'username' | 'global_name' | 'avatar' | 'role'>> & { updated_at: string },
  ): Promise<UserRow> {
    return db.updateTable('users').set(profile).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  async search(db: Executor, query: MemberSearch): Promise<{ rows: UserRow[]; total: number }> {
    let base = db.selectFrom('users');
    if (query.search) {
      const pattern = likeContains(query.search);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(username)`, 'like', pattern),
          eb(sql`lower(coalesce(global_name, ''))`, 'like', pattern),
          eb(sql`lower(coalesce(kick_username, ''))`, 'like', pattern),
          eb('discord_id', '=', query.search),
        ]),
      );
    }
    if (query.role === 'staff') base = base.where('role', 'in', ['moderator', 'admin']);
    else if (query.role !== 'all') base = base.where('role', '=', query.role);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  async counts(db: Executor, activeSince: string) {
    const row = await db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('members'),
        sql<number>`sum(case when role in ('moderator', 'admin') then 1 else 0 end)`.as('staff'),
        sql<number>`sum(case when last_seen_at >= ${activeSince} then 1 else 0 end)`.as('active'),
      ])
      .executeTakeFirstOrThrow();
    return { members: Number(row.members), staff: Number(row.staff ?? 0), active: Number(row.active ?? 0) };
  },
};
