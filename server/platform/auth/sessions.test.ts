import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions';

describe('session expiry', () => {
  let now = new Date('2026-11-01T12:00:00.000Z');
  const t = useTestApp({ now: () => now });
  const minutes = (n: number) => n * 60_000;
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const signedInName = async (client: TestClient) => (await client.get('/api/r/session')).json().user?.username ?? null;


  it('ends a session left idle for 14 days, and deletes its row', async () => {
    const client = await new TestClient(t.app).signIn('Idler');
    advance(SESSION_IDLE_MS - minutes(1));
    expect(await signedInName(client)).toBe('Idler');
    advance(SESSION_IDLE_MS - minutes(1));
    expect(await signedInName(client)).toBe('Idler');
    advance(SESSION_IDLE_MS);
    expect(await signedInName(client)).toBeNull();
    const rows = await t.database.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id').where('users.username', '=', 'Idler').execute();
    expect(rows).toHaveLength(0);
  });

  it('ends an active session 30 days after sign-in all the same', async () => {
    const client = await new TestClient(t.app).signIn('Regular');
    for (let day = 0; day < 29; day++) {
      advance(24 * 60 * 60 * 1000);
      expect(await signedInName(client)).toBe('Regular');
    }
    advance(SESSION_ABSOLUTE_MS - 29 * 24 * 60 * 60 * 1000);
    expect(await signedInName(client)).toBeNull();
  });

  it('records when members were last seen, at most once a minute', async () => {
    const client = await new TestClient(t.app).signIn('Seen');
    const lastSeen = async () =>
      (await t.database.db.selectFrom('users').select('last_seen_at').where('username', '=', 'Seen').executeTakeFirstOrThrow()).last_seen_at;
    const first = await lastSeen();
    advance(30_000);
    await client.get('/api/r/session');
    expect(await lastSeen()).toBe(first);
    advance(31_000);
    await client.get('/api/r/session');
    expect(await lastSeen()).toBe(now.toISOString());
  });

  it('purges expired sessions in bulk', async () => {
    await new TestClient(t.app).signIn('Purged');
    advance(SESSION_ABSOLUTE_MS + 1);
    expect(await t.app.services.sessions.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });
});
