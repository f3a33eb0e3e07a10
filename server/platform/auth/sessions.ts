import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compileOnce } from '../../db/compiled';
import { SESSION_USER_COLUMNS, type RowChanges } from '../../db/row-changes';
import type { DB, UserRow } from '../../db/types';
import { createSessionCache, type KeptSession } from './session-cache';

/** See docs/decisions/003-sessions.md for why these numbers. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionUser = Pick<UserRow, (typeof SESSION_USER_COLUMNS)[number]>;

export interface ResolvedSession {
  sessionId: string;
  user: SessionUser;
}

/** One-shot: every signed-in request hashes its token, and a Hash object per call cost three times as much. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * Without rowChanges (the CLI, the seeders) every lookup reads the database; with them, a session and its member are
 * kept in memory between requests (session-cache.ts).
 */
export function createSessionStore(db: Kysely<DB>, now: () => Date, rowChanges?: RowChanges) {
  const findSession = compileOnce(
    db,
    (sessionId: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.last_seen_at as session_seen_at', 'sessions.expires_at', ...SESSION_USER_COLUMNS.map((column) => `users.${column}` as const)])
        .where('sessions.id', '=', sessionId),
    ['session id'],
  );
  const cache = rowChanges ? createSessionCache(rowChanges) : null;

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
      const at = now().getTime();
      // A kept copy serves until the session is due its next touch, so the touch and the idle check still run at
      // most a minute apart.
      const kept = cache?.get(sessionId);
      if (kept && at - kept.seenAt < TOUCH_EVERY_MS && at < kept.expiresAt) return { sessionId, user: kept.user };
      const lookUp = async (): Promise<KeptSession | null> => {
        const [row] = await findSession(sessionId);
        if (!row) return null;
        const seenAt = Date.parse(row.session_seen_at);
        const expiresAt = Date.parse(row.expires_at);
        if (expiresAt <= at || seenAt + SESSION_IDLE_MS <= at) {
          await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
          return null;
        }
        const { session_seen_at: _seen, expires_at: _expires, ...user } = row;
        if (at - seenAt < TOUCH_EVERY_MS) return { user: Object.freeze(user), seenAt, expiresAt };
        const stamp = new Date(at).toISOString();
        await db.updateTable('sessions').set({ last_seen_at: stamp }).where('id', '=', sessionId).execute();
        await db.updateTable('users').set({ last_seen_at: stamp }).where('id', '=', row.id).execute();
        return { user: Object.freeze(user), seenAt: at, expiresAt };
      };
      const found = cache ? await cache.load(sessionId, lookUp) : await lookUp();
      return found && { sessionId, user: found.user };
    },

    async destroy(sessionId: string) {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    /** Stops hearing row changes (the app is closing). */
    close() {
      cache?.close();
    },

    /** How many sessions and members are kept in memory (tests). */
    kept: () => cache?.size() ?? { sessions: 0, users: 0 },

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
