import { beforeAll, describe, expect, it } from 'vitest';
import { adminTicketListSchema, assigneesResponseSchema } from '../../../common/contracts/tickets-admin';
import { useTestApp } from '../../test/app';
import { signedInMember, type SignedInMember } from '../../test/client';
import { insertCategory, insertTicket, TICKETS, ticketNotes, ticketOf, ticketSnapshot } from './tickets-admin.testkit';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The staff queue's filters and order, and status, priority and assignee changes with the member told of status changes. */
describe('tickets admin: queue and changes', () => {
  const t = useTestApp();
  let admin: SignedInMember;
  let moderator: SignedInMember;
  let ana: SignedInMember;
  let ben: SignedInMember;
  const ids: Record<string, number> = {};
  let account: number;
  let bugs: number;

  const list = async (query = '') => adminTicketListSchema.parse((await admin.client.get(`${TICKETS}${query}`)).json());
  const titles = async (query = '') => (await list(query)).data.map((ticket) => ticket.title);

  beforeAll(async () => {
    admin = await signedInMember(t.app, 'QueueAdmin', 'admin');
    moderator = await signedInMember(t.app, 'QueueModerator', 'moderator');
    ana = await signedInMember(t.app, 'AnaAsks');
    ben = await signedInMember(t.app, 'BenWonders', 'vip');
    account = await insertCategory(t.database.db, 'Account');
    bugs = await insertCategory(t.database.db, 'Bug Report');
    const db = t.database.db;
    ids.login = await insertTicket(db, { user_id: ana.id, category_id: account, title: 'Cannot log in', priority: 'urgent', updated_at: minutesAgo(50) });
    ids.crash = await insertTicket(db, { user_id: ana.id, category_id: bugs, title: 'Overlay crashes', status: 'in_progress', assigned_to: moderator.id, updated_at: minutesAgo(40) });
    ids.points = await insertTicket(db, { user_id: ben.id, category_id: account, title: 'Points 100% missing', status: 'waiting', priority: 'low', updated_at: minutesAgo(30) });
    ids.thanks = await insertTicket(db, { user_id: ben.id, category_id: null, title: 'Thanks for the raffle', status: 'closed', updated_at: minutesAgo(20) });
  });

  it('lists every ticket, latest activity first, with member, category, assignee and figures', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pages: 1, total: 4 });
    expect(page.data.map((ticket) => ticket.title)).toEqual(['Thanks for the raffle', 'Points 100% missing', 'Overlay crashes', 'Cannot log in']);
    const crash = page.data.find((ticket) => ticket.id === ids.crash)!;
    expect(crash).toMatchObject({ category: { name: 'Bug Report' }, category_id: bugs, status: 'in_progress', status_label: 'In Progress', replies_count: 0, last_reply_at: null, user: { id: ana.id, username: 'AnaAsks' } });
    expect(crash.assigned_to).toMatchObject({ id: moderator.id, username: 'QueueModerator' });
    expect(page.data.find((ticket) => ticket.id === ids.thanks)).toMatchObject({ category: null, category_id: null, assigned_to: null });
  });

  it('filters by status, priority, category, unassigned and search (title or member name, characters taken literally)', async () => {
    expect(await titles('?status=open')).toEqual(['Cannot log in']);
    expect(await titles('?status=resolved')).toEqual([]);
    expect(await titles('?priority=urgent')).toEqual(['Cannot log in']);
    expect(await titles(`?category_id=${account}`)).toEqual(['Points 100% missing', 'Cannot log in']);
    expect(await titles('?unassigned=true')).toEqual(['Thanks for the raffle', 'Points 100% missing', 'Cannot log in']);
    expect(await titles('?search=CRASH')).toEqual(['Overlay crashes']);
    expect(await titles('?search=benwon')).toEqual(['Thanks for the raffle', 'Points 100% missing']);
    expect(await titles('?search=100%25')).toEqual(['Points 100% missing']);
    expect(await titles('?search=0%25 m')).toEqual(['Points 100% missing']);
    expect(await titles('?search=_')).toEqual([]);
    expect(await titles(`?status=open&priority=urgent&category_id=${account}&unassigned=true&search=log`)).toEqual(['Cannot log in']);
    expect(await titles(`?status=open&category_id=${bugs}`)).toEqual([]);
  });

  it('pages 25 at a time', async () => {
    for (let i = 0; i < 24; i++) await insertTicket(t.database.db, { user_id: ben.id, title: `Paged ${i}`, updated_at: minutesAgo(100 + i) });
    const first = await list('?search=paged');
    expect(first).toMatchObject({ total: 24, pages: 1 });
    const all = await list();
    expect(all).toMatchObject({ total: 28, pages: 2, page: 1 });
    expect(all.data).toHaveLength(25);
    const second = await list('?page=2');
    expect(second.data.map((ticket) => ticket.title)).toEqual(['Paged 21', 'Paged 22', 'Paged 23']);
  });

  it('answers one ticket with its conversation, and 404 for an unknown one', async () => {
    const detail = ticketOf(await admin.client.get(`${TICKETS}/${ids.login}`));
    expect(detail.ticket).toMatchObject({ id: ids.login, title: 'Cannot log in', priority: 'urgent', category: { name: 'Account' }, user: { username: 'AnaAsks' } });
    expect(detail.replies).toEqual([]);
    expect((await admin.client.get(`${TICKETS}/999999`)).json()).toEqual({ success: false, message: 'Ticket not found.' });
  });

  it('lists moderators and admins as assignees, nobody else', async () => {
    const names = assigneesResponseSchema.parse((await admin.client.get(`${TICKETS}/assignees`)).json()).data.map((staff) => staff.username);
    expect(names).toEqual(['QueueAdmin', 'QueueModerator']);
  });

  it('assigns to a staff member and unassigns; a member, a vip or an unknown id is a 422 on assigned_to, changing nothing', async () => {
    expect(ticketOf(await admin.client.patch(`${TICKETS}/${ids.login}`, { assigned_to: admin.id })).ticket.assigned_to).toMatchObject({ id: admin.id, username: 'QueueAdmin' });
    expect(await titles('?unassigned=true')).not.toContain('Cannot log in');
    const before = await ticketSnapshot(t);
    for (const assignee of [ana.id, ben.id, 2_000_000]) {
      const response = await admin.client.patch(`${TICKETS}/${ids.login}`, { assigned_to: assignee, priority: 'low' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ success: false, message: 'Choose a staff member (a moderator or an admin).', errors: { assigned_to: ['Choose a staff member (a moderator or an admin).'] } });
    }
    expect(await ticketSnapshot(t)).toEqual(before);
    const unassigned = ticketOf(await admin.client.patch(`${TICKETS}/${ids.login}`, { assigned_to: null }));
    expect(unassigned.ticket).toMatchObject({ assigned_to: null, priority: 'urgent' });
  });

  it('changes the priority without telling the member; a status change tells them once, with a link to the ticket', async () => {
    const updated = ticketOf(await admin.client.patch(`${TICKETS}/${ids.points}`, { priority: 'high' }));
    expect(updated.ticket).toMatchObject({ priority: 'high', priority_label: 'High', status: 'waiting' });
    expect(await ticketNotes(t, ben.id)).toEqual([]);

    const resolved = ticketOf(await admin.client.patch(`${TICKETS}/${ids.points}`, { status: 'resolved' }));
    expect(resolved.ticket).toMatchObject({ status: 'resolved', status_label: 'Resolved', priority: 'high' });
    expect(resolved.ticket.updated_at > updated.ticket.created_at).toBe(true);
    // The same status again is no change: no second notification.
    ticketOf(await moderator.client.patch(`${TICKETS}/${ids.points}`, { status: 'resolved', assigned_to: moderator.id }));
    expect(await ticketNotes(t, ben.id)).toEqual([{ type: 'ticket_status', message: 'Your ticket "Points 100% missing" is now Resolved.', link: `/tickets/${ids.points}` }]);
    expect(await ticketNotes(t, ana.id)).toEqual([]);
    // The change moved it to the top of the queue.
    expect((await titles())[0]).toBe('Points 100% missing');
  });

  it('tells the member once when two staff set the same status at the same moment', async () => {
    const twin = await t.twin();
    const other = await signedInMember(twin, 'QueueTwinModerator', 'moderator');
    const responses = await Promise.all([admin.client.patch(`${TICKETS}/${ids.crash}`, { status: 'resolved' }), other.client.patch(`${TICKETS}/${ids.crash}`, { status: 'resolved' })]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await ticketNotes(t, ana.id)).filter((note) => note.link === `/tickets/${ids.crash}`)).toHaveLength(1);
  });
});
