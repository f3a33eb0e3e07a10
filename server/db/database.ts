import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import pg from 'pg';
import { preparedNameOf } from './compiled';
import { fromDatabasePool } from './errors';
import { postgresRowChanges, sqliteRowChanges, type RowChanges } from './row-changes';
import type { DB, Dialect } from './types';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in (always "main" for SQLite). */
  schema: string;
  /** Changes to the rows signed-in requests keep copies of (sessions and their members), whoever made them. */
  rowChanges: RowChanges;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  databaseSchema?: string;
  dataDir: string;
  /** SQLite file name inside dataDir; tests use their own. */
  sqliteFile?: string;
  poolSize?: number;
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken up front, so two processes
 * sharing the file queue on busy_timeout instead of failing with SQLITE_BUSY when a read lock would
 * have to be upgraded mid-transaction.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly sqlite: Pick<SqliteDatabase.Database, 'inTransaction'>,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite may have rolled the transaction back itself (a full disk, an I/O error): a ROLLBACK then fails with "no
   * transaction is active" and would hide the error that caused it, a 503 answered as a 500.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }

  /**
   * SQLite has one connection; a query made outside an open transaction (on `db` instead of `trx`)
   * waits for it forever. Waiting this long means that bug, so it fails loudly instead of hanging.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const acquiring = super.acquireConnection();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(CONNECTION_WAIT_MESSAGE)), CONNECTION_WAIT_MS);
    });
    try {
      return await Promise.race([acquiring, expired]);
    } catch (error) {
      void acquiring.then(() => this.releaseConnection());
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

const CONNECTION_WAIT_MS = 15_000;
export const CONNECTION_WAIT_MESSAGE =
  'Waited 15 s for the SQLite connection: is a query running outside its open transaction (db instead of trx)?';

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly statements: SqliteKyselyDatabase,
    private readonly sqlite: SqliteDatabase.Database,
  ) {
    super({ database: statements });
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.statements }, this.sqlite);
  }
}

type SqliteKyselyDatabase = Pick<SqliteDatabase.Database, 'prepare' | 'close'>;

/**
 * Kysely prepares every statement anew; compiling SQL costs SQLite about five times running a simple
 * indexed query, so prepared statements are kept by their SQL text (bounded: IN-lists vary in length).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, limit = 500): SqliteKyselyDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        if (statements.size >= limit) statements.delete(statements.keys().next().value!);
        statements.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  } as SqliteKyselyDatabase;
}

// int8 (COUNT, bigint columns) and numeric (SUM) arrive from pg as strings; every value we store fits
// in a double (points, cents), so both are read as numbers on PostgreSQL exactly as SQLite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const schema = options.databaseSchema ?? 'public';
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // Notices carry this process's own row changes (row-changes.ts); a server set to hide them must not hide these.
      options: `-c search_path=${schema} -c client_min_messages=notice`,
      // A server that does not answer fails the request after this long (503) instead of holding it forever.
      connectionTimeoutMillis: 5_000,
    });
    // A client losing its server must not crash the process, idle (the pool's 'error') or checked out between two
    // statements of a transaction (the client's own 'error'): the query in flight fails, the pool drops the client,
    // the next query connects anew.
    pool.on('error', () => {});
    const rowChanges = postgresRowChanges({ connectionString: options.databaseUrl, schema });
    pool.on('connect', (client) => {
      client.on('error', () => {});
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = rowChanges.track(client, (text: unknown, ...rest: unknown[]) => {
        const name = typeof text === 'string' ? preparedNameOf(text) : undefined;
        return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
      }) as typeof client.query;
    });
    // Kysely takes its connections with connect(): what fails there is the database's, whatever its code.
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    pool.connect = (() => connect().catch((error: unknown) => Promise.reject(fromDatabasePool(error)))) as typeof pool.connect;
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const destroy = async () => {
      await rowChanges.changes.close();
      await db.destroy();
    };
    return { db, dialect: 'postgres', schema, rowChanges: rowChanges.changes, destroy };
  }

  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(options.dataDir, options.sqliteFile ?? 'site.db'));
  sqlite.pragma('journal_mode = WAL');
  // FULL: every acknowledged commit is on disk before we answer (points are money).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(withStatementCache(sqlite), sqlite) });
  return { db, dialect: 'sqlite', schema: 'main', rowChanges: sqliteRowChanges(sqlite), destroy: () => db.destroy() };
}
