import type { RowChange, RowChanges } from '../../db/row-changes';
import type { SessionUser } from './sessions';

export interface KeptSession {
  /** Frozen: every request of this member shares it. */
  user: Readonly<SessionUser>;
  seenAt: number;
  expiresAt: number;
}

/** About 1 KB each: the members of a busy stream night, in a few tens of MB at most. */
const DEFAULT_LIMIT = 20_000;

/**
 * Sessions and their members kept in memory, so a signed-in request needs no database read (issue 12: the lookup
 * cost more than the 60 % of hello world a hot read may spend). The database reports every change to what is kept
 * (server/db/row-changes.ts), this process's own before the call that made it returns: a member's next request sees
 * their purchase, a signed-out session is refused, a new role applies. Another instance's change arrives a moment
 * after its commit (PostgreSQL's NOTIFY), and nothing is served while that channel is away.
 *
 * A read that was under way when its rows changed may bring back the old values, so it keeps nothing: every change
 * takes a sequence number, and a read keeps its rows only if none of them changed after it began.
 */
export function createSessionCache(rowChanges: RowChanges, limit = DEFAULT_LIMIT) {
  const sessions = new Map<string, { userId: number; seenAt: number; expiresAt: number }>();
  const users = new Map<number, Readonly<SessionUser>>();
  let sequence = 0;
  /** Reads begun before this may have missed a change that is no longer listed below. */
  let floor = 0;
  let reading = 0;
  const changedAt = new Map<string, number>();

  const changed = (key: string) => {
    changedAt.set(key, ++sequence);
    if (changedAt.size > limit) {
      changedAt.clear();
      floor = sequence;
    }
  };

  const unwatch = rowChanges.watch((change: RowChange) => {
    if (change.table === 'users') {
      users.delete(change.id);
      changed(`u${change.id}`);
    } else if (change.table === 'sessions') {
      sessions.delete(change.id);
      changed(`s${change.id}`);
    } else {
      sessions.clear();
      users.clear();
      changedAt.clear();
      floor = ++sequence;
    }
  });

  const unchangedSince = (start: number, key: string) => (changedAt.get(key) ?? 0) <= start;

  function keep(sessionId: string, kept: KeptSession) {
    sessions.delete(sessionId);
    sessions.set(sessionId, { userId: kept.user.id, seenAt: kept.seenAt, expiresAt: kept.expiresAt });
    users.delete(kept.user.id);
    users.set(kept.user.id, kept.user);
    // Maps iterate in insertion order, and each keep moves its rows to the end: the first is the longest unused.
    if (sessions.size > limit) sessions.delete(sessions.keys().next().value!);
    if (users.size > limit) users.delete(users.keys().next().value!);
  }

  return {
    get(sessionId: string): KeptSession | undefined {
      // current() first: catching up on another process's changes may empty the maps.
      if (!rowChanges.current()) return undefined;
      const session = sessions.get(sessionId);
      const user = session && users.get(session.userId);
      return user && { user, seenAt: session.seenAt, expiresAt: session.expiresAt };
    },

    /** Runs the database lookup and keeps what it found, unless its rows changed while it ran. */
    async load(sessionId: string, lookUp: () => Promise<KeptSession | null>): Promise<KeptSession | null> {
      const start = sequence;
      reading += 1;
      let found: KeptSession | null;
      try {
        found = await lookUp();
      } finally {
        reading -= 1;
      }
      if (found && start >= floor && unchangedSince(start, `s${sessionId}`) && unchangedSince(start, `u${found.user.id}`)) {
        keep(sessionId, found);
      }
      // With no read under way, no one needs to know what changed when.
      if (reading === 0) changedAt.clear();
      return found;
    },

    /** How many sessions and members are kept (tests and benchmarks). */
    size: () => ({ sessions: sessions.size, users: users.size }),

    close: unwatch,
  };
}
