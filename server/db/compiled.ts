import { CompiledQuery, type Kysely } from 'kysely';

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
  return async (...args) => (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, args))).rows;
}
