import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only (SQLite's triggers are temporary, per connection: server/db/row-changes.ts). Signed-in requests
 * keep their session and member in memory (issue 12); these triggers tell every process when that copy is out of
 * date: a NOTICE to the connection that made the change, and a NOTIFY to every listener when its transaction
 * commits. The member columns are those a session reads (SESSION_USER_COLUMNS); a change to another column, or a
 * no-op write that only takes the row's lock, says nothing.
 */
export const dialects = ['postgres'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION session_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      change text;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        change := 'sessions ' || OLD.id;
      ELSE
        change := 'users ' || NEW.id;
      END IF;
      RAISE NOTICE 'row changed: %', change;
      PERFORM pg_notify('row_changes', TG_TABLE_SCHEMA || ' ' || change);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_session_columns_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.discord_id IS DISTINCT FROM NEW.discord_id OR OLD.username IS DISTINCT FROM NEW.username
      OR OLD.global_name IS DISTINCT FROM NEW.global_name OR OLD.avatar IS DISTINCT FROM NEW.avatar
      OR OLD.kick_username IS DISTINCT FROM NEW.kick_username OR OLD.role IS DISTINCT FROM NEW.role
      OR OLD.points IS DISTINCT FROM NEW.points OR OLD.xp IS DISTINCT FROM NEW.xp)
    EXECUTE FUNCTION session_rows_changed()`.execute(db);
  await sql`CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION session_rows_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER sessions_deleted ON sessions`.execute(db);
  await sql`DROP TRIGGER users_session_columns_changed ON users`.execute(db);
  await sql`DROP FUNCTION session_rows_changed()`.execute(db);
}
