import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { pairRows as pairRowsOf } from './friends.rows';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';

const CSRF_REFUSAL = 'Your security token is missing or has expired. Reload the page and try again.';

describe('friends: requests, answers and lists', () => {
  const t = useTestApp();

  const member = (name: string) => signedInMember(t.app, name);
  type Member = SignedInMember;

  const pairRows = (a: Member, b: Member) => pairRowsOf(t.database.db, a, b);
  const notes = (m: Member, type: string) =>
    t.database.db.selectFrom('notifications').selectAll().where('user_id', '=', m.id).where('type', '=', type).execute();
  const awards = (m: Member) =>
    t.database.db
      .selectFrom('member_achievements')
      .innerJoin('achievements', 'achievements.id', 'member_achievements.achievement_id')
      .select(['achievements.title', 'member_achievements.awarded_by'])
      .where('member_achievements.user_id', '=', m.id)
      .execute();
  const ask = (from: Member, to: Member) => from.client.post('/api/r/friends/request', { user_id: to.id });
  const befriend = async (a: Member, b: Member) => {
    const id = (await ask(a, b)).json().data.friendship_id as number;
    expect((await b.client.post(`/api/r/friends/${id}/accept`, {})).statusCode).toBe(200);
    return id;
  };

  it('answers 401 to visitors on every call, and 403 to a POST or DELETE without the CSRF token', async () => {
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    const calls = [
      () => visitor.get('/api/r/friends'),
      () => visitor.get('/api/r/friends/pending'),
      () => visitor.get('/api/r/friends/pending/count'),
      () => visitor.get('/api/r/friends/search?query=ab'),
      () => visitor.get('/api/r/friends/mutual/1'),
      () => visitor.post('/api/r/friends/request', { user_id: 1 }),
      () => visitor.post('/api/r/friends/1/accept', {}),
      () => visitor.post('/api/r/friends/1/decline', {}),
      () => visitor.delete('/api/r/friends/1'),
    ];
    for (const [index, call] of calls.entries()) {
      const response = await call();
      expect(response.statusCode, `call ${index}`).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'You need to be signed in to do that.' });
    }

    const [a, b] = [await member('NoCsrfA'), await member('NoCsrfB')];
    const refused = await a.client.post('/api/r/friends/request', { user_id: b.id }, { csrf: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CSRF_REFUSAL);
    expect(await pairRows(a, b)).toEqual([]);
    expect(await notes(b, 'friend_request')).toEqual([]);

    const id = (await ask(a, b)).json().data.friendship_id as number;
    for (const [client, path] of [[b.client, `/api/r/friends/${id}/accept`], [b.client, `/api/r/friends/${id}/decline`]] as const) {
      expect((await client.post(path, {}, { csrf: false })).statusCode).toBe(403);
    }
    expect((await a.client.request('DELETE', `/api/r/friends/${id}`, { csrf: false })).statusCode).toBe(403);
    expect(await pairRows(a, b)).toEqual([expect.objectContaining({ id, status: 'pending', accepted_at: null })]);
  });

  it('sends a request: one pending row, a friend_request notification for the receiver, the sender’s view of it', async () => {
    const [a, b] = [await member('SenderAnn'), await member('ReceiverBo')];
    const response = await ask(a, b);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const [row] = await pairRows(a, b);
    expect(body).toEqual({
      success: true,
      message: 'Friend request sent to ReceiverBo.',
      data: {
        friendship_id: row.id,
        friendship: { id: row.id, status: 'pending', sender_id: a.id, can_send_request: false, can_accept: false, can_decline: false, can_remove: true },
      },
    });
    expect(row).toMatchObject({ sender_id: a.id, receiver_id: b.id, status: 'pending', accepted_at: null });
    const [note] = await notes(b, 'friend_request');
    expect(JSON.parse(note.data)).toEqual({ message: 'SenderAnn sent you a friend request.', link: '/profile/SenderAnn' });
    expect(await notes(a, 'friend_request')).toEqual([]);

    const pending = (await b.client.get('/api/r/friends/pending')).json();
    expect(pending).toEqual({
      success: true,
      data: [
        {
          id: row.id,
          created_at: row.created_at,
          time_ago: expect.any(String),
          sender: { id: a.id, username: 'SenderAnn', kick_username: null, global_name: null, avatar_url: `/avatars/${a.id}.svg` },
        },
      ],
    });
    expect((await b.client.get('/api/r/friends/pending/count')).json()).toEqual({ success: true, data: { count: 1 } });
    expect((await a.client.get('/api/r/friends/pending')).json()).toEqual({ success: true, data: [] });
    expect((await a.client.get('/api/r/friends/pending/count')).json()).toEqual({ success: true, data: { count: 0 } });
    expect((await b.client.get('/api/r/friends')).json()).toEqual({ success: true, data: [] });

    const again = await ask(a, b);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'You already sent ReceiverBo a friend request.' });
    expect(await pairRows(a, b)).toHaveLength(1);
    expect(await notes(b, 'friend_request')).toHaveLength(1);
  });

  it('refuses a request to yourself (422), to a missing member (404) and with a malformed id (422), writing nothing', async () => {
    const a = await member('LonelyAl');
    const self = await ask(a, a);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({
      success: false,
      message: 'You cannot send a friend request to yourself.',
      errors: { user_id: ['You cannot send a friend request to yourself.'] },
    });
    const missing = await a.client.post('/api/r/friends/request', { user_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Member not found.' });
    for (const bad of [String(a.id), 0, -4, 1.5, null, 2 ** 40]) {
      const response = await a.client.post('/api/r/friends/request', { user_id: bad });
      expect(response.statusCode, String(bad)).toBe(422);
      expect(response.json().errors.user_id, String(bad)).toBeDefined();
    }
    const rows = await t.database.db.selectFrom('friendships').selectAll().where('sender_id', '=', a.id).execute();
    expect(rows).toEqual([]);
  });

  it('accepts a crossed request: B asking A back makes them friends and tells A', async () => {
    const [a, b] = [await member('CrossAda'), await member('CrossBen')];
    await ask(a, b);
    const crossed = await ask(b, a);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json().message).toBe('CrossAda had already sent you a request, so you are now friends.');
    expect(crossed.json().data.friendship).toMatchObject({ status: 'accepted', sender_id: a.id, can_remove: true, can_accept: false });
    const rows = await pairRows(a, b);
    expect(rows).toEqual([expect.objectContaining({ sender_id: a.id, receiver_id: b.id, status: 'accepted', accepted_at: expect.any(String) })]);
    const [accepted] = await notes(a, 'friend_accepted');
    expect(JSON.parse(accepted.data)).toEqual({ message: 'CrossBen accepted your friend request.', link: '/profile/CrossBen' });
    expect(await notes(b, 'friend_request')).toHaveLength(1);
    expect(await notes(a, 'friend_request')).toEqual([]);
    expect(await awards(a)).toEqual([{ title: 'First Friend', awarded_by: null }]);
    expect(await awards(b)).toEqual([{ title: 'First Friend', awarded_by: null }]);
    const again = await ask(a, b);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You and CrossBen are already friends.');
  });

  it('lets only the receiver accept: sender notified, First Friend for both with a notification', async () => {
    const [a, b] = [await member('AskerAmy'), await member('AnswerBea')];
    const id = (await ask(a, b)).json().data.friendship_id as number;
    const bySender = await a.client.post(`/api/r/friends/${id}/accept`, {});
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().message).toBe('Only the member who received the request can accept it.');
    expect((await pairRows(a, b))[0].status).toBe('pending');
    expect(await notes(a, 'friend_accepted')).toEqual([]);

    const accepted = await b.client.post(`/api/r/friends/${id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      success: true,
      message: 'You and AskerAmy are now friends.',
      data: {
        friendship_id: id,
        friendship: { id, status: 'accepted', sender_id: a.id, can_send_request: false, can_accept: false, can_decline: false, can_remove: true },
      },
    });
    expect(await pairRows(a, b)).toEqual([expect.objectContaining({ id, status: 'accepted', accepted_at: expect.any(String) })]);
    const [note] = await notes(a, 'friend_accepted');
    expect(JSON.parse(note.data)).toEqual({ message: 'AnswerBea accepted your friend request.', link: '/profile/AnswerBea' });
    expect(await notes(b, 'friend_accepted')).toEqual([]);
    for (const m of [a, b]) {
      expect(await awards(m)).toEqual([{ title: 'First Friend', awarded_by: null }]);
      expect((await notes(m, 'achievement')).map((n) => JSON.parse(n.data).message)).toEqual(['Achievement unlocked: First Friend!']);
    }
    expect((await b.client.get('/api/r/friends/pending/count')).json().data.count).toBe(0);

    const twice = await b.client.post(`/api/r/friends/${id}/accept`, {});
    expect(twice.statusCode).toBe(409);
    expect(await notes(a, 'friend_accepted')).toHaveLength(1);
  });

  it('answers 404 to a stranger who accepts, declines or removes, and changes nothing', async () => {
    const [a, b, stranger] = [await member('PrivA'), await member('PrivB'), await member('Nosy')];
    const id = (await ask(a, b)).json().data.friendship_id as number;
    const before = await pairRows(a, b);
    for (const response of [
      await stranger.client.post(`/api/r/friends/${id}/accept`, {}),
      await stranger.client.post(`/api/r/friends/${id}/decline`, {}),
      await stranger.client.delete(`/api/r/friends/${id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await pairRows(a, b)).toEqual(before);
    expect(await notes(a, 'friend_accepted')).toEqual([]);
    for (const path of ['/api/r/friends/999999/accept', '/api/r/friends/999999/decline']) {
      expect((await b.client.post(path, {})).statusCode).toBe(404);
    }
    expect((await b.client.delete('/api/r/friends/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1']) expect((await b.client.post(`/api/r/friends/${bad}/accept`, {})).statusCode).toBe(422);
  });

  it('declines: only the receiver, the row goes and both are back to none', async () => {
    const [a, b] = [await member('DeclA'), await member('DeclB')];
    const id = (await ask(a, b)).json().data.friendship_id as number;
    const bySender = await a.client.post(`/api/r/friends/${id}/decline`, {});
    expect(bySender.statusCode).toBe(403);
    expect(await pairRows(a, b)).toHaveLength(1);
    const declined = await b.client.post(`/api/r/friends/${id}/decline`, {});
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({
      success: true,
      message: 'Friend request declined.',
      data: {
        friendship_id: null,
        friendship: { id: null, status: 'none', sender_id: null, can_send_request: true, can_accept: false, can_decline: false, can_remove: false },
      },
    });
    expect(await pairRows(a, b)).toEqual([]);
    const seen = (await a.client.get('/api/r/friends/search?query=DeclB')).json().data;
    expect(seen).toEqual([expect.objectContaining({ id: b.id, friendship: expect.objectContaining({ status: 'none', can_send_request: true }) })]);
    // Asking again after a decline starts a new request.
    expect((await ask(a, b)).statusCode).toBe(200);
    const friendshipId = (await pairRows(a, b))[0].id;
    await b.client.post(`/api/r/friends/${friendshipId}/accept`, {});
    const afterAccept = await b.client.post(`/api/r/friends/${friendshipId}/decline`, {});
    expect(afterAccept.statusCode).toBe(409);
    expect((await pairRows(a, b))[0].status).toBe('accepted');
  });

  it('removes a friend by either party, and lets the sender (only) withdraw a pending request', async () => {
    const [a, b, c] = [await member('RemA'), await member('RemB'), await member('RemC')];
    const ab = await befriend(a, b);
    const ac = await befriend(a, c);
    const byReceiver = await b.client.delete(`/api/r/friends/${ab}`);
    expect(byReceiver.json()).toMatchObject({ success: true, message: 'Friend removed.', data: { friendship_id: null, friendship: { status: 'none' } } });
    expect(await pairRows(a, b)).toEqual([]);
    expect((await a.client.delete(`/api/r/friends/${ac}`)).json().message).toBe('Friend removed.');
    expect(await pairRows(a, c)).toEqual([]);
    expect((await a.client.get('/api/r/friends')).json().data).toEqual([]);
    expect((await b.client.get('/api/r/friends')).json().data).toEqual([]);
    expect((await a.client.delete(`/api/r/friends/${ab}`)).statusCode).toBe(404);

    const pending = (await ask(b, c)).json().data.friendship_id as number;
    const byItsReceiver = await c.client.delete(`/api/r/friends/${pending}`);
    expect(byItsReceiver.statusCode).toBe(403);
    expect(byItsReceiver.json().message).toBe('Decline the request instead: only its sender can withdraw it.');
    expect(await pairRows(b, c)).toHaveLength(1);
    const withdrawn = await b.client.delete(`/api/r/friends/${pending}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().message).toBe('Friend request withdrawn.');
    expect(await pairRows(b, c)).toEqual([]);
    expect((await c.client.get('/api/r/friends/pending/count')).json().data.count).toBe(0);
  });

  it('lists friends with is_online from last_seen_at (5 minutes), online first', async () => {
    const [a, away, here, asked] = [await member('ListOwner'), await member('ListAway'), await member('ListHere'), await member('ListAsked')];
    const awayId = await befriend(away, a);
    const hereId = await befriend(a, here);
    await ask(a, asked);
    const now = Date.now();
    const seen = (m: Member, msAgo: number) =>
      t.database.db.updateTable('users').set({ last_seen_at: new Date(now - msAgo).toISOString() }).where('id', '=', m.id).execute();
    await seen(away, 10 * 60 * 1000);
    await seen(here, 30 * 1000);
    await t.database.db.updateTable('users').set({ points: 1234 }).where('id', '=', here.id).execute();
    const list = (await a.client.get('/api/r/friends')).json();
    expect(list).toEqual({
      success: true,
      data: [
        { id: here.id, username: 'ListHere', kick_username: null, global_name: null, avatar_url: `/avatars/${here.id}.svg`, points: 1234, is_online: true, friendship_id: hereId },
        { id: away.id, username: 'ListAway', kick_username: null, global_name: null, avatar_url: `/avatars/${away.id}.svg`, points: 0, is_online: false, friendship_id: awayId },
      ],
    });
    await seen(away, 4 * 60 * 1000);
    expect((await a.client.get('/api/r/friends')).json().data.map((f: { is_online: boolean }) => f.is_online)).toEqual([true, true]);
    expect((await here.client.get('/api/r/friends')).json().data.map((f: { id: number }) => f.id)).toEqual([a.id]);
  });

  it('awards Social Butterfly once, at the tenth friend', async () => {
    const hub = await member('ButterflyHub');
    for (let index = 0; index < 10; index++) await befriend(await member(`Wing${index}`), hub);
    const titles = (await awards(hub)).map((a) => a.title).sort();
    expect(titles).toEqual(['First Friend', 'Social Butterfly']);
    expect((await notes(hub, 'achievement')).map((n) => JSON.parse(n.data).message).sort()).toEqual([
      'Achievement unlocked: First Friend!',
      'Achievement unlocked: Social Butterfly!',
    ]);
  });
});
