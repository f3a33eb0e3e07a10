import { beforeAll, describe, expect, it } from 'vitest';
import { replyAddedResponseSchema } from '../../../common/contracts/tickets';
import { TICKET_IMAGE_MAX_BYTES } from '../../../common/tickets';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { ownDataDir } from '../challenges/challenges.testkit';
import { categoryOf, createTicket, myTicket, postReply } from './tickets.testkit';
import { insertTicket, screenshots, staffReply, storedTicketImages, TICKETS, ticketNotes, ticketOf, ticketSnapshot } from './tickets-admin.testkit';

/** Staff replies ('Support Team'): the status they leave, images with the members' limits, closed tickets, the member told. */
describe('tickets admin: staff replies', () => {
  const dataDir = ownDataDir();
  const t = useTestApp({ env: { DATA_DIR: dataDir } });
  let staff: SignedInMember;
  let member: SignedInMember;

  const replyOf = (response: Awaited<ReturnType<typeof staffReply>>) => {
    expect(response.statusCode, response.body).toBe(201);
    return replyAddedResponseSchema.parse(response.json()).data;
  };
  const ticket = (id: number) => t.database.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Expects the refusal and that nothing (rows or files) changed. */
  async function refused(send: () => Promise<Awaited<ReturnType<typeof staffReply>>>, status: number, body: object) {
    const before = [await ticketSnapshot(t), storedTicketImages(dataDir)];
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ success: false, ...body });
    expect([await ticketSnapshot(t), storedTicketImages(dataDir)]).toEqual(before);
  }

  beforeAll(async () => {
    staff = await signedInMember(t.app, 'SupportSam', 'moderator');
    member = await signedInMember(t.app, 'AskingAmy');
  });

  it('leaves the ticket waiting by default, counts the reply, marks it staff and tells the member', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id, title: 'Where are my points?' });
    const reply = replyOf(await staffReply(staff.client, id, '  We are checking the ledger.  '));
    expect(reply).toMatchObject({ message: 'We are checking the ledger.', is_admin: true, images: [], user: { username: 'SupportSam' } });
    const row = await ticket(id);
    expect(row).toMatchObject({ status: 'waiting', replies_count: 1, last_reply_at: reply.created_at, updated_at: reply.created_at });
    expect(await ticketNotes(t, member.id)).toEqual([
      { type: 'ticket_reply', message: 'Support Team replied to your ticket "Where are my points?". Status: Waiting.', link: `/tickets/${id}` },
    ]);

    const detail = ticketOf(await staff.client.get(`${TICKETS}/${id}`));
    expect(detail.ticket).toMatchObject({ status: 'waiting', replies_count: 1, last_reply_at: reply.created_at });
    expect(detail.replies).toEqual([reply]);
  });

  it('sets the status the form chose (no status words when it stays); an empty status is the default', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id, title: 'Raffle question', status: 'in_progress' });
    replyOf(await staffReply(staff.client, id, 'Still on it.', { status: 'in_progress' }));
    expect((await ticket(id)).status).toBe('in_progress');
    replyOf(await staffReply(staff.client, id, 'Fixed now, enjoy!', { status: 'resolved' }));
    replyOf(await staffReply(staff.client, id, 'One more thing.', { status: '' }));
    expect(await ticket(id)).toMatchObject({ status: 'waiting', replies_count: 3 });
    expect((await ticketNotes(t, member.id)).filter((note) => note.link === `/tickets/${id}`).map((note) => note.message)).toEqual([
      'Support Team replied to your ticket "Raffle question".',
      'Support Team replied to your ticket "Raffle question". Status: Resolved.',
      'Support Team replied to your ticket "Raffle question". Status: Waiting.',
    ]);
  });

  it('can close a ticket with its last reply; a closed ticket takes a reply only with another status, which reopens it', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id });
    replyOf(await staffReply(staff.client, id, 'Closing this, all sorted.', { status: 'closed' }));
    expect(await ticket(id)).toMatchObject({ status: 'closed', replies_count: 1 });
    const closed = { message: 'This ticket is closed. Choose another status to reopen it with your reply.' };
    await refused(() => staffReply(staff.client, id, 'Another note.'), 409, closed);
    await refused(() => staffReply(staff.client, id, 'Another note.', { status: 'closed', files: [{ name: 'a.png', type: 'image/png', data: Buffer.alloc(0) }] }), 409, closed);
    const reopened = replyOf(await staffReply(staff.client, id, 'Reopening: one more question.', { status: 'in_progress' }));
    expect(await ticket(id)).toMatchObject({ status: 'in_progress', replies_count: 2, last_reply_at: reopened.created_at });
  });

  it('stores up to 5 screenshots with their names; the reply answers where they are served', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id });
    const before = storedTicketImages(dataDir).length;
    const reply = replyOf(await staffReply(staff.client, id, 'See the highlighted line.', { files: await screenshots(5) }));
    expect(reply.images.map((image) => image.filename)).toEqual(['shot1.png', 'shot2.png', 'shot3.png', 'shot4.png', 'shot5.png']);
    expect(storedTicketImages(dataDir)).toHaveLength(before + 5);
    const visitor = new TestClient(t.app);
    for (const image of reply.images) {
      expect(image.url).toMatch(/^\/storage\/tickets\/[0-9a-f]{32}\.webp$/);
      expect((await visitor.get(image.url)).headers['content-type']).toBe('image/webp');
    }
  });

  it('refuses a 6th image, one over 5 MB and one that is not an image by its bytes, with the spec\'s messages, storing nothing', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id });
    await refused(async () => staffReply(staff.client, id, 'Six', { files: await screenshots(6) }), 413, { message: 'Maximum 5 images allowed per reply.' });
    const big = { name: 'huge.png', type: 'image/png', data: Buffer.alloc(TICKET_IMAGE_MAX_BYTES + 1, 1), field: 'images[1]' };
    await refused(async () => staffReply(staff.client, id, 'Big', { files: [(await screenshots(1))[0], big] }), 413, { message: 'File huge.png is too large. Maximum size is 5MB.' });
    const fake = { name: 'fake.png', type: 'image/png', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', field: 'images[2]' };
    await refused(async () => staffReply(staff.client, id, 'Fake', { files: [...(await screenshots(2)), fake] }), 422, { message: 'File fake.png is not an image.' });
    expect(await ticket(id)).toMatchObject({ replies_count: 0, status: 'open' });
  });

  it('refuses a blank, an oversized or a NUL message and an unknown status with the field named, storing nothing', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id });
    const files = await screenshots(1);
    await refused(() => staffReply(staff.client, id, '   ', { files }), 422, { message: 'The message is required.', errors: { message: ['The message is required.'] } });
    const long = 'The message may not be greater than 5000 characters.';
    await refused(() => staffReply(staff.client, id, 'x'.repeat(5001), { files }), 422, { message: long, errors: { message: [long] } });
    await refused(() => staffReply(staff.client, id, 'Bad\u0000byte', { files }), 400, { message: 'Text cannot contain NUL characters.', errors: { message: ['Text cannot contain NUL characters.'] } });
    await refused(() => staffReply(staff.client, id, 'Hello', { status: 'done', files }), 422, { message: 'Choose a status from the list.', errors: { status: ['Choose a status from the list.'] } });
    await refused(() => staffReply(staff.client, 2_000_000, 'Hello', { files }), 404, { message: 'Ticket not found.' });
    await refused(() => staff.client.post(`${TICKETS}/${id}/reply`, { message: 'as JSON' }), 415, { message: 'Send the form as multipart/form-data.' });
  });

  it('shows the member the staff reply as Support Team\'s (is_admin) with its screenshots, through the member API; their answer reopens the ticket', async () => {
    const category = await categoryOf(t.database.db, 'Account');
    const created = await createTicket(member.client, { title: 'Cannot see my level', category_id: category }, 1);
    const reply = replyOf(await staffReply(staff.client, created.id, 'Which page are you looking at?', { files: await screenshots(2) }));
    const seen = await myTicket(member.client, created.id);
    expect(seen.ticket).toMatchObject({ status: 'waiting', status_label: 'Waiting', replies_count: 1 });
    expect(seen.replies).toEqual([reply]);
    expect(seen.replies[0]).toMatchObject({ is_admin: true, user: { username: 'SupportSam' } });
    expect(seen.replies[0].images).toHaveLength(2);
    expect((await postReply(member.client, created.id, 'The profile page.')).statusCode).toBe(201);
    const after = ticketOf(await staff.client.get(`${TICKETS}/${created.id}`));
    expect(after.ticket).toMatchObject({ status: 'open', replies_count: 2 });
    expect(after.replies.map((row) => row.is_admin)).toEqual([true, false]);
  });

  it('counts every reply when staff on two app instances reply at once (one statement moves the count)', async () => {
    const id = await insertTicket(t.database.db, { user_id: member.id });
    const twin = await t.twin();
    const other = await signedInMember(twin, 'SupportSue', 'admin');
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => staffReply(i % 2 ? other.client : staff.client, id, `Reply ${i}`)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const rows = await t.database.db.selectFrom('ticket_replies').select('id').where('ticket_id', '=', id).execute();
    expect(rows).toHaveLength(10);
    expect((await ticket(id)).replies_count).toBe(10);
  });
});
