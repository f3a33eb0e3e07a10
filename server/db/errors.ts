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
