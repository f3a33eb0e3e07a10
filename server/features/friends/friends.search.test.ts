import { beforeAll, describe, expect, it } from 'vitest';
import { FRIENDS_DISABLED_MESSAGE } from '../../../common/contracts/friends';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site-settings-defaults';
import { useTestApp, type TestApp } from '../../test/app';
import { signedInMember, type SignedInMember } from '../../test/client';

const memberOf = (t: TestApp) => (name: string) => signedInMember(t.app, name);
type Member = SignedInMember;

const befriend = async (a: Member, b: Member) => {
  const id = (await a.client.post('/api/r/friends/request', { user_id: b.id })).json().data.friendship_id as number;
  expect((await b.client.post(`/api/r/friends/${id}/accept`, {})).statusCode).toBe(200);
  return id;
};

describe('friends: search and mutual friends', () => {
  const t = useTestApp();
  const member = memberOf(t);
  const names = (data: { username: string }[]) => data.map((m) => m.username);
  let seeker: Member;
  let underscore: Member;
  let lookalike: Member;
  let byGlobal: Member;
  let byKick: Member;

  beforeAll(async () => {
    seeker = await member('GlimmerSeeker');
    underscore = await member('Glimmer_Fox');
    lookalike = await member('GlimmerXFox');
    byGlobal = await member('ByGlobal');
    byKick = await member('ByKick');
    await member('Unrelated');
    await t.database.db.updateTable('users').set({ global_name: 'Mister GLIMMER' }).where('id', '=', byGlobal.id).execute();
    await t.database.db.updateTable('users').set({ kick_username: 'theGlimmer' }).where('id', '=', byKick.id).execute();
  });

  const search = async (query: string, who = seeker) => who.client.get(`/api/r/friends/search?query=${encodeURIComponent(query)}`);

  it('matches username, global_name and kick_username case-insensitively, names that start with it first, never yourself', async () => {
    const response = await search('gLiMmEr');
    expect(response.statusCode).toBe(200);
    const found = names(response.json().data);
    expect(found).toHaveLength(4);
    expect(found.slice(0, 2).sort()).toEqual(['GlimmerXFox', 'Glimmer_Fox']);
    expect(found.slice(2)).toEqual(['ByGlobal', 'ByKick']);
    expect(found).not.toContain('GlimmerSeeker');
    expect(names((await search('  kick ')).json().data)).toEqual(['ByKick']);
    expect(names((await search('mister g')).json().data)).toEqual(['ByGlobal']);
    expect(names((await search('Glimmer', underscore)).json().data)).toContain('GlimmerSeeker');
  });

  it('carries how the searcher stands with each result', async () => {
    await seeker.client.post('/api/r/friends/request', { user_id: underscore.id });
    await lookalike.client.post('/api/r/friends/request', { user_id: seeker.id });
    await befriend(byGlobal, seeker);
    const data = (await search('glimmer')).json().data as { id: number; friendship: Record<string, unknown> }[];
    const stateOf = (m: Member) => data.find((r) => r.id === m.id)?.friendship;
    const flags = (send: boolean, accept: boolean, decline: boolean, remove: boolean) => ({
      can_send_request: send,
      can_accept: accept,
      can_decline: decline,
      can_remove: remove,
    });
    expect(stateOf(underscore)).toEqual({ id: expect.any(Number), status: 'pending', sender_id: seeker.id, ...flags(false, false, false, true) });
    expect(stateOf(lookalike)).toEqual({ id: expect.any(Number), status: 'pending', sender_id: lookalike.id, ...flags(false, true, true, false) });
    expect(stateOf(byGlobal)).toEqual({ id: expect.any(Number), status: 'accepted', sender_id: byGlobal.id, ...flags(false, false, false, true) });
    expect(stateOf(byKick)).toEqual({ id: null, status: 'none', sender_id: null, ...flags(true, false, false, false) });
    expect(data.find((r) => r.id === byKick.id)).toEqual({
      id: byKick.id,
      username: 'ByKick',
      kick_username: 'theGlimmer',
      global_name: null,
      avatar_url: `/avatars/${byKick.id}.svg`,
      points: 0,
      friendship: stateOf(byKick),
    });
  });

  it('takes LIKE wildcards and quotes literally', async () => {
    expect(names((await search('r_f')).json().data)).toEqual(['Glimmer_Fox']);
    expect(names((await search('_')).json().data)).toEqual(['Glimmer_Fox']);
    for (const hostile of ['%', '%%', '%_%', "'", "' OR '1'='1", '"', '\\', '\\%', 'glimmer%fox']) {
      const response = await search(hostile);
      expect(response.statusCode, hostile).toBe(200);
      expect(response.json().data, hostile).toEqual([]);
    }
  });

  it('refuses an empty or an oversized query with a message', async () => {
    for (const url of ['/api/r/friends/search', '/api/r/friends/search?query=', '/api/r/friends/search?query=%20%20%20']) {
      const response = await seeker.client.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.query, url).toEqual(['Type a name to search for.']);
    }
    const huge = await search('g'.repeat(10_000));
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toEqual({ success: false, message: expect.stringContaining('at most 50 characters'), errors: { query: ['Search for at most 50 characters.'] } });
  });

  it('lists mutual friends: accepted on both sides only', async () => {
    const [a, b, shared, onlyA, onlyB, asked] = [
      await member('MutualA'),
      await member('MutualB'),
      await member('MutualShared'),
      await member('MutualOnlyA'),
      await member('MutualOnlyB'),
      await member('MutualAsked'),
    ];
    await befriend(a, shared);
    await befriend(shared, b);
    await befriend(a, onlyA);
    await befriend(b, onlyB);
    await a.client.post('/api/r/friends/request', { user_id: asked.id });
    await befriend(b, asked);
    const mutual = (await a.client.get(`/api/r/friends/mutual/${b.id}`)).json();
    expect(mutual).toEqual({
      success: true,
      data: [{ id: shared.id, username: 'MutualShared', kick_username: null, global_name: null, avatar_url: `/avatars/${shared.id}.svg`, points: 0 }],
    });
    expect(names((await b.client.get(`/api/r/friends/mutual/${a.id}`)).json().data)).toEqual(['MutualShared']);
    expect((await onlyA.client.get(`/api/r/friends/mutual/${onlyB.id}`)).json().data).toEqual([]);
    const missing = await a.client.get('/api/r/friends/mutual/999999');
    expect(missing.statusCode).toBe(404);
    expect((await a.client.get('/api/r/friends/mutual/abc')).statusCode).toBe(422);
  });
});

