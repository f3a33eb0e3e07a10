import { describe, expect, it } from 'vitest';
import { NOTIFICATION_COUNT_HEADERS, NOTIFICATIONS_RETURNED } from '../../../common/limits';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';

describe('notifications', () => {
  const t = useTestApp();

  const idOf = async (client: TestClient) => (await client.get('/api/r/session')).json().user.id as number;
  const notify = (userId: number, message: string, link?: string) =>
    t.app.services.notifications.notify(t.database.db, userId, { type: 'test', message, link });

  it('needs a signed-in member', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'You need to be signed in to do that.' });
  });

  it('returns the member’s own notifications, newest first, in the shape of spec 1 §3', async () => {
    const member = await signedIn(t.app, 'Notified');
    const id = await idOf(member);
    await notify(id, 'Your redemption was processed', '/store');
    const list = (await member.get('/api/notifications')).json();
    expect(list).toEqual([
      { id: expect.any(Number), type: 'test', data: { message: 'Your redemption was processed', link: '/store' }, read_at: null, created_at: expect.any(String) },
      expect.objectContaining({ type: 'welcome', read_at: null }),
    ]);
    const stranger = await signedIn(t.app, 'Stranger');
    const theirs = (await stranger.get('/api/notifications')).json();
    expect(theirs.map((n: { type: string }) => n.type)).toEqual(['welcome']);
  });

  it(`returns at most the latest ${NOTIFICATIONS_RETURNED}`, async () => {
    const member = await signedIn(t.app, 'Flooded');
    const id = await idOf(member);
    for (let index = 0; index < NOTIFICATIONS_RETURNED + 5; index++) await notify(id, `Message ${index}`);
    const list = (await member.get('/api/notifications')).json();
    expect(list).toHaveLength(NOTIFICATIONS_RETURNED);
    expect(list[0].data.message).toBe(`Message ${NOTIFICATIONS_RETURNED + 4}`);
  });

  it('tells in headers how many the member has in all and unread, past the list too', async () => {
    const member = await signedIn(t.app, 'Counted');
    const id = await idOf(member);
    for (let index = 0; index < NOTIFICATIONS_RETURNED + 5; index++) await notify(id, `Message ${index}`);
    // The oldest (the welcome) and the newest read: the unread count covers what the list no longer holds.
    const [newest] = (await member.get('/api/notifications')).json();
    expect((await member.post(`/api/notifications/${newest.id}/read`)).statusCode).toBe(200);
    await t.database.db.updateTable('notifications').set({ read_at: new Date().toISOString() }).where('user_id', '=', id).where('type', '=', 'welcome').execute();
    const counted = (response: { headers: Record<string, unknown> }) => [response.headers[NOTIFICATION_COUNT_HEADERS.total], response.headers[NOTIFICATION_COUNT_HEADERS.unread]];
    expect(counted(await member.get('/api/notifications'))).toEqual([String(NOTIFICATIONS_RETURNED + 6), String(NOTIFICATIONS_RETURNED + 4)]);
    // Someone else's are not counted.
    const stranger = await signedIn(t.app, 'CountedStranger');
    expect(counted(await stranger.get('/api/notifications'))).toEqual(['1', '1']);
  });

  it('marks one as read for its owner only: another member’s id answers 404 and stays unread', async () => {
    const owner = await signedIn(t.app, 'Owner');
    const other = await signedIn(t.app, 'Other');
    const [welcome] = (await owner.get('/api/notifications')).json();
    const refused = await other.post(`/api/notifications/${welcome.id}/read`, {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ success: false, message: 'Notification not found.' });
    expect((await owner.get('/api/notifications')).json()[0].read_at).toBeNull();
    expect((await owner.post(`/api/notifications/${welcome.id}/read`, {})).json()).toEqual({ success: true });
    const readAt = (await owner.get('/api/notifications')).json()[0].read_at;
    expect(readAt).toEqual(expect.any(String));
    await owner.post(`/api/notifications/${welcome.id}/read`, {});
    expect((await owner.get('/api/notifications')).json()[0].read_at).toBe(readAt);
    for (const bad of ['abc', '-3', '0']) expect((await owner.post(`/api/notifications/${bad}/read`, {})).statusCode).toBe(422);
  });

  it('marks all as read', async () => {
    const member = await signedIn(t.app, 'ReadsAll');
    const id = await idOf(member);
    await notify(id, 'One');
    await notify(id, 'Two');
    expect((await member.post('/api/notifications/read-all', {})).json()).toEqual({ success: true, updated: 3 });
    expect((await member.get('/api/notifications')).json().every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
    expect((await member.post('/api/notifications/read-all', {})).json().updated).toBe(0);
  });
});
