import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { bootstrapOf, signedIn, TestClient } from '../../test/client';
import { SESSION_ABSOLUTE_MS } from './sessions';

describe('CSRF protection on state-changing calls', () => {
  const t = useTestApp();

  const readAll = (client: TestClient, options?: { csrf?: boolean; headers?: Record<string, string> }) =>
    client.post('/api/notifications/read-all', {}, options);

  it('refuses a signed-in POST without the token with 403 and a clear message, changing nothing', async () => {
    const member = await signedIn(t.app, 'CsrfMember');
    const response = await readAll(member, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Your security token is missing or has expired. Reload the page and try again.',
    });
    const unread = await t.database.db.selectFrom('notifications').select('id').where('read_at', 'is', null).execute();
    expect(unread.length).toBeGreaterThan(0);
    expect((await readAll(member)).statusCode).toBe(200);
  });

  it('refuses a wrong token, and another browser’s token', async () => {
    const member = await signedIn(t.app, 'CsrfA');
    const other = await signedIn(t.app, 'CsrfB');
    expect((await readAll(member, { csrf: false, headers: { 'x-csrf-token': 'forged' } })).statusCode).toBe(403);
    expect((await readAll(member, { csrf: false, headers: { 'x-csrf-token': other.csrfToken } })).statusCode).toBe(403);
  });

  const sessionToken = async (client: TestClient) => (await client.get('/api/r/session')).json<{ csrf_token: string }>().csrf_token;

  it('gives anonymous visitors, when they ask before a write, a token tied to their own browser', async () => {
    const visitor = new TestClient(t.app);
    const stranger = new TestClient(t.app);
    const [visitorToken, strangerToken] = [await sessionToken(visitor), await sessionToken(stranger)];
    expect(visitorToken).toMatch(/^[\w-]{43}$/);
    expect(visitorToken).not.toBe(strangerToken);
    const ok = await visitor.post('/logout', {}, { csrf: false, headers: { 'x-csrf-token': visitorToken } });
    expect(ok.statusCode).toBe(200);
    const crossed = await visitor.post('/logout', {}, { csrf: false, headers: { 'x-csrf-token': strangerToken } });
    expect(crossed.statusCode).toBe(403);
    const noCookie = await t.app.inject({ method: 'POST', url: '/logout', headers: { 'x-csrf-token': visitorToken } });
    expect(noCookie.statusCode).toBe(403);
  });

  it("serves every visitor the same page with no token and no cookie; the seed cookie comes with the first token, with the session cookie's flags", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const second = await t.app.inject({ method: 'GET', url: '/store' });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.body).not.toContain('csrf-token');
    expect(bootstrapOf(first.body)).toMatchObject({ user: null, csrf_token: '' });
    expect(bootstrapOf(second.body)).toEqual(bootstrapOf(first.body));
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toBe(first.body);

    // Beside the clearing of a stale session: the page clears it and gives nothing else; the session endpoint gives the seed.
    const stale = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'sid=no-such-session' } });
    expect([stale.headers['set-cookie']].flat()).toEqual([expect.stringMatching(/^sid=; Max-Age=0;/)]);
    const response = await t.app.inject({ method: 'GET', url: '/api/r/session', headers: { cookie: 'sid=no-such-session' } });
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies).toHaveLength(2);
    expect(cookies.find((cookie) => cookie.startsWith('sid='))).toMatch(/^sid=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const seed = cookies.find((cookie) => cookie.startsWith('csrf='));
    expect(seed).toMatch(new RegExp(`^csrf=[0-9a-f-]{36}; Max-Age=${SESSION_ABSOLUTE_MS / 1000}; Path=/; HttpOnly; SameSite=Lax$`));
    // The seed the cookie carries is the one the answer's token was made from.
    const visitor = new TestClient(t.app);
    visitor.cookies.set('csrf', seed!.slice('csrf='.length, seed!.indexOf(';')));
    const token = response.json<{ csrf_token: string }>().csrf_token;
    expect((await visitor.post('/logout', {}, { csrf: false, headers: { 'x-csrf-token': token } })).statusCode).toBe(200);
  });

  it('changes the token when the session rotates', async () => {
    const client = new TestClient(t.app);
    const anonymousToken = await sessionToken(client);
    await client.signIn('Rotating');
    expect(client.csrfToken).toMatch(/^[\w-]{43}$/);
    expect(client.csrfToken).not.toBe(anonymousToken);
    expect((await readAll(client, { csrf: false, headers: { 'x-csrf-token': anonymousToken } })).statusCode).toBe(403);
  });

  it('checks the token before validating the body, on every unsafe method', async () => {
    const member = await signedIn(t.app, 'CsrfAdmin', 'admin');
    for (const [method, url] of [
      ['PUT', '/admin-new/api/settings'],
      ['PATCH', '/admin-new/api/members/1/role'],
      ['POST', '/admin-new/api/members/1/points'],
      ['DELETE', '/api/notifications/1'],
    ] as const) {
      const response = await member.request(method, url, { payload: { nonsense: true }, csrf: false });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
