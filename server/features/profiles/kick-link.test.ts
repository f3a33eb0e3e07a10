import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, TestClient, signedInMember } from '../../test/client';
import { fakeKickUserId, startFakeKick } from '../../test/fake-kick';

const PUBLIC_URL = 'http://localhost:3000';
const CONNECTIONS = '/settings?tab=connections';
const EXPIRED = 'That Kick link has expired or was started in another browser. Please connect again.';
const TAKEN = 'That Kick account is already linked to another member.';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const flashOf = (response: LightMyRequestResponse) => {
  const cookie = (response.cookies as { name: string; value: string }[]).find((c) => c.name === 'flash');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { type: string; message: string }) : null;
};

describe('linking a Kick account (OAuth 2.1 + PKCE against the fake Kick)', () => {
  let t: TestApp;
  let kick: Awaited<ReturnType<typeof startFakeKick>>;
  beforeAll(async () => {
    kick = await startFakeKick();
    t = await buildTestApp({ env: { ...kick.officialEnv, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await kick.close();
  });
  afterEach(() => {
    kick.state.mode = 'offline';
  });

  const member = (name: string) => signedInMember(t.app, name);
  const kickOf = (id: number) =>
    t.database.db.selectFrom('users').select(['kick_user_id', 'kick_username']).where('id', '=', id).executeTakeFirstOrThrow();

  /** GET /auth/kick: the address of Kick's consent page. */
  const start = async (client: TestClient) => {
    const response = await client.get('/auth/kick');
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location as string);
  };
  /** The member answers Kick's consent page; Kick sends the browser back: the callback path and query. */
  const consent = async (authorize: URL, username: string, decision: 'allow' | 'deny' = 'allow') => {
    const form = new URLSearchParams(authorize.searchParams);
    form.set('username', username);
    form.set('decision', decision);
    const response = await fetch(`${kick.url}/oauth/authorize`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/kick/callback`);
    return `${back.pathname}${back.search}`;
  };
  const callback = async (client: TestClient, path: string) => {
    const response = await client.get(path);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(CONNECTIONS);
    return flashOf(response);
  };
  const link = async (client: TestClient, kickName: string) => callback(client, await consent(await start(client), kickName));

  it('sends the member to Kick with an S256 PKCE challenge and a state stored only hashed', async () => {
    const { client } = await member('PkceMember');
    const authorize = await start(client);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${kick.url}/oauth/authorize`);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toEqual({
      response_type: 'code',
      client_id: 'fake-kick-client',
      redirect_uri: `${PUBLIC_URL}/auth/kick/callback`,
      scope: 'user:read',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });
    const stored = await t.database.db.selectFrom('kick_link_requests').selectAll().where('state_hash', '=', sha256(params.state)).execute();
    expect(stored).toHaveLength(1);
    expect(sha256(stored[0].code_verifier)).toBe(params.code_challenge);
    const leaked = await t.database.db.selectFrom('kick_link_requests').select('state_hash').where('state_hash', '=', params.state).execute();
    expect(leaked).toEqual([]);
    expect((await start(client)).searchParams.get('state')).not.toBe(params.state);
  });

  it('links the Kick account the member signs in to Kick as', async () => {
    const { client, id } = await member('LinkingLena');
    expect(await link(client, 'LenaOnKick')).toEqual({ type: 'success', message: 'Kick account connected as @LenaOnKick.' });
    expect(await kickOf(id)).toEqual({ kick_user_id: String(fakeKickUserId('LenaOnKick')), kick_username: 'LenaOnKick' });
    expect((await client.get('/api/r/session')).json().user.kick_username).toBe('LenaOnKick');
    expect((await client.get('/api/r/profile')).json().user.kick_username).toBe('LenaOnKick');
    expect(await link(client, 'LenaSecond')).toMatchObject({ type: 'success' });
    expect(await kickOf(id)).toEqual({ kick_user_id: String(fakeKickUserId('LenaSecond')), kick_username: 'LenaSecond' });
  });

  it('uses each state once: replaying the callback fails and changes nothing', async () => {
    const { client, id } = await member('ReplayRita');
    const path = await consent(await start(client), 'RitaOnKick');
    expect((await callback(client, path))?.type).toBe('success');
    await client.post('/api/r/profile/disconnect-kick', {});
    expect(await callback(client, path)).toEqual({ type: 'error', message: EXPIRED });
    expect(await kickOf(id)).toEqual({ kick_user_id: null, kick_username: null });
  });

  it('refuses a state another session started, even the same member in another browser', async () => {
    const owner = await member('StateOwner');
    const thief = await member('StateThief');
    const stolen = await consent(await start(owner.client), 'OwnerOnKick');
    expect(await callback(thief.client, stolen)).toEqual({ type: 'error', message: EXPIRED });
    const otherBrowser = await signedIn(t.app, 'StateOwner');
    const path = await consent(await start(owner.client), 'OwnerOnKick');
    expect(await callback(otherBrowser, path)).toEqual({ type: 'error', message: EXPIRED });
    expect(await kickOf(thief.id)).toEqual({ kick_user_id: null, kick_username: null });
    expect(await kickOf(owner.id)).toEqual({ kick_user_id: null, kick_username: null });
  });

  it('refuses a Kick account already linked to another member', async () => {
    const first = await member('FirstOwner');
    const second = await member('SecondTry');
    expect((await link(first.client, 'SharedStreamer'))?.type).toBe('success');
    expect(await link(second.client, 'sharedstreamer')).toEqual({ type: 'error', message: TAKEN });
    expect(await kickOf(second.id)).toEqual({ kick_user_id: null, kick_username: null });
    expect(await kickOf(first.id)).toEqual({ kick_user_id: String(fakeKickUserId('SharedStreamer')), kick_username: 'SharedStreamer' });
    expect((await link(first.client, 'SharedStreamer'))?.type).toBe('success');
  });

  it('lets only one of two members racing for the same Kick account have it', async () => {
    const [a, b] = [await member('RacerAnna'), await member('RacerBert')];
    const paths = [await consent(await start(a.client), 'ContestedKick'), await consent(await start(b.client), 'ContestedKick')];
    const flashes = await Promise.all([callback(a.client, paths[0]), callback(b.client, paths[1])]);
    expect(flashes.map((f) => f?.type).sort()).toEqual(['error', 'success']);
    expect(flashes.find((f) => f?.type === 'error')?.message).toBe(TAKEN);
    const owners = await t.database.db.selectFrom('users').select('id').where('kick_user_id', '=', String(fakeKickUserId('ContestedKick'))).execute();
    expect(owners).toHaveLength(1);
  });

  it('reports a cancelled consent and a callback without code or state, linking nothing', async () => {
    const { client, id } = await member('DeniesDan');
    const path = await consent(await start(client), 'DanOnKick', 'deny');
    expect(new URLSearchParams(path.split('?')[1]).get('error')).toBe('access_denied');
    expect(await callback(client, path)).toEqual({ type: 'info', message: 'Connecting Kick was cancelled.' });
    expect(await callback(client, '/auth/kick/callback')).toEqual({ type: 'error', message: EXPIRED });
    expect(await callback(client, '/auth/kick/callback?code=forged&state=forged')).toEqual({ type: 'error', message: EXPIRED });
    expect(await kickOf(id)).toEqual({ kick_user_id: null, kick_username: null });
  });

  it('sends visitors to /login', async () => {
    const visitor = new TestClient(t.app);
    const response = await visitor.get('/auth/kick');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    const back = await visitor.get('/auth/kick/callback?code=x&state=y');
    expect(back.headers.location).toBe('/login');
    expect(flashOf(back)?.type).toBe('error');
  });

  it('disconnects, after which another member can link that Kick account', async () => {
    const owner = await member('LeavingLeo');
    const next = await member('NextNora');
    await link(owner.client, 'PassedOn');
    const refused = await owner.client.post('/api/r/profile/disconnect-kick', {}, { csrf: false });
    expect(refused.statusCode).toBe(403);
    expect((await kickOf(owner.id)).kick_username).toBe('PassedOn');
    // Spec 2 §7: "JSON, empty body".
    const response = await owner.client.request('POST', '/api/r/profile/disconnect-kick', { payload: '', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Kick account disconnected successfully!',
      user: expect.objectContaining({ username: 'LeavingLeo', kick_username: null }),
    });
    expect(await kickOf(owner.id)).toEqual({ kick_user_id: null, kick_username: null });
    expect((await owner.client.get('/api/r/session')).json().user.kick_username).toBeNull();
    expect(await link(next.client, 'PassedOn')).toEqual({ type: 'success', message: 'Kick account connected as @PassedOn.' });
    expect((await kickOf(next.id)).kick_user_id).toBe(String(fakeKickUserId('PassedOn')));
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    expect((await visitor.post('/api/r/profile/disconnect-kick', {})).statusCode).toBe(401);
  });

  it('reports Kick failing during the callback and links nothing', async () => {
    const { client, id } = await member('UnluckyUma');
    const path = await consent(await start(client), 'UmaOnKick');
    kick.state.mode = 'error';
    expect(await callback(client, path)).toEqual({ type: 'error', message: 'Connecting Kick failed. Please try again.' });
    expect(await kickOf(id)).toEqual({ kick_user_id: null, kick_username: null });
  });

  it('gives up on a Kick that does not answer, with its own message', async () => {
    const { client, id } = await member('PatientPia');
    const path = await consent(await start(client), 'PiaOnKick');
    kick.state.mode = 'hang';
    expect(await callback(client, path)).toEqual({ type: 'error', message: 'Kick did not answer. Please try again in a moment.' });
    expect(await kickOf(id)).toEqual({ kick_user_id: null, kick_username: null });
  });
});

describe('linking Kick with no Kick credentials configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => t.close());

  it('sends the member back to Connections with a not-configured message', async () => {
    const client = await signedIn(t.app, 'NoKickHere');
    const response = await client.get('/auth/kick');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(CONNECTIONS);
    expect(flashOf(response)).toEqual({ type: 'error', message: 'Linking Kick accounts is not set up on this site yet.' });
    expect(await t.database.db.selectFrom('kick_link_requests').selectAll().execute()).toEqual([]);
  });
});
