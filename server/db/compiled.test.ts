import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
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
});
