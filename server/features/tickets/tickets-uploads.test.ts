import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { replyAddedResponseSchema } from '../../../common/contracts/tickets';
import { TICKET_IMAGE_MAX_BYTES, TICKET_TEXTS } from '../../../common/tickets';
import { TestClient } from '../../test/client';
import type { MultipartFile } from '../../test/multipart';
import { ownDataDir } from '../challenges/challenges.testkit';
import { categoryOf, createTicket, freshMembers, myTicket, pngImage, postReply, postTicket, screenshots, refusalsOf, storedTicketImages, useTicketsApp } from './tickets.testkit';

/** Screenshots on tickets and replies (spec 2 §5/§9, decision 022): 5 of 5 MB, images by their bytes, the spec's three messages, all or nothing. */
describe('tickets: members’ screenshots', () => {
  const dataDir = ownDataDir();
  const t = useTicketsApp({ env: { DATA_DIR: dataDir } });
  let category: number;
  /** A new member for each attempt: refused attempts count towards the hourly limits too. */
  const member = freshMembers(t, 'Shooter');
  const fresh = async () => (await member()).client;
  const refused = refusalsOf(t, dataDir);
  const file = (name: string, data: Buffer | string, field = 'images[0]'): MultipartFile => ({ name, type: 'image/png', data, field });
  const notAnImage = file('notes.png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'images[4]');
  const huge = file('huge.png', Buffer.alloc(TICKET_IMAGE_MAX_BYTES + 1, 7), 'images[3]');

  beforeAll(async () => {
    category = await categoryOf(t.database.db, 'Screenshots');
  });

  it('stores 5 screenshots on a ticket and 5 on a reply, with their names, served from storage', async () => {
    const client = await fresh();
    const ticket = await createTicket(client, { category_id: category }, await screenshots(5));
    expect(ticket.images.map((image) => image.filename)).toEqual(['shot1.png', 'shot2.png', 'shot3.png', 'shot4.png', 'shot5.png']);
    const response = await postReply(client, ticket.id, 'More of them', 5);
    expect(response.statusCode, response.body).toBe(201);
    const reply = replyAddedResponseSchema.parse(response.json()).data;
    expect(reply.images).toHaveLength(5);
    expect(storedTicketImages(dataDir)).toHaveLength(10);
    const visitor = new TestClient(t.app);
    for (const image of [...ticket.images, ...reply.images]) {
      expect(image.url).toMatch(/^\/storage\/tickets\/[0-9a-f]{32}\.webp$/);
      const served = await visitor.get(image.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect((await myTicket(client, ticket.id)).replies[0].images).toEqual(reply.images);
  });

  it('keeps a long or odd file name only as text, cut to 120 characters', async () => {
    const client = await fresh();
    const name = `<img src=x onerror=alert(1)>${'n'.repeat(200)}.png`;
    const ticket = await createTicket(client, { category_id: category }, [file(name, await pngImage())]);
    expect(ticket.images[0].filename).toBe(name.slice(0, 120));
    expect(ticket.images[0].url).not.toContain('<');
  });

  it('takes an image of just under 5 MB', async () => {
    const side = 1300;
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noise.length).toBeLessThanOrEqual(TICKET_IMAGE_MAX_BYTES);
    expect(noise.length).toBeGreaterThan(TICKET_IMAGE_MAX_BYTES - 200_000);
    const ticket = await createTicket(await fresh(), { category_id: category }, [file('big.png', noise)]);
    expect(ticket.images).toHaveLength(1);
  }, 30_000);

  it('refuses a 6th image, one over 5 MB and bytes that are not an image, on tickets, with the spec’s messages and nothing stored', async () => {
    const [a, b] = await Promise.all([fresh(), fresh()]);
    await refused(async () => postTicket(a, { category_id: category }, 6), 413, TICKET_TEXTS.tooManyOnTicket);
    await refused(async () => postTicket(a, { category_id: category }, [...(await screenshots(2)), huge]), 413, TICKET_TEXTS.tooLarge('huge.png'));
    // Good images written before the bad one are removed again.
    await refused(async () => postTicket(b, { category_id: category }, [...(await screenshots(3)), notAnImage]), 422, TICKET_TEXTS.notAnImage('notes.png'));
    // A real image under another image's name is fine: it is judged by its bytes.
    const jpegAsPng = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    expect((await createTicket(b, { category_id: category }, [file('photo.png', jpegAsPng)])).images).toHaveLength(1);
  });

  it('refuses the same on replies, with the reply’s words, and leaves the ticket as it was', async () => {
    const client = await fresh();
    const ticket = await createTicket(client, { category_id: category });
    await refused(async () => postReply(client, ticket.id, 'Six', 6), 413, TICKET_TEXTS.tooManyOnReply);
    await refused(async () => postReply(client, ticket.id, 'Huge', [...(await screenshots(1)), huge]), 413, TICKET_TEXTS.tooLarge('huge.png'));
    await refused(async () => postReply(client, ticket.id, 'Fake', [...(await screenshots(4)), notAnImage]), 422, TICKET_TEXTS.notAnImage('notes.png'));
    expect((await myTicket(client, ticket.id)).ticket).toMatchObject({ replies_count: 0, status: 'open' });
  });

  it('checks the fields before storing any image', async () => {
    const client = await fresh();
    await refused(async () => postTicket(client, { title: '', category_id: category }, 2), 422, 'The title is required.', { title: ['The title is required.'] });
    await refused(async () => postTicket(client, { category_id: 999_999 }, 2), 422, 'The selected category is invalid.', { category_id: ['The selected category is invalid.'] });
    const ticket = await createTicket(client, { category_id: category });
    await refused(async () => postReply(client, ticket.id, '  ', 2), 422, 'The message is required.', { message: ['The message is required.'] });
  });
});
