import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapOf, TestClient } from '../../test/client';
import { buildTestApp, type TestApp, useTestApp } from '../../test/app';
import { startFakeDiscord } from '../../test/fake-discord';

/** The token the sign-in page's form carries: a visitor's page has none, so the page asks the session endpoint (LoginPage). */
const formToken = async (client: TestClient) => (await client.get('/api/r/session')).json<{ csrf_token: string }>().csrf_token;

describe('local sign-in (no Discord configured)', () => {
  const t = useTestApp();

  it('shows the form at GET /login', async () => {
    const page = await new TestClient(t.app).page('/login');
    expect(page.statusCode).toBe(200);
    expect(bootstrapOf(page.body)).toMatchObject({ user: null, local_auth: true });
  });

  it('creates the member with the chosen role, starts a session and redirects to /', async () => {
    const client = new TestClient(t.app);
    await client.page('/login');
    const response = await client.post('/auth/local', { username: 'Luna_01', role: 'vip' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    const user = bootstrapOf((await client.page('/')).body).user as Record<string, unknown>;
    expect(user).toMatchObject({ username: 'Luna_01', role: 'vip', points: 0, kick_username: null, global_name: null });
    expect(user.avatar).toBe(`/avatars/${user.id}.svg`);
    const row = await t.database.db.selectFrom('users').selectAll().where('username', '=', 'Luna_01').executeTakeFirstOrThrow();
    expect(row.discord_id).toBe('local:luna_01');
  });

  it('accepts a classic form post and signs the same member back in with a new role', async () => {
    const client = new TestClient(t.app);
    await client.page('/login');
    const form = `username=FormUser&role=moderator&_csrf=${encodeURIComponent(await formToken(client))}`;
    const first = await client.request('POST', '/auth/local', {
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(first.statusCode).toBe(303);
    await new TestClient(t.app).signIn('FormUser', 'admin');
    const rows = await t.database.db.selectFrom('users').select(['id', 'role']).where('username', '=', 'FormUser').execute();
    expect(rows).toEqual([{ id: expect.any(Number), role: 'admin' }]);
  });

  it('refuses a name another member already goes by, in any case, as JSON and as a form, creating nobody', async () => {
    const holder = await t.app.services.members.signInWithDiscord({ id: '9001', username: 'TakenName', global_name: null, avatar: null });
    const client = new TestClient(t.app);
    await client.page('/login');
    const message = 'Another member already goes by that name. Choose another.';
    const response = await client.post('/auth/local', { username: 'takenname', role: 'admin' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, message, errors: { username: [message] } });
    const form = await client.request('POST', '/auth/local', {
      payload: `username=TakenName&role=user&_csrf=${encodeURIComponent(await formToken(client))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(form.statusCode).toBe(303);
    expect(new URL(form.headers.location as string, 'http://site').searchParams.get('error')).toBe(message);
    const rows = await t.database.db.selectFrom('users').select(['id', 'role']).where(sql`lower(username)`, '=', 'takenname').execute();
    expect(rows).toEqual([{ id: holder.id, role: 'user' }]);
    expect(bootstrapOf((await client.page('/')).body).user).toBeNull();
  });

  it('welcomes a new member with a notification', async () => {
    const client = await new TestClient(t.app).signIn('Newcomer');
    const list = (await client.get('/api/notifications')).json() as { type: string; data: { message: string } }[];
    expect(list).toHaveLength(1);
    expect(list[0].type).toBe('welcome');
    expect(list[0].data.message).toContain('Welcome to NightSpin, Newcomer!');
  });

  it('refuses bad names with a message per field and creates nobody', async () => {
    const client = new TestClient(t.app);
    await client.page('/login');
    const before = await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [body, field, message] of [
      [{ username: 'x', role: 'user' }, 'username', 'The display name needs at least 2 characters.'],
      [{ username: 'no spaces allowed', role: 'user' }, 'username', 'Use letters, digits, dots, dashes and underscores only.'],
      [{ username: 'a'.repeat(10_000), role: 'user' }, 'username', 'The display name can have at most 32 characters.'],
      [{ username: 'Fine', role: 'owner' }, 'role', 'Choose a role: user, vip, moderator or admin.'],
      [{ role: 'user' }, 'username', 'Enter a display name.'],
    ] as const) {
      const response = await client.post('/auth/local', body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, message, errors: { [field]: [message] } });
    }
    const after = await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('sends a refused form post back to the form with the message', async () => {
    const client = new TestClient(t.app);
    await client.page('/login');
    const response = await client.request('POST', '/auth/local', {
      payload: `username=%3Cb%3E&role=user&_csrf=${encodeURIComponent(await formToken(client))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'http://site');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('Use letters, digits, dots, dashes and underscores only.');
    expect(location.searchParams.get('username')).toBe('<b>');
  });

  it('needs the page CSRF token', async () => {
    const client = new TestClient(t.app);
    await client.page('/login');
    const response = await client.post('/auth/local', { username: 'Sneaky', role: 'admin' }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.selectFrom('users').select('id').where('username', '=', 'Sneaky').executeTakeFirst()).toBeUndefined();
  });

  it('rotates the session at sign-in: the old session cookie stops working', async () => {
    const client = await new TestClient(t.app).signIn('Rotator');
    const oldCookie = client.cookies.get('sid')!;
    await client.signIn('Rotator');
    const newCookie = client.cookies.get('sid')!;
    expect(newCookie).not.toBe(oldCookie);
    const stale = await t.app.inject({ method: 'GET', url: '/api/r/session', cookies: { sid: oldCookie } });
    expect(stale.json().user).toBeNull();
    const sessions = await t.database.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id').where('users.username', '=', 'Rotator').execute();
    expect(sessions).toHaveLength(1);
  });

  it('signs out with POST /logout: the session row is deleted and the cookie cleared', async () => {
    const client = await new TestClient(t.app).signIn('Leaver');
    const cookie = client.cookies.get('sid')!;
    const response = await client.post('/logout', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Signed out.' });
    expect(client.cookies.has('sid')).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/r/session', cookies: { sid: cookie } });
    expect(after.json().user).toBeNull();
  });

  it('signs out when called as spec 1 §7 lists it: a JSON content type and no body at all', async () => {
    const client = await new TestClient(t.app).signIn('BodylessLeaver');
    const cookie = client.cookies.get('sid')!;
    const response = await client.post('/logout', undefined, { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Signed out.' });
    const after = await t.app.inject({ method: 'GET', url: '/api/r/session', cookies: { sid: cookie } });
    expect(after.json().user).toBeNull();
    // Whitespace is not an empty body: it is JSON that does not parse.
    const blank = await (await new TestClient(t.app).signIn('BlankBody')).post('/logout', '  ', { headers: { 'content-type': 'application/json' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('The request body is not valid JSON.');
  });

  it('sets HttpOnly, SameSite=Lax session cookies (Secure only behind https)', async () => {
    const client = new TestClient(t.app);
    await client.page('/login');
    const response = await client.post('/auth/local', { username: 'CookieCheck', role: 'user' });
    const cookie = (response.cookies as { name: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; path?: string }[]).find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('sign-in throttling', () => {
  const t = useTestApp({ env: { SIGN_IN_LIMIT_PER_MINUTE: '5' } });

  it('answers 429 with a clear message after the limit, per address', async () => {
    const client = new TestClient(t.app);
    await client.page('/');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await client.post('/auth/local', { username: 'x', role: 'user' })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const refused = await client.post('/auth/local', { username: 'Valid', role: 'user' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    const other = await t.app.inject({ method: 'GET', url: '/login', remoteAddress: '203.0.113.9' });
    expect(other.statusCode).toBe(200);
  });
});

describe('Discord sign-in', () => {
  let t: TestApp;
  let discord: Awaited<ReturnType<typeof startFakeDiscord>>;
  beforeAll(async () => {
    discord = await startFakeDiscord();
    t = await buildTestApp({ env: { ...discord.env, PUBLIC_URL: 'http://site.test' } });
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });
  afterEach(() => {
    discord.state.down = false;
  });

  /** Follows the browser's path: /login -> Discord authorize -> our callback. */
  async function signInThroughDiscord(client: TestClient) {
    const login = await client.get('/login');
    expect(login.statusCode).toBe(302);
    const authorize = await fetch(login.headers.location as string, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe('http://site.test/auth/discord/callback');
    return client.get(callback.pathname + callback.search);
  }

  it('has no local sign-in form or endpoint', async () => {
    const client = new TestClient(t.app);
    await client.page('/');
    expect((await client.post('/auth/local', { username: 'Local', role: 'admin' })).statusCode).toBe(404);
    expect(bootstrapOf((await client.page('/')).body).local_auth).toBe(false);
  });

  it('redirects /login to Discord with the client id, identify scope and a state bound to this browser', async () => {
    const response = await new TestClient(t.app).get('/login');
    const url = new URL(response.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${discord.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: discord.env.DISCORD_CLIENT_ID,
      scope: 'identify',
      redirect_uri: 'http://site.test/auth/discord/callback',
    });
    const cookie = (response.cookies as { name: string; value: string; httpOnly?: boolean }[]).find((c) => c.name === 'oauth_state');
    expect(cookie?.value).toBe(url.searchParams.get('state'));
    expect(cookie?.httpOnly).toBe(true);
  });

  it('completes the round trip: exchanges the code, reads /users/@me, creates the member keyed by Discord id', async () => {
    discord.state.user = { id: '268473310986240001', username: 'discord', global_name: 'Discord', avatar: 'f749bb0cbeeb26ef21eca719337d20f1' };
    const client = new TestClient(t.app);
    const callback = await signInThroughDiscord(client);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const page = await client.page('/');
    expect(bootstrapOf(page.body).user).toMatchObject({
      username: 'discord',
      global_name: 'Discord',
      role: 'user',
      avatar: 'https://cdn.discordapp.com/avatars/268473310986240001/f749bb0cbeeb26ef21eca719337d20f1.png?size=128',
    });
    const flash = (callback.cookies as { name: string; value: string }[]).find((c) => c.name === 'flash');
    expect(JSON.parse(decodeURIComponent(flash!.value))).toEqual({ type: 'success', message: 'Signed in as Discord.' });
  });

  it('follows a rename on Discord without creating a second member', async () => {
    discord.state.user = { id: '555000111222333444', username: 'oldname', global_name: null, avatar: null };
    await signInThroughDiscord(new TestClient(t.app));
    discord.state.user = { id: '555000111222333444', username: 'newname', global_name: 'New Name', avatar: 'a_1269e74af4df7417b13759eae50c83dc' };
    const client = new TestClient(t.app);
    await signInThroughDiscord(client);
    const rows = await t.database.db.selectFrom('users').selectAll().where('discord_id', '=', '555000111222333444').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'newname', global_name: 'New Name' });
    expect(bootstrapOf((await client.page('/')).body).user).toMatchObject({
      avatar: 'https://cdn.discordapp.com/avatars/555000111222333444/a_1269e74af4df7417b13759eae50c83dc.webp?size=128&animated=true',
    });
  });

  it('refuses a callback whose state does not match this browser, and signs nobody in', async () => {
    const attacker = new TestClient(t.app);
    const login = await attacker.get('/login');
    const authorize = await fetch(login.headers.location as string, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const victim = new TestClient(t.app);
    const response = await victim.get(callback.pathname + callback.search);
    expect(response.statusCode).toBe(302);
    expect(victim.cookies.has('sid')).toBe(false);
    const flash = (response.cookies as { name: string; value: string }[]).find((c) => c.name === 'flash');
    expect(JSON.parse(decodeURIComponent(flash!.value)).type).toBe('error');
  });

  it('handles a refusal on Discord (error=access_denied) and an outage without a session or a 500', async () => {
    const client = new TestClient(t.app);
    await client.get('/login');
    const denied = await client.get('/auth/discord/callback?error=access_denied&state=x');
    expect(denied.statusCode).toBe(302);
    discord.state.down = true;
    const down = await signInThroughDiscord(new TestClient(t.app));
    expect(down.statusCode).toBe(302);
    const flash = (down.cookies as { name: string; value: string }[]).find((c) => c.name === 'flash');
    expect(JSON.parse(decodeURIComponent(flash!.value))).toEqual({ type: 'error', message: 'Discord sign-in failed. Please try again.' });
    expect(client.cookies.has('sid')).toBe(false);
  });

  it('refuses a replayed code', async () => {
    const client = new TestClient(t.app);
    const login = await client.get('/login');
    const authorize = await fetch(login.headers.location as string, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const state = client.cookies.get('oauth_state')!;
    await client.get(callback.pathname + callback.search);
    const replay = new TestClient(t.app);
    replay.cookies.set('oauth_state', state);
    await replay.get(callback.pathname + callback.search);
    expect(replay.cookies.has('sid')).toBe(false);
  });
});

describe('production', () => {
  it('refuses to start without Discord credentials, a session secret and a public URL', async () => {
    await expect(buildTestApp({ env: { NODE_ENV: 'production' } })).rejects.toThrow(/DISCORD_CLIENT_ID: is required in production/);
  });
});
