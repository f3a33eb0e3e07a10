import { sql, type Updateable } from 'kysely';
import type { Executor, UsersTable } from '../../db/types';

export type ProfileFieldsUpdate = Pick<
  Updateable<UsersTable>,
  'bio' | 'crypto' | 'crypto2' | 'crypto3' | 'twitter_user' | 'instagram_user' | 'youtube_user' | 'tiktok_user'
>;

export const profilesRepo = {
  findById: (db: Executor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Position by XP: members with more XP, plus one (ties share a rank). */
  rankOf: async (db: Executor, xp: number) => {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('ahead'))
      .where('xp', '>', xp)
      .executeTakeFirstOrThrow();
    return Number(row.ahead) + 1;
  },

  casinoNames: (db: Executor, userId: number) => db.selectFrom('users').select(['crypto', 'crypto2', 'crypto3']).where('id', '=', userId).executeTakeFirst(),

  /** Another member with this casino account name in the same slot, compared without regard to case. */
  casinoNameOwner: (db: Executor, slot: 'crypto' | 'crypto2' | 'crypto3', name: string, exceptId: number) =>
    db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(${sql.ref(slot)})`, '=', name.trim().toLowerCase())
      .where('id', '!=', exceptId)
      .executeTakeFirst(),

  update: (db: Executor, id: number, fields: ProfileFieldsUpdate & { updated_at: string }) =>
    db.updateTable('users').set(fields).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  setKick: (db: Executor, id: number, kick: { kick_user_id: string | null; kick_username: string | null; updated_at: string }) =>
    db.updateTable('users').set(kick).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  kickOwner: (db: Executor, kickUserId: string) =>
    db.selectFrom('users').select(['id', 'username']).where('kick_user_id', '=', kickUserId).executeTakeFirst(),

  insertLinkRequest: (db: Executor, row: { state_hash: string; session_id: string; code_verifier: string; created_at: string }) =>
    db.insertInto('kick_link_requests').values(row).execute(),

  /** Takes a link request out (each state works once), whoever asks; the caller checks the session. */
  takeLinkRequest: (db: Executor, stateHash: string) =>
    db.deleteFrom('kick_link_requests').where('state_hash', '=', stateHash).returningAll().executeTakeFirst(),

  purgeLinkRequests: (db: Executor, before: string) => db.deleteFrom('kick_link_requests').where('created_at', '<', before).execute(),
};
