import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialect, useTestApp } from '../test/app';
import { compileOnce } from './compiled';

describe('compileOnce', () => {
  const t = useTestApp();

  it('runs the compiled query with each call’s own parameters', async () => {
    const { db } = t.database;
    await t.app.services.members.signInLocally('First', 'user');
    await t.app.services.members.signInLocally('Second', 'vip');
    const byName = compileOnce(db, (name: string) => db.selectFrom('users').select(['username', 'role']).where('username', '=', name), ['sample']);
    expect(await byName('Second')).toEqual([{ username: 'Second', role: 'vip' }]);
    expect(await byName('First')).toEqual([{ username: 'First', role: 'user' }]);
    expect(await byName("x' or '1'='1")).toEqual([]);
  });

  it('refuses a query whose parameters are not exactly its arguments', () => {
    const { db } = t.database;
    expect(() => compileOnce(db, (name: string) => db.selectFrom('users').selectAll().where('username', '=', name).where('role', '=', 'admin'), ['sample'])).toThrow(
      /every argument must be used exactly once/,
    );
  });

  it.skipIf(testDialect !== 'postgres')('is prepared once per PostgreSQL connection, other statements are not', async () => {
    await t.app.services.members.signInLocally('Prepared', 'user');
    await t.database.db.connection().execute(async (connection) => {
      const byName = compileOnce(connection, (name: string) => connection.selectFrom('users').select('role').where('username', '=', name), ['sample']);
      const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection)).rows.map((row) => row.statement);
      const before = await prepared();
      expect(await byName('Prepared')).toEqual([{ role: 'user' }]);
      expect(await byName('Nobody')).toEqual([]);
      const added = (await prepared()).filter((statement) => !before.includes(statement));
      expect(added).toEqual([expect.stringMatching(/^select "role" from "users" where "username" = \$1$/)]);
    });
  });
});
