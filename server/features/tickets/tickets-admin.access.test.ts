import { beforeAll, describe, expect, it } from 'vitest';
import { expectCsrfRequired, expectHostileIds, expectRoutesListed, expectStaffOnly, type AdminCall, type AdminRoute } from '../../test/admin-access';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { CATEGORIES, categoriesOf, insertCategory, insertTicket, staffReply, TICKETS, ticketOf, ticketSnapshot } from './tickets-admin.testkit';

/** Every ticket admin route with a body it would accept; `:id` is filled in per test (a ticket or a category). */
const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/tickets' },
  { method: 'GET', path: '/tickets/assignees' },
  { method: 'GET', path: '/tickets/:id' },
  { method: 'PATCH', path: '/tickets/:id', body: { status: 'resolved' } },
  { method: 'POST', path: '/tickets/:id/reply' },
  { method: 'GET', path: '/ticket-categories' },
  { method: 'POST', path: '/ticket-categories', body: { name: 'Sneaky' } },
  { method: 'PUT', path: '/ticket-categories/order', body: { category_ids: [1] } },
  { method: 'PUT', path: '/ticket-categories/:id', body: { name: 'Sneakier' } },
  { method: 'DELETE', path: '/ticket-categories/:id' },
];
const TICKET_ROUTES = ROUTES.filter((route) => route.path.startsWith('/tickets/:id'));
const CATEGORY_ROUTES = ROUTES.filter((route) => route.path.startsWith('/ticket-categories/:id'));

/** Who may run support (moderators and admins), CSRF, ids that are not ids and filters that are not filters. */
describe('tickets admin: access and hostile input', () => {
  const t = useTestApp();
  let admin: TestClient;
  let member: TestClient;
  let visitor: TestClient;
  let ticketId: number;
  let categoryId: number;

  const call: AdminCall = async (client, route, { params = {}, csrf = true } = {}) => {
    const id = String(params.id ?? (route.path.startsWith('/ticket-categories') ? categoryId : ticketId));
    const url = `/admin-new/api${route.path.replace(':id', id)}`;
    if (route.path.endsWith('/reply')) {
      const { payload, headers } = await multipart([], { message: 'Sneaky reply' });
      return client.request('POST', url, { payload, headers, csrf });
    }
    return client.request(route.method, url, { payload: route.body as object, csrf });
  };
  const snapshot = () => ticketSnapshot(t);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'TicketAccessAdmin', 'admin');
    member = await signedIn(t.app, 'TicketAccessMember', 'vip');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    categoryId = await insertCategory(t.database.db, 'Access');
    const owner = await signedInMember(t.app, 'TicketAccessOwner');
    ticketId = await insertTicket(t.database.db, { user_id: owner.id, category_id: categoryId });
  });

  it('lists every ticket admin route here, so a new one cannot skip these checks', () => {
    expectRoutesListed(t.app.routeTable, /^\/ticket/, ROUTES);
  });

  it('refuses visitors and members (vip included) on every route (403 staff only), changing nothing', async () => {
    await expectStaffOnly(ROUTES, [visitor, member], call, snapshot);
  });

  it('lets a moderator do everything an admin can', async () => {
    const moderator = await signedInMember(t.app, 'TicketAccessModerator', 'moderator');
    const client = moderator.client;
    expect((await client.get(`${TICKETS}?status=open`)).json().total).toBe(1);
    expect((await client.get(`${TICKETS}/assignees`)).json().data.map((staff: { username: string }) => staff.username)).toContain('TicketAccessModerator');
    expect(ticketOf(await client.patch(`${TICKETS}/${ticketId}`, { assigned_to: moderator.id, priority: 'high' })).ticket.assigned_to?.id).toBe(moderator.id);
    expect((await staffReply(client, ticketId, 'Looking into it.')).statusCode).toBe(201);
    const created = categoriesOf(await client.post(CATEGORIES, { name: 'Moderated' }), 201);
    const spare = created.find((category) => category.name === 'Moderated')!;
    categoriesOf(await client.put(`${CATEGORIES}/${spare.id}`, { name: 'Moderated again' }));
    categoriesOf(await client.put(`${CATEGORIES}/order`, { category_ids: [spare.id, categoryId] }));
    expect(categoriesOf(await client.delete(`${CATEGORIES}/${spare.id}`)).map((category) => category.id)).toEqual([categoryId]);
  });

  it('refuses a change without the CSRF token (403), changing nothing', async () => {
    await expectCsrfRequired(ROUTES, admin, call, snapshot);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    await expectHostileIds(TICKET_ROUTES, admin, call, snapshot, /^Ticket not found\.$/);
    await expectHostileIds(CATEGORY_ROUTES, admin, call, snapshot, /^Category not found\.$/);
  });

  it('answers query strings that are not filters with per-field 422s, never 500', async () => {
    for (const [query, field] of [
      ['status=finished', 'status'],
      ['priority=critical', 'priority'],
      ['category_id=abc', 'category_id'],
      ['category_id=-3', 'category_id'],
      ['unassigned=maybe', 'unassigned'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['page=0', 'page'],
    ] as const) {
      const response = await admin.get(`${TICKETS}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toHaveProperty(field);
    }
  });

  it('answers bodies that are not changes with per-field 422s, changing nothing', async () => {
    const before = await snapshot();
    for (const [url, method, body, field] of [
      [`${TICKETS}/${ticketId}`, 'PATCH', {}, 'body'],
      [`${TICKETS}/${ticketId}`, 'PATCH', { status: 'done' }, 'status'],
      [`${TICKETS}/${ticketId}`, 'PATCH', { priority: 'asap' }, 'priority'],
      [`${TICKETS}/${ticketId}`, 'PATCH', { assigned_to: 'me' }, 'assigned_to'],
      // One past PostgreSQL's integer: refused by the form, not failed by the database (a 500).
      [`${TICKETS}/${ticketId}`, 'PATCH', { assigned_to: 2_147_483_648 }, 'assigned_to'],
      [CATEGORIES, 'POST', { name: ' ' }, 'name'],
      [CATEGORIES, 'POST', { name: 'x'.repeat(61) }, 'name'],
      [`${CATEGORIES}/order`, 'PUT', { category_ids: [] }, 'category_ids'],
      [`${CATEGORIES}/order`, 'PUT', { category_ids: ['a'] }, 'category_ids.0'],
    ] as const) {
      const response = await admin.request(method, url, { payload: body });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await snapshot()).toEqual(before);
  });
});
