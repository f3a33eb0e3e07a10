import type SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * The member columns a signed-in request reads with its session (server/platform/auth/sessions.ts). A change to any
 * of them, or a session's deletion, is reported by the database itself (triggers), whoever made it: this site's code,
 * another instance, the CLI or someone at a SQL prompt. Migrations 0013 and 0014 name the same columns for PostgreSQL.
 * The casino account names are here for the VIP page (vip.service.ts), which then needs no query for them.
 */
export const SESSION_USER_COLUMNS = ['id', 'discord_id', 'username', 'global_name', 'avatar', 'kick_username', 'role', 'points', 'xp', 'crypto', 'crypto2', 'crypto3'] as const;

/** A member's session columns changed, a session was deleted, or anything may have changed ('*': start afresh). */
export type RowChange = { table: 'users'; id: number } | { table: 'sessions'; id: string } | { table: '*' };

export interface RowChanges {
  /** Hears every committed change; a change made by this process is heard before the call that made it returns. */
  watch(listener: (change: RowChange) => void): () => void;
  /**
   * Catches up on what other processes committed and says whether every change can be heard right now: false while
   * PostgreSQL's listening connection is away, so nothing kept from the rows may be trusted. Cheap enough for every
   * signed-in request.
   */
  current(): boolean;
  close(): Promise<void>;
}

function listeners() {
  const all = new Set<(change: RowChange) => void>();
  return {
    add(listener: (change: RowChange) => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    emit(change: RowChange) {
      for (const listener of all) listener(change);
    },
  };
}

const parseChange = (table: string, id: string): RowChange | null =>
  table === 'users' && /^\d+$/.test(id) ? { table, id: Number(id) } : table === 'sessions' && id ? { table, id } : null;

/** Columns whose values differ between OLD and NEW, in the trigger syntax both dialects share (IS DISTINCT FROM). */
export const sessionColumnsChanged = (distinct: (column: string) => string) =>
  SESSION_USER_COLUMNS.filter((column) => column !== 'id').map(distinct).join(' OR ');

/**
 * SQLite: temporary triggers on this connection call back into this process as the statement runs. That is early
 * enough, because SQLite has one connection here and a transaction holds it to its end: no read can see the old row
 * after the change was heard. Other processes on the same file (the CLI, a second server) move `PRAGMA data_version`,
 * which `current()` reads; then everything is treated as changed.
 */
export function sqliteRowChanges(sqlite: SqliteDatabase.Database): RowChanges {
  const heard = listeners();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let version: unknown;
  let installed = false;
  // Checked once per turn of the event loop: the requests a turn reads were waiting when it began, or arrived a moment
  // after its check, as another instance's change on PostgreSQL arrives a moment after its commit. At 15,000 signed-in
  // requests a second a check per request was a tenth of the server's time (bench:hot, 2026-12-02).
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };

  // Installed on first use, after migrations made the tables, and never inside an open transaction: a rollback would
  // take temporary triggers with it.
  const install = () => {
    if (sqlite.inTransaction) return false;
    sqlite.function('row_changed', { deterministic: false }, (table: unknown, id: unknown) => {
      const change = parseChange(String(table), String(id));
      if (change) heard.emit(change);
      return null;
    });
    sqlite.exec(`
      CREATE TEMP TRIGGER IF NOT EXISTS users_session_columns_changed AFTER UPDATE ON users
        WHEN ${sessionColumnsChanged((column) => `OLD.${column} IS NOT NEW.${column}`)}
        BEGIN SELECT row_changed('users', NEW.id); END;
      CREATE TEMP TRIGGER IF NOT EXISTS sessions_deleted AFTER DELETE ON sessions
        BEGIN SELECT row_changed('sessions', OLD.id); END;
    `);
    version = dataVersion.get();
    installed = true;
    return true;
  };

  return {
    watch: heard.add,
    current() {
      if (!installed) return install() && false;
      if (checkedThisTurn) return true;
      checkedThisTurn = true;
      setImmediate(nextTurn);
      const now = dataVersion.get();
      if (now !== version) {
        version = now;
        heard.emit({ table: '*' });
      }
      return true;
    },
    async close() {},
  };
}

const NOTICE_PREFIX = 'row changed: ';
export const NOTIFY_CHANNEL = 'row_changes';

/**
 * PostgreSQL: the triggers of migration 0013 raise a NOTICE on the connection that made the change and NOTIFY every
 * listener once the transaction commits. This process applies its own notices when the statement (outside a
 * transaction) or the COMMIT has returned, so a member's next request on this instance sees their change; other
 * processes' changes arrive on a listening connection of its own, a moment after their commit.
 */
export function postgresRowChanges(options: { connectionString: string; schema: string }) {
  const heard = listeners();
  const ownBackends = new Set<number>();
  let listener: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = () => {
    // keepAlive: a server that vanished without closing the socket is found out by TCP's probes, not only by a write.
    const client = new pg.Client({ connectionString: options.connectionString, application_name: `row-changes:${options.schema}`, keepAlive: true });
    listener = client;
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      live = false;
      heard.emit({ table: '*' });
      void client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(connect, 1000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ processId, payload }) => {
      if (ownBackends.has(processId) || !payload) return;
      const [schema, table, id] = payload.split(' ');
      const change = schema === options.schema ? parseChange(table, id) : null;
      if (change) heard.emit(change);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${NOTIFY_CHANNEL}`))
      .then(() => {
        if (listener !== client) return;
        // Whatever changed while nobody listened is unknown: everything counts as changed.
        heard.emit({ table: '*' });
        live = true;
      })
      .catch(lost);
  };

  const changes: RowChanges = {
    watch(onChange) {
      if (!listener && !closed) connect();
      return heard.add(onChange);
    },
    current: () => live,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      live = false;
      await client?.end().catch(() => undefined);
    },
  };

  /** Wires one pool client: its notices are held until what raised them is committed, then heard. */
  function track(client: pg.PoolClient, query: (text: unknown, ...rest: unknown[]) => unknown) {
    const backend = (client as unknown as { processID?: number }).processID;
    if (backend) ownBackends.add(backend);
    client.once('end', () => backend && ownBackends.delete(backend));
    let inTransaction = false;
    let pending: RowChange[] = [];
    client.on('notice', (notice) => {
      if (!notice.message?.startsWith(NOTICE_PREFIX)) return;
      const [table, id] = notice.message.slice(NOTICE_PREFIX.length).split(' ');
      const change = parseChange(table, id);
      if (change) pending.push(change);
    });
    return (text: unknown, ...rest: unknown[]) => {
      const statement = typeof text === 'string' ? text : '';
      if (statement === 'begin' || statement.startsWith('start transaction')) inTransaction = true;
      const ending = statement === 'commit' || statement === 'rollback';
      const result = query(text, ...rest);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (value: unknown) => {
          if (ending) inTransaction = false;
          if (!inTransaction && pending.length) {
            const committed = statement === 'rollback' ? [] : pending;
            pending = [];
            for (const change of committed) heard.emit(change);
          }
          return value;
        },
        (error: unknown) => {
          // A failed statement outside a transaction, or a failed COMMIT, committed nothing.
          if (ending) inTransaction = false;
          if (!inTransaction) pending = [];
          throw error;
        },
      );
    };
  }

  return { changes, track };
}
