import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compileOnce } from '../../db/compiled';
import type { DB, UserRow } from '../../db/types';

/** See docs/decisions/003-sessions.md for why these numbers. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionUser = Pick<
  UserRow,
  'id' | 'discord_id' | 'username' | 'global_name' | 'avatar' | 'kick_username' | 'role' | 'points' | 'xp'
>;

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionStore(db: Kysely<DB>, now: () => Date) {
  const findSession = compileOnce(
    db,
    (sessionId: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.last_seen_at as session_seen_at',
          'sessions.expires_at',
          'users.id',
          'users.discord_id',
          'users.username',
          'users.global_name',
          'users.avatar',
          'users.kick_username',
          'users.role',
          'users.points',
          'users.xp',
        ])
        .where('sessions.id', '=', sessionId),
    ['session id'],
  );

  return {
    async create(userId: number): Promise<{ token: string; sessionId: string }> {
      const token = randomBytes(32).toString('base64url');
      const sessionId = hashToken(token);
      const at = now();
      await db
        .insertInto('sessions')
        .values({
          id: sessionId,
          user_id: userId,
          created_at: at.toISOString(),
          last_seen_at: at.toISOString(),
          expires_at: new Date(at.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
        })
        .execute();
      return { token, sessionId };
    },

    async resolve(token: string): Promise<ResolvedSession | null> {
      const sessionId = hashToken(token);
      const [row] = await findSession(sessionId);
      if (!row) return null;
      const at = now();
      const idleSince = Date.parse(row.session_seen_at);
      if (Date.parse(row.expires_at) <= at.getTime() || idleSince + SESSION_IDLE_MS <= at.getTime()) {
        await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
        return null;
      }
      if (at.getTime() - idleSince >= TOUCH_EVERY_MS) {
        const stamp = at.toISOString();
        await db.updateTable('sessions').set({ last_seen_at: stamp }).where('id', '=', sessionId).execute();
        await db.updateTable('users').set({ last_seen_at: stamp }).where('id', '=', row.id).execute();
      }
      const { session_seen_at: _seen, expires_at: _expires, ...user } = row;
      return { sessionId, user };
    },

    async destroy(sessionId: string) {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    async purgeExpired(): Promise<number> {
      const at = now().getTime();
      const result = await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', new Date(at).toISOString()),
            eb('last_seen_at', '<=', new Date(at - SESSION_IDLE_MS).toISOString()),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