describe('friends switched off in site settings', () => {
  const t = useTestApp();
  const member = memberOf(t);

  const counts = async () => ({
    friendships: await t.database.db.selectFrom('friendships').selectAll().orderBy('id').execute(),
    notifications: Number(
      (await t.database.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    ),
  });

  it('answers reads empty with disabled: true, refuses every change with 403, writes nothing, and comes back when switched on', async () => {
    const admin = await member('FriendsAdmin');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const [a, b, c] = [await member('OffA'), await member('OffB'), await member('OffC')];
    const friendshipId = await befriend(a, b);
    const pendingId = (await c.client.post('/api/r/friends/request', { user_id: a.id })).json().data.friendship_id as number;

    const off = await admin.client.put('/admin-new/api/settings', { ...DEFAULT_SITE_SETTINGS, friends_enabled: false });
    expect(off.statusCode).toBe(200);
    const before = await counts();

    const disabledRead = (data: unknown) => ({ success: false, disabled: true, message: FRIENDS_DISABLED_MESSAGE, data });
    for (const [url, empty] of [
      ['/api/r/friends', []],
      ['/api/r/friends/pending', []],
      ['/api/r/friends/pending/count', { count: 0 }],
      ['/api/r/friends/search?query=Off', []],
      [`/api/r/friends/mutual/${b.id}`, []],
    ] as const) {
      const response = await a.client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual(disabledRead(empty));
    }
    for (const response of [
      await c.client.post('/api/r/friends/request', { user_id: b.id }),
      await a.client.post(`/api/r/friends/${pendingId}/accept`, {}),
      await a.client.post(`/api/r/friends/${pendingId}/decline`, {}),
      await a.client.delete(`/api/r/friends/${friendshipId}`),
      await c.client.delete(`/api/r/friends/${pendingId}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, disabled: true, message: FRIENDS_DISABLED_MESSAGE });
    }
    expect(await counts()).toEqual(before);
    expect((await a.client.get('/api/r/user/OffB')).json().data.friendship).toBeNull();

    await admin.client.put('/admin-new/api/settings', DEFAULT_SITE_SETTINGS);
    expect((await a.client.get('/api/r/friends')).json()).toEqual({ success: true, data: [expect.objectContaining({ id: b.id })] });
    expect((await a.client.post(`/api/r/friends/${pendingId}/accept`, {})).statusCode).toBe(200);
  });
});
