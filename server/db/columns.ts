import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Integer primary key that the database numbers itself, on either dialect. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/**
 * Makes a table refuse UPDATE and DELETE at the database level (ledgers, audit trails):
 * history can only grow, whatever code runs against it.
 */
export async function makeAppendOnly(db: Kysely<any>, table: string) {
  const message = `${table} is append-only`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION refuse_change_${table}() RETURNS trigger AS $$
         BEGIN RAISE EXCEPTION '${message}'; END; $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION refuse_change_${table}()`,
      )
      .execute(db);
    return;
  }
  for (const action of ['UPDATE', 'DELETE']) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_no_${action.toLowerCase()} BEFORE ${action} ON ${table}
         BEGIN SELECT RAISE(ABORT, '${message}'); END`,
      )
      .execute(db);
  }
}

/**
 * A number per row, chosen by the row's id (`CASE id WHEN 1 THEN 10 WHEN 2 THEN 20 END`): one statement can then give
 * each of many members their own value, portably (SQLite has no UPDATE ... FROM (VALUES ...) AS v(id, value)).
 */
export const valueById = (column: string, values: ReadonlyMap<number, number>) =>
  sql<number>`(case ${sql.ref(column)} ${sql.join(
    [...values].map(([id, value]) => sql`when ${id} then cast(${value} as bigint)`),
    sql` `,
  )} end)`;
