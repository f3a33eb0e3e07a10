import { beforeAll, describe, expect, it } from 'vitest';
import { replyAddedResponseSchema } from '../../../common/contracts/tickets';
import { TICKET_STATUSES, TICKET_TEXTS, type TicketStatus } from '../../../common/tickets';
import { NUL_REFUSAL } from '../../platform/input-guard';
import type { TestClient } from '../../test/client';
import { ownDataDir } from '../challenges/challenges.testkit';
import { staffReply } from './tickets-admin.testkit';
import { REPLIES_PER_HOUR, TICKETS_PER_HOUR } from './tickets.routes';
import { categoryOf, createTicket, freshMembers, myTicket, postReply, postTicket, refusalsOf, ticketMember, useTicketsApp, type TicketMember } from './tickets.testkit';

/** A member's replies to their own ticket (spec 2 §4/§5, decision 022): closed tickets refuse, resolved and waiting ones reopen, counted in one transaction; the hourly limits. */
describe('tickets: members’ replies', () => {
  const dataDir = ownDataDir();
  const t = useTicketsApp({ env: { DATA_DIR: dataDir } });
  const db = () => t.database.db;
  let category: number;
  const fresh = freshMembers(t, 'Replier');
  const row = (id: number) => db().selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setStatus = (id: number, status: TicketStatus) => db().updateTable('tickets').set({ status }).where('id', '=', id).execute();
  const replied = async (client: TestClient, id: number, message: string, images = 0) => {
    const response = await postReply(client, id, message, images);
    expect(response.statusCode, response.body).toBe(201);
    const body = replyAddedResponseSchema.parse(response.json());
    expect(body.message).toBe(TICKET_TEXTS.replied);
    return body.data;
  };
  /** The wait is told as the limiter counts it (1 hour, or the minutes left with Redis). */
  const wait = expect.stringMatching(/^Too many attempts\. Please wait .+ and try again\.$/) as unknown as string;
  const refused = refusalsOf(t, dataDir);

  beforeAll(async () => {
    category = await categoryOf(db(), 'General');
  });

  it('adds the reply (trimmed, not staff), counts it with the last reply, and shows the conversation oldest first with staff replies', async () => {
    const amy = await fresh();
    const ticket = await createTicket(amy.client, { category_id: category });
    const first = await replied(amy.client, ticket.id, '  Any news?\n');
    expect(first).toEqual({ id: expect.any(Number), message: 'Any news?', created_at: expect.any(String), is_admin: false, user: { username: amy.name, avatar: expect.any(String) }, images: [] });
    expect(await row(ticket.id)).toMatchObject({ replies_count: 1, last_reply_at: first.created_at, updated_at: first.created_at, status: 'open' });

    const staff = await ticketMember(t.app, 'SupportSam', 'moderator');
    expect((await staffReply(staff.client, ticket.id, 'Looking into it.', { status: 'in_progress' })).statusCode).toBe(201);
    const second = await replied(amy.client, ticket.id, '<script>alert(1)</script> thanks');
    const detail = await myTicket(amy.client, ticket.id);
    expect(detail.replies.map((reply) => [reply.message, reply.is_admin, reply.user.username])).toEqual([
      ['Any news?', false, amy.name],
      ['Looking into it.', true, 'SupportSam'],
      ['<script>alert(1)</script> thanks', false, amy.name],
    ]);
    expect(detail.replies[2]).toEqual(second);
    // A member's reply leaves a ticket staff are working on as it is.
    expect(detail.ticket).toMatchObject({ replies_count: 3, status: 'in_progress' });
  });

  it('reopens a resolved or waiting ticket; open and in-progress ones stay', async () => {
    const { client } = await fresh();
    const expected: Partial<Record<TicketStatus, TicketStatus>> = { open: 'open', in_progress: 'in_progress', waiting: 'open', resolved: 'open' };
    for (const status of TICKET_STATUSES.filter((s) => s !== 'closed')) {
      const ticket = await createTicket(client, { title: `Was ${status}`, category_id: category });
      await setStatus(ticket.id, status);
      await replied(client, ticket.id, 'Still broken.');
      expect((await myTicket(client, ticket.id)).ticket.status, status).toBe(expected[status]);
    }
  });

  it('refuses a reply to a closed ticket, storing nothing', async () => {
    const { client } = await fresh();
    const ticket = await createTicket(client, { category_id: category });
    await setStatus(ticket.id, 'closed');
    await refused(() => postReply(client, ticket.id, 'Please reopen', 2), 409, TICKET_TEXTS.closed);
    expect(await row(ticket.id)).toMatchObject({ status: 'closed', replies_count: 0, last_reply_at: null });
  });

  it('refuses a missing, blank, too long or NUL message with the field named', async () => {
    const { client } = await fresh();
    const ticket = await createTicket(client, { category_id: category });
    const required = { message: ['The message is required.'] };
    await refused(() => postReply(client, ticket.id, null, 1), 422, 'The message is required.', required);
    await refused(() => postReply(client, ticket.id, ' \n '), 422, 'The message is required.', required);
    const long = 'The message may not be greater than 5000 characters.';
    await refused(() => postReply(client, ticket.id, 'm'.repeat(5001)), 422, long, { message: [long] });
    await refused(() => postReply(client, ticket.id, 'a\u0000b'), 400, NUL_REFUSAL, { message: [NUL_REFUSAL] });
    expect((await replied(client, ticket.id, 'm'.repeat(5000))).message).toHaveLength(5000);
  });

  it('counts twenty replies sent at once: replies_count equals the rows', async () => {
    const { client } = await fresh();
    const ticket = await createTicket(client, { category_id: category });
    await setStatus(ticket.id, 'waiting');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => postReply(client, ticket.id, `Reply ${i}`)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const rows = await db().selectFrom('ticket_replies').select('id').where('ticket_id', '=', ticket.id).execute();
    expect(rows).toHaveLength(20);
    expect(await row(ticket.id)).toMatchObject({ replies_count: 20, status: 'open' });
  });

  it(`allows ${TICKETS_PER_HOUR} tickets and ${REPLIES_PER_HOUR} replies per member an hour, each member counted apart`, async () => {
    const [busy, other]: TicketMember[] = [await fresh(), await fresh()];
    const tickets: { id: number }[] = [];
    for (let i = 0; i < TICKETS_PER_HOUR; i++) tickets.push(await createTicket(busy.client, { title: `Ticket ${i}`, category_id: category }));
    const tooMany = await postTicket(busy.client, { category_id: category }, 1);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ success: false, message: wait });
    expect(await db().selectFrom('tickets').select('id').where('user_id', '=', busy.id).execute()).toHaveLength(TICKETS_PER_HOUR);

    for (let i = 0; i < REPLIES_PER_HOUR; i++) await replied(busy.client, tickets[i % tickets.length].id, `Reply ${i}`);
    await refused(() => postReply(busy.client, tickets[0].id, 'One more', 1), 429, wait);
    // Reading stays open, and another member is not held back.
    expect((await myTicket(busy.client, tickets[0].id)).ticket.replies_count).toBe(REPLIES_PER_HOUR / TICKETS_PER_HOUR);
    const theirs = await createTicket(other.client, { category_id: category });
    await replied(other.client, theirs.id, 'Fine here');
  });
});
