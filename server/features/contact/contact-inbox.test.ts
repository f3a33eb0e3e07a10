import { beforeAll, describe, expect, it } from 'vitest';
import { contactInboxSchema, contactMessageResponseSchema } from '../../../common/contracts/tickets-admin';
import { expectCsrfRequired, expectHostileIds, expectRoutesListed, expectStaffOnly, type AdminCall, type AdminRoute } from '../../test/admin-access';
import { useTestApp } from '../../test/app';
import { manualClock } from '../../test/clock';
import { signedIn, signedInMember, TestClient } from '../../test/client';
import { CONTACT_MESSAGES_PER_PAGE } from './contact.service';
import { contactSnapshot, insertContactMessage } from './contact.testkit';

const INBOX = '/admin-new/api/contact-messages';
const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/contact-messages' },
  { method: 'PATCH', path: '/contact-messages/:id', body: { read: true } },
];

/** The staff inbox (decision 022): tabs, the unread count, read and archived state, staff only. */
describe('contact inbox', () => {
  const clock = manualClock('2026-03-02T12:00:00.000Z');
  const t = useTestApp({ now: clock.now });
  const db = () => t.database.db;
  let admin: TestClient;
  let moderator: TestClient;
  const ids: Record<'unread' | 'older' | 'read' | 'archived' | 'readArchived' | 'member', number> = {} as never;
  let memberId: number;

  const inbox = async (query = '', client = admin) => {
    const response = await client.get(`${INBOX}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return contactInboxSchema.parse(response.json());
  };
  const idsOf = (page: { data: { id: number }[] }) => page.data.map((message) => message.id);
  const patch = (id: number, body: unknown, client = admin) => client.patch(`${INBOX}/${id}`, body);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'InboxAdmin', 'admin');
    moderator = await signedIn(t.app, 'InboxModerator', 'moderator');
    const member = await signedInMember(t.app, 'InboxSender');
    memberId = member.id;
    const at = (minutes: number) => new Date(Date.parse('2026-03-02T12:00:00.000Z') - minutes * 60_000).toISOString();
    ids.older = await insertContactMessage(db(), { created_at: at(50), subject: 'Older unread' });
    ids.read = await insertContactMessage(db(), { created_at: at(40), read_at: at(30) });
    ids.archived = await insertContactMessage(db(), { created_at: at(35), archived_at: at(20) });
    ids.readArchived = await insertContactMessage(db(), { created_at: at(30), read_at: at(25), archived_at: at(20) });
    ids.member = await insertContactMessage(db(), { created_at: at(20), user_id: memberId, name: 'Inbox Sender', email: 'sender@example.com' });
    ids.unread = await insertContactMessage(db(), { created_at: at(10), subject: 'Newest unread', message: '<script>alert(1)</script>' });
  });

  it('opens on Unread, newest first, with the unread count; other tabs hold read, archived, or everything', async () => {
    const unread = await inbox();
    expect(idsOf(unread)).toEqual([ids.unread, ids.member, ids.older]);
    expect(unread).toMatchObject({ page: 1, pages: 1, total: 3, unread: 3 });
    expect(idsOf(await inbox('?filter=read'))).toEqual([ids.read]);
    expect(idsOf(await inbox('?filter=archived'))).toEqual([ids.readArchived, ids.archived]);
    const all = await inbox('?filter=all');
    expect(idsOf(all)).toEqual([ids.unread, ids.member, ids.readArchived, ids.archived, ids.read, ids.older]);
    expect(all.unread).toBe(3);
  });

  it('shows each message as sent (text kept as text), with the member who sent it', async () => {
    const all = await inbox('?filter=all');
    const fromMember = all.data.find((message) => message.id === ids.member)!;
    expect(fromMember).toMatchObject({ name: 'Inbox Sender', email: 'sender@example.com', read_at: null, archived_at: null, emailed_at: null });
    expect(fromMember.user).toMatchObject({ id: memberId, username: 'InboxSender' });
    expect(fromMember.user!.avatar_url).toMatch(/^(https?:\/\/|\/avatars\/)/);
    const newest = all.data.find((message) => message.id === ids.unread)!;
    expect(newest).toMatchObject({ user: null, message: '<script>alert(1)</script>', subject: 'Newest unread' });
  });

  it('marks a message read and unread, archived and back, keeping the first time a state was set', async () => {
    const id = await insertContactMessage(db(), { subject: 'To be handled' });
    clock.set('2026-03-02T12:05:00.000Z');
    const read = contactMessageResponseSchema.parse((await patch(id, { read: true })).json());
    expect(read).toMatchObject({ success: true, message: 'Message updated.', data: { id, read_at: '2026-03-02T12:05:00.000Z', archived_at: null } });
    clock.set('2026-03-02T12:06:00.000Z');
    const both = (await patch(id, { read: true, archived: true })).json();
    expect(both.data).toMatchObject({ read_at: '2026-03-02T12:05:00.000Z', archived_at: '2026-03-02T12:06:00.000Z' });
    expect(idsOf(await inbox('?filter=archived'))).toContain(id);
    const back = (await patch(id, { archived: false, read: false }, moderator)).json();
    expect(back.data).toMatchObject({ read_at: null, archived_at: null });
    expect(idsOf(await inbox())).toContain(id);
    await db().deleteFrom('contact_messages').where('id', '=', id).execute();
  });

  it('refuses an empty or wrongly typed change with 422, and an unknown message with 404, changing nothing', async () => {
    const before = await contactSnapshot(db());
    const empty = await patch(ids.older, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Mark it read or unread, archived or not.');
    const typed = await patch(ids.older, { read: 'yes' });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors).toEqual({ read: ['Choose yes or no.'] });
    const missing = await patch(2_000_000, { read: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Message not found.' });
    expect(await contactSnapshot(db())).toEqual(before);
  });

  it('pages 25 at a time, and refuses a filter or page that is not one', async () => {
    for (let made = 0; made < CONTACT_MESSAGES_PER_PAGE; made++) await insertContactMessage(db(), { read_at: '2026-03-01T00:00:00.000Z', created_at: `2026-02-01T00:00:${String(made).padStart(2, '0')}.000Z` });
    const first = await inbox('?filter=read');
    expect(first).toMatchObject({ page: 1, pages: 2, total: CONTACT_MESSAGES_PER_PAGE + 1 });
    expect(first.data).toHaveLength(CONTACT_MESSAGES_PER_PAGE);
    const second = await inbox('?filter=read&page=2');
    expect(second.data).toHaveLength(1);
    for (const [query, field] of [['?filter=spam', 'filter'], ['?page=0', 'page'], ['?page=abc', 'page']] as const) {
      const response = await admin.get(`${INBOX}${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors).toHaveProperty(field);
    }
  });

  describe('access', () => {
    const call: AdminCall = (client, route, { params = {}, csrf = true } = {}) =>
      client.request(route.method, `/admin-new/api${route.path.replace(':id', String(params.id ?? ids.older))}`, { payload: route.body as object, csrf });
    const snapshot = () => contactSnapshot(db());

    it('lists every contact admin route here', () => {
      expectRoutesListed(t.app.routeTable, /^\/contact/, ROUTES);
    });

    it('refuses visitors and members (vip included) with 403, changing nothing', async () => {
      const visitor = new TestClient(t.app);
      await visitor.page('/');
      const vip = await signedIn(t.app, 'InboxVip', 'vip');
      const member = await signedIn(t.app, 'InboxMember');
      await expectStaffOnly(ROUTES, [visitor, member, vip], call, snapshot);
    });

    it('refuses a change without the CSRF token, and ids that are not ids', async () => {
      await expectCsrfRequired(ROUTES, admin, call, snapshot);
      await expectHostileIds(ROUTES, admin, call, snapshot, /^Message not found\.$/);
    });
  });
});
