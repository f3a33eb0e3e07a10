import { describe, expect, it } from 'vitest';
import { adminTicketListSchema } from '../../../common/contracts/tickets-admin';
import { TICKET_STATUSES } from '../../../common/tickets';
import { seedDemoMembers } from '../../db/seed/members';
import { seedDemoTickets } from '../../db/seed/tickets';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { CATEGORIES, categoriesOf, TICKETS, ticketOf } from './tickets-admin.testkit';

/** The demo tickets a fresh machine shows, made through the real member and staff services. */
describe('ticket demo content', () => {
  const t = useTestApp();

  it('has the categories and tickets in every status from several members, with member and staff replies, screenshots and assignees, all in the past', async () => {
    const now = new Date();
    await seedDemoMembers(t.app.services, t.database, now);
    await seedDemoTickets(t.app.services, t.database, now);
    const staff = await signedIn(t.app, 'TicketSeedChecker', 'admin');

    const categories = categoriesOf(await staff.get(CATEGORIES));
    expect(categories.map((category) => category.name)).toEqual(['General', 'Account', 'Points & Store', 'Raffles', 'Bug Report']);
    expect(categories.every((category) => category.tickets_count > 0)).toBe(true);

    const queue = adminTicketListSchema.parse((await staff.get(TICKETS)).json()).data;
    expect(new Set(queue.map((ticket) => ticket.status))).toEqual(new Set(TICKET_STATUSES));
    expect(new Set(queue.map((ticket) => ticket.user.id)).size).toBeGreaterThanOrEqual(5);
    expect(queue.some((ticket) => ticket.assigned_to !== null)).toBe(true);
    expect(queue.some((ticket) => ticket.images.length > 0)).toBe(true);
    // Latest activity first, and nothing dated after now.
    const moved = queue.map((ticket) => ticket.updated_at);
    expect(moved).toEqual([...moved].sort().reverse());
    expect(queue.every((ticket) => ticket.created_at < now.toISOString() && ticket.updated_at <= now.toISOString() && ticket.created_at <= ticket.updated_at)).toBe(true);

    let staffReplies = 0;
    let memberReplies = 0;
    for (const row of queue) {
      const { ticket, replies } = ticketOf(await staff.get(`${TICKETS}/${row.id}`));
      expect(replies).toHaveLength(ticket.replies_count);
      expect(ticket.last_reply_at).toBe(replies.at(-1)?.created_at ?? null);
      expect(replies.every((reply, index) => reply.created_at > ticket.created_at && (index === 0 || reply.created_at > replies[index - 1].created_at))).toBe(true);
      staffReplies += replies.filter((reply) => reply.is_admin).length;
      memberReplies += replies.filter((reply) => !reply.is_admin && reply.user.username === ticket.user.username).length;
      for (const image of [...ticket.images, ...replies.flatMap((reply) => reply.images)]) expect((await new TestClient(t.app).get(image.url)).statusCode).toBe(200);
    }
    expect(staffReplies).toBeGreaterThanOrEqual(5);
    expect(memberReplies).toBeGreaterThanOrEqual(3);

    // The member of the ticket waiting for them was told, with a link to it.
    const waiting = queue.find((ticket) => ticket.status === 'waiting')!;
    const notes = await t.app.services.notifications.list(waiting.user.id);
    expect(notes.some((note) => note.type === 'ticket_reply' && note.data.link === `/tickets/${waiting.id}`)).toBe(true);
  }, 60_000);
});
