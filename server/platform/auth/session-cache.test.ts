import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { SESSION_USER_COLUMNS } from '../../db/row-changes';
import { testDialect, useTestApp } from '../../test/app';
import { signedInMember, type SignedInMember } from '../../test/client';
import { createSessionCache } from './session-cache';
import { hashToken } from './sessions';

/*
 * Issue 12: signed-in requests keep their session and member in memory instead of reading them on every request.
 * What is kept must never outlive a change to it, whoever made the change: this process, another instance, or
 * another program on the same database.
 */

const tokenOf = (member: SignedInMember) => member.client.cookies.get('sid')!;
const sessionUser = async (member: SignedInMember) => (await member.client.get('/api/r/session')).json<{ user: Record<string, unknown> | null }>().user;

/** Until `check` passes or two seconds are up: another process's change arrives a moment after its commit (PostgreSQL). */
async function eventually(check: () => Promise<void>) {
  const until = Date.now() + 2000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** A second program on the same database (as the CLI is): its own connection, no share in the app's memory. */
function anotherProgram(database: Database, dataDir: string): Database {
  return openDatabase(
    database.dialect === 'postgres'
      ? { databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: database.schema, dataDir, poolSize: 1 }
      : { dataDir },
  );
}

describe('the session kept in memory', () => {
  const t = useTestApp();

  it('serves a signed-in request from memory once read', async () => {
    const member = await signedInMember(t.app, 'KeptOnce');
    const sessionId = hashToken(tokenOf(member));
    // The row's expiry moved by hand, where no code of ours ever writes it and no trigger listens: only a kept copy
    // still serves the session.
    await t.database.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', sessionId).execute();
    expect((await sessionUser(member))?.username).toBe('KeptOnce');
    expect(t.app.services.sessions.kept().sessions).toBeGreaterThan(0);
  });

  it.each(SESSION_USER_COLUMNS.filter((column) => column !== 'id'))('hears a change to %s made straight in the database', async (column) => {
    const member = await signedInMember(t.app, `Col${column.replace(/_/g, '')}`);
    const token = tokenOf(member);
    await t.app.services.sessions.resolve(token);
    const value = { discord_id: '999000111', username: 'Renamed', global_name: 'Shown', avatar: 'abcdef', kick_username: 'kicker', role: 'moderator', points: 4321, xp: 987, crypto: 'CasinoOne', crypto2: 'CasinoTwo', crypto3: 'CasinoThree' }[column];
    await t.database.db.updateTable('users').set({ [column]: value }).where('id', '=', member.id).execute();
    expect((await t.app.services.sessions.resolve(token))?.user[column]).toBe(value);
  });

  it('sees a purchase, a role change and a sign-out at the next request', async () => {
    const member = await signedInMember(t.app, 'NextRequest');
    const admin = await signedInMember(t.app, 'KeptAdmin', 'admin');
    await sessionUser(member);
    const adjusted = await admin.client.post(`/admin-new/api/members/${member.id}/points`, { delta: 250, reason: 'kept-copy test' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect((await sessionUser(member))?.points).toBe(250);
    await sql`update users set role = 'vip' where id = ${member.id}`.execute(t.database.db);
    expect((await sessionUser(member))?.role).toBe('vip');
    const token = tokenOf(member);
    expect((await member.client.post('/logout')).statusCode).toBe(200);
    expect(await t.app.services.sessions.resolve(token)).toBeNull();
  });

  it('keeps nothing from a read that a change overtook', async () => {
    const member = await signedInMember(t.app, 'Overtaken');
    const sessionId = hashToken(tokenOf(member));
    const cache = createSessionCache(t.database.rowChanges);
    try {
      cache.get(sessionId); // the first look installs SQLite's triggers
      const found = await cache.load(sessionId, async () => {
        const user = await t.database.db.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', member.id).executeTakeFirstOrThrow();
        await t.database.db.updateTable('users').set({ points: 77 }).where('id', '=', member.id).execute();
        return { user, seenAt: Date.now(), expiresAt: Date.now() + 60_000 };
      });
      expect(found?.user.points).toBe(0);
      expect(cache.get(sessionId)).toBeUndefined();
      const again = await cache.load(sessionId, async () => ({
        user: await t.database.db.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', member.id).executeTakeFirstOrThrow(),
        seenAt: Date.now(),
        expiresAt: Date.now() + 60_000,
      }));
      expect(again?.user.points).toBe(77);
      expect(cache.get(sessionId)?.user.points).toBe(77);
    } finally {
      cache.close();
    }
  });

  // On SQLite the other program's writes also show that our triggers are on our connection only: were they in the
  // file, its writes would fail for want of our function.
  it('hears another program on the same database', async () => {
    const member = await signedInMember(t.app, 'OtherProgram');
    await sessionUser(member);
    const other = anotherProgram(t.database, t.dataDir);
    try {
      await other.db.updateTable('users').set({ points: 555, role: 'vip' }).where('id', '=', member.id).execute();
      await eventually(async () => expect(await sessionUser(member)).toMatchObject({ points: 555, role: 'vip' }));
      await other.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
      await eventually(async () => expect(await sessionUser(member)).toBeNull());
    } finally {
      await other.destroy();
    }
  });

  it('hears another instance: a sign-out there ends the session here', async () => {
    const twin = await t.twin();
    const member = await signedInMember(t.app, 'TwoInstances');
    const token = tokenOf(member);
    expect((await twin.services.sessions.resolve(token))?.user.username).toBe('TwoInstances');
    await twin.services.points.apply({ userId: member.id, delta: 40, reason: 'admin_adjustment', note: 'twin test' });
    await eventually(async () => expect((await sessionUser(member))?.points).toBe(40));
    expect((await member.client.post('/logout')).statusCode).toBe(200);
    await eventually(async () => expect(await twin.services.sessions.resolve(token)).toBeNull());
  });
});

describe.runIf(testDialect === 'postgres')('the session kept in memory, while PostgreSQL cannot tell of changes', () => {
  const t = useTestApp();

  it('serves nothing from memory until its listening connection is back, then starts afresh', async () => {
    const member = await signedInMember(t.app, 'ListenerLost');
    await sessionUser(member);
    const other = anotherProgram(t.database, t.dataDir);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`row-changes:${t.database.schema}`}`.execute(other.db);
      await eventually(async () => expect(t.database.rowChanges.current()).toBe(false));
      // Nobody hears this change: the request after it reads the database all the same.
      await other.db.updateTable('users').set({ points: 31 }).where('id', '=', member.id).execute();
      expect((await sessionUser(member))?.points).toBe(31);
      await eventually(async () => expect(t.database.rowChanges.current()).toBe(true));
      expect((await sessionUser(member))?.points).toBe(31);
      await other.db.updateTable('users').set({ points: 32 }).where('id', '=', member.id).execute();
      await eventually(async () => expect((await sessionUser(member))?.points).toBe(32));
    } finally {
      await other.destroy();
    }
  });
});
