import { CompiledQuery, type Kysely } from 'kysely';

const preparedNames = new Map<string, string>();

/**
 * The name a compiled-once statement is prepared under on PostgreSQL (database.ts): each connection parses and plans
 * it once instead of on every call, which doubled the session lookup's throughput there. Only these few statements
 * are named, so no connection collects a prepared statement for every IN-list length Kysely writes.
 */
export const preparedNameOf = (sql: string): string | undefined => preparedNames.get(sql);

/**
 * A query built and compiled once, then run with new parameters: for the hottest reads (every
 * signed-in request resolves its session) Kysely's per-call build and compile cost more than the
 * database does. `sample` are stand-ins for the arguments; each must become one parameter, in order.
 */
export function compileOnce<Row, Args extends string[]>(
  db: Kysely<any>,
  build: (...args: Args) => { compile(): CompiledQuery<Row> },
  sample: Args,
): (...args: Args) => Promise<Row[]> {
  const compiled = build(...sample).compile();
  const sameParameters =
    compiled.parameters.length === sample.length && compiled.parameters.every((value, index) => value === sample[index]);
  if (!sameParameters) throw new Error('compileOnce: every argument must be used exactly once, in order, as a parameter');
  if (!preparedNames.has(compiled.sql)) preparedNames.set(compiled.sql, `compiled_once_${preparedNames.size + 1}`);
  return async (...args) => (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, args))).rows;
}
