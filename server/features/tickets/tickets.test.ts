import { beforeAll, describe, expect, it } from 'vitest';
import { ticketCategoriesResponseSchema, ticketListResponseSchema } from '../../../common/contracts/tickets';
import { TICKET_TEXTS } from '../../../common/tickets';
import { NUL_REFUSAL } from '../../platform/input-guard';
import { TestClient } from '../../test/client';
import { ownDataDir } from '../challenges/challenges.testkit';
import { TICKET_MESSAGES } from './tickets.service';
import {
  categoryOf, createTicket, freshMembers, MY_CATEGORIES, MY_TICKETS, myReplyUrl, myTicket, myTicketUrl, postReply, postTicket, refusalsOf, ticketMember, useTicketsApp,
  type TicketFormFields, type TicketMember,
} from './tickets.testkit';

/** The members' tickets API (spec 2 §5–§7, decision 022): sign-in, the owner-only rule, listing, reading and every field rule of a new ticket. */
describe('tickets: members', () => {
  const dataDir = ownDataDir();
  const t = useTicketsApp({ env: { DATA_DIR: dataDir } });
  const db = () => t.database.db;
  let amy: TicketMember;
  let ben: TicketMember;
  let bugs: number;
  /** Tickets are limited to 10 an hour per member: each group of attempts has a member of its own. */
  const member = freshMembers(t, 'Asker');
  const fresh = async () => (await member()).client;
  /** Expects the refusal and that nothing changed: no row, no file. */
  const refused = refusalsOf(t, dataDir);

  beforeAll(async () => {
    amy = await ticketMember(t.app, 'AskingAmy');
    ben = await ticketMember(t.app, 'BrowsingBen');
    bugs = await categoryOf(db(), 'Bug report');
  });

  it('asks visitors to sign in on every call, and needs the CSRF token to write', async () => {
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    const ticket = await createTicket(amy.client, { category_id: bugs });
    for (const url of [MY_TICKETS, MY_CATEGORIES, myTicketUrl(ticket.id), myTicketUrl('abc')]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ success: false, message: TICKET_MESSAGES.signIn });
    }
    await refused(() => postTicket(visitor, { category_id: bugs }, 1), 401, TICKET_MESSAGES.signIn);
    await refused(() => postReply(visitor, ticket.id, 'Me too'), 401, TICKET_MESSAGES.signIn);

    const forged = await amy.client.post(MY_TICKETS, 'title=x', { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(403);
    const forgedReply = await amy.client.post(myReplyUrl(ticket.id), 'message=x', { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forgedReply.statusCode).toBe(403);
    expect((await myTicket(amy.client, ticket.id)).replies).toEqual([]);
  });

  it('lists the categories in staff order, then by name', async () => {
    const client = await fresh();
    const ids = { z: await categoryOf(db(), 'Zeta questions'), a: await categoryOf(db(), 'Account help') };
    await db().updateTable('ticket_categories').set({ position: 0 }).where('id', 'in', [ids.z, ids.a]).execute();
    const response = await client.get(MY_CATEGORIES);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const all = await db().selectFrom('ticket_categories').select(['id', 'name']).execute();
    const listed = ticketCategoriesResponseSchema.parse(response.json()).data;
    expect(listed.slice(0, 2)).toEqual([{ id: ids.a, name: 'Account help' }, { id: ids.z, name: 'Zeta questions' }]);
    expect(listed).toHaveLength(all.length);
    await db().updateTable('ticket_categories').set({ position: 99 }).where('id', 'in', [ids.z, ids.a]).execute();
  });

  it('creates an open ticket (medium priority unless chosen), trimmed, and answers it', async () => {
    const client = await fresh();
    const response = await postTicket(client, { title: '  Points missing  ', description: '  Redeemed but <b>nothing</b> arrived.\n', category_id: bugs });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: TICKET_TEXTS.created });
    expect(body.data).toEqual({
      id: expect.any(Number),
      title: 'Points missing',
      description: 'Redeemed but <b>nothing</b> arrived.',
      category: { name: 'Bug report' },
      status: 'open',
      status_label: 'Open',
      priority: 'medium',
      priority_label: 'Medium',
      replies_count: 0,
      created_at: expect.any(String),
      updated_at: body.data.created_at,
      images: [],
    });
    for (const priority of ['low', 'high', 'urgent'] as const) {
      expect((await createTicket(client, { category_id: bugs, priority })).priority).toBe(priority);
    }
    const row = await db().selectFrom('tickets').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'open', assigned_to: null, last_reply_at: null, images: '[]', category_id: bugs });
  });

  it("lists the member's own tickets only, newest first", async () => {
    const client = await fresh();
    const first = await createTicket(client, { title: 'First', category_id: bugs });
    const second = await createTicket(client, { title: 'Second', category_id: bugs });
    const bens = await createTicket(ben.client, { title: "Ben's", category_id: bugs });
    const response = await client.get(MY_TICKETS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(ticketListResponseSchema.parse(response.json()).data.map((ticket) => ticket.id)).toEqual([second.id, first.id]);
    const benList = ticketListResponseSchema.parse((await ben.client.get(MY_TICKETS)).json()).data;
    expect(benList.map((ticket) => ticket.id)).toEqual([bens.id]);
    const empty = await (await fresh()).get(MY_TICKETS);
    expect(empty.json()).toEqual({ success: true, data: [] });
  });

  it("answers another member's ticket, a missing one and ids that cannot be one as not found, and never lets them reply", async () => {
    const ticket = await createTicket(amy.client, { title: 'Private matter', category_id: bugs });
    const notFound = { success: false, message: TICKET_TEXTS.noPermission };
    for (const id of [String(ticket.id), '999999', '0', '-1', 'abc', '1.5', '1e3', '2147483648', '99999999999999999999', '%2e%2e%2f']) {
      const response = await ben.client.get(myTicketUrl(id));
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const list = ticketListResponseSchema.parse((await ben.client.get(MY_TICKETS)).json()).data;
    expect(list.map((row) => row.id)).not.toContain(ticket.id);
    await refused(() => postReply(ben.client, ticket.id, 'Let me in', 1), 404, TICKET_TEXTS.noPermission);
    await refused(() => postReply(ben.client, 'abc', 'Let me in'), 404, TICKET_TEXTS.noPermission);
    // Staff are members here too: their own tickets only (they work others' in the admin panel).
    const moderator = await ticketMember(t.app, 'ModMia', 'moderator');
    expect((await moderator.client.get(myTicketUrl(ticket.id))).statusCode).toBe(404);
    expect((await myTicket(amy.client, ticket.id)).ticket.title).toBe('Private matter');
  });

  it('refuses every field rule with its message, storing nothing', async () => {
    // Each attempt by a new member: refused attempts count towards the 10 an hour too.
    const attempt = async (fields: TicketFormFields, images: number, ...refusal: [number, string, Record<string, string[]>?]) => {
      const client = await fresh();
      await refused(() => postTicket(client, fields, images), ...refusal);
    };
    const title = { title: ['The title is required.'] };
    await attempt({ title: null, category_id: bugs }, 1, 422, 'The title is required.', title);
    await attempt({ title: ' \n\t ', category_id: bugs }, 0, 422, 'The title is required.', title);
    const longTitle = 'The title may not be greater than 255 characters.';
    await attempt({ title: 'x'.repeat(256), category_id: bugs }, 1, 422, longTitle, { title: [longTitle] });
    const description = { description: ['The description is required.'] };
    await attempt({ description: null, category_id: bugs }, 0, 422, 'The description is required.', description);
    await attempt({ description: '   ', category_id: bugs }, 0, 422, 'The description is required.', description);
    const longText = 'The description may not be greater than 5000 characters.';
    await attempt({ description: 'y'.repeat(5001), category_id: bugs }, 0, 422, longText, { description: [longText] });
    const category = { category_id: ['The category is required.'] };
    for (const value of [null, '', 'abc', '0', '-3', '1.5', '0x2', '1e1']) await attempt({ category_id: value }, 0, 422, 'The category is required.', category);
    const invalid = { category_id: [TICKET_MESSAGES.categoryInvalid] };
    await attempt({ category_id: 999_999 }, 1, 422, TICKET_MESSAGES.categoryInvalid, invalid);
    await attempt({ category_id: '99999999999' }, 0, 422, TICKET_MESSAGES.categoryInvalid, invalid);
    const priority = 'The priority must be low, medium, high or urgent.';
    await attempt({ category_id: bugs, priority: 'extreme' }, 0, 422, priority, { priority: [priority] });
    await attempt({ category_id: bugs, priority: '' }, 0, 422, priority, { priority: [priority] });
    await attempt({ title: '', description: '', category_id: null }, 0, 422, 'The title is required.', { ...title, ...description, ...category });
    await attempt({ title: 'a\u0000b', category_id: bugs }, 0, 400, NUL_REFUSAL, { title: [NUL_REFUSAL] });
    const client = await fresh();
    const json = await client.post(MY_TICKETS, { title: 'As JSON', description: 'x', category_id: bugs });
    expect(json.statusCode).toBe(415);
    // The boundaries are accepted.
    const edge = await createTicket(client, { title: 't'.repeat(255), description: 'd'.repeat(5000), category_id: bugs });
    expect([edge.title.length, edge.description.length]).toEqual([255, 5000]);
  });

  it('shows a ticket whose category staff deleted without a category', async () => {
    const client = await fresh();
    const gone = await categoryOf(db(), 'Short-lived');
    const ticket = await createTicket(client, { category_id: gone });
    await db().deleteFrom('ticket_categories').where('id', '=', gone).execute();
    expect((await myTicket(client, ticket.id)).ticket.category).toBeNull();
  });
});
