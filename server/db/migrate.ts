import { Migrator, sql, type Migration } from 'kysely';
import type { Database } from './database';
import type { Dialect } from './types';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_members';
import * as m0003 from './migrations/0003_store';
import * as m0004 from './migrations/0004_earning';
import * as m0005 from './migrations/0005_leaderboards';
import * as m0006 from './migrations/0006_bonus_hunts';
import * as m0007 from './migrations/0007_raffles';
import * as m0008 from './migrations/0008_tournaments';
import * as m0009 from './migrations/0009_challenges';
import * as m0010 from './migrations/0010_tickets_contact';
import * as m0011 from './migrations/0011_counted_totals';
import * as m0012 from './migrations/0012_vip_claim_per_account';
import * as m0013 from './migrations/0013_row_change_notices';
import * as m0014 from './migrations/0014_session_casino_names';

/** Every migration, in order. Listed explicitly so bundling and tsx need no directory scan. */
const migrations: Record<string, Migration & { dialects?: string[] }> = {
  '0001_foundation': m0001,
  '0002_members': m0002,
  '0003_store': m0003,
  '0004_earning': m0004,
  '0005_leaderboards': m0005,
  '0006_bonus_hunts': m0006,
  '0007_raffles': m0007,
  '0008_tournaments': m0008,
  '0009_challenges': m0009,
  '0010_tickets_contact': m0010,
  '0011_counted_totals': m0011,
  '0012_vip_claim_per_account': m0012,
  '0013_row_change_notices': m0013,
  '0014_session_casino_names': m0014,
};

/** A migration written for one dialect is recorded as done, doing nothing, on the other: both keep one list. */
const migrationsFor = (dialect: Dialect): Record<string, Migration> =>
  Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [name, !migration.dialects || migration.dialects.includes(dialect) ? migration : { up: async () => {} }]),
  );

function migratorFor(database: Database) {
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
    // Scoping the bookkeeping table to our schema keeps databases that share a server apart.
    ...(database.dialect === 'postgres' ? { migrationTableSchema: database.schema } : {}),
  });
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  if (database.dialect === 'postgres') {
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS "${database.schema}"`).execute(database.db);
  }
  const { error, results } = await migratorFor(database).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Removes every table (and, on PostgreSQL, the schema's functions) so migrations can start over. */
export async function dropEverything(database: Database): Promise<void> {
  if (database.dialect === 'postgres') {
    await sql.raw(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`).execute(database.db);
    await sql.raw(`CREATE SCHEMA "${database.schema}"`).execute(database.db);
    return;
  }
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  await sql`PRAGMA foreign_keys = OFF`.execute(database.db);
  for (const table of tables) await database.db.schema.dropTable(table.name).ifExists().execute();
  await sql`PRAGMA foreign_keys = ON`.execute(database.db);
}
