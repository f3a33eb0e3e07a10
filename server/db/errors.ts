/** A UNIQUE or PRIMARY KEY constraint refused the write (PostgreSQL 23505, SQLite CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A FOREIGN KEY constraint refused the write: what it points at was deleted meanwhile (PostgreSQL 23503, SQLite). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** PostgreSQL SQLSTATEs of a server going away: class 08 (connection exceptions) and 57P01–57P03 (shut down, crashed, not accepting yet). */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123])$/;
/** Node's socket errors: they name the database only when they came from its pool (see `fromDatabasePool`). */
const SOCKET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a lost or unreachable server (these errors carry no code). */
const PG_UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

const poolErrors = new WeakSet<object>();

/**
 * Marks an error met while taking a connection from the PostgreSQL pool. A bare socket error (ECONNREFUSED…) says
 * "the database is away" only with this mark: the same codes from a partner casino, Kick or Redis are not the database.
 */
export function fromDatabasePool(error: unknown): unknown {
  if (error !== null && typeof error === 'object') poolErrors.add(error);
  return error;
}

/**
 * Why the database cannot answer, when that is the case: `transient` when it is away for a moment (PostgreSQL down or
 * unreachable, SQLite locked past busy_timeout or its disk failing) and trying again soon helps; `full` when SQLite's
 * disk is full, which lasts until someone frees space. Null for every other error.
 */
export function databaseUnavailability(error: unknown): 'transient' | 'full' | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code === 'SQLITE_FULL') return 'full';
    if (POSTGRES_UNAVAILABLE.test(code)) return 'transient';
    if (SOCKET_UNAVAILABLE.has(code) && poolErrors.has(error as object)) return 'transient';
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_IOERR')) return 'transient';
  }
  return typeof message === 'string' && PG_UNAVAILABLE_MESSAGE.test(message) ? 'transient' : null;
}
