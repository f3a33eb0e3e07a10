import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only, as 0013. A session now also keeps the member's casino account names (crypto, crypto2, crypto3), so
 * the VIP page of a signed-in member reads them from memory: a change to them must be reported like a change to the
 * other session columns. The trigger's condition names each column, as it did before.
 */
export const dialects = ['postgres'];

const replaceTrigger = async (db: Kysely<any>, condition: string) => {
  await sql`DROP TRIGGER users_session_columns_changed ON users`.execute(db);
  await sql`CREATE TRIGGER users_session_columns_changed AFTER UPDATE ON users FOR EACH ROW WHEN (${sql.raw(condition)}) EXECUTE FUNCTION session_rows_changed()`.execute(db);
};

const distinct = (columns: string[]) => columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
const BEFORE = ['discord_id', 'username', 'global_name', 'avatar', 'kick_username', 'role', 'points', 'xp'];

export const up = (db: Kysely<any>) => replaceTrigger(db, distinct([...BEFORE, 'crypto', 'crypto2', 'crypto3']));

export const down = (db: Kysely<any>) => replaceTrigger(db, distinct(BEFORE));
