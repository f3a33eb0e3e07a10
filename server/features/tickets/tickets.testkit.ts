import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ticketCreatedResponseSchema, ticketDetailResponseSchema } from '../../../common/contracts/tickets';
import type { Executor } from '../../db/types';
import { useTestApp, type TestApp, type TestAppOptions } from '../../test/app';
import { signedInMember, type SignedInMember } from '../../test/client';
import { multipart, type MultipartFile } from '../../test/multipart';
import { insertCategory, png, screenshots, storedTicketImages, ticketSnapshot } from './tickets-admin.testkit';

/*
 * For the members' tickets tests, the staff tests and the seed: a test app, signed-in members, categories written
 * straight into the database, and tickets and replies sent through the real member API (multipart, CSRF as the
 * browser sends it).
 */
export { png, screenshots, storedTicketImages } from './tickets-admin.testkit';

export const MY_TICKETS = '/api/r/tickets';
export const MY_CATEGORIES = '/api/r/tickets/categories';
export const myTicketUrl = (id: number | string) => `${MY_TICKETS}/${id}`;
export const myReplyUrl = (id: number | string) => `${MY_TICKETS}/${id}/reply`;

/** A test app for the enclosing describe block (see useTestApp). */
export const useTicketsApp = (options: TestAppOptions = {}) => useTestApp(options);

/** A member signed in through the local sign-in: `{ client, id, name }`. */
export const ticketMember = signedInMember;
export type TicketMember = SignedInMember;

/** A new member at each call, named `prefix1`, `prefix2`…: tickets and replies are limited per member an hour, refused attempts included. */
export function freshMembers(t: TestApp, prefix: string) {
  let made = 0;
  return () => ticketMember(t.app, `${prefix}${++made}`);
}

/**
 * `refused(send, status, message, errors?)` for a test app and its `dataDir`: expects the refusal (status, message,
 * and the fields' messages when given) and that nothing changed: no ticket, reply, category or notification row, and
 * no file under `dataDir`.
 */
export const refusalsOf =
  (t: TestApp, dataDir: string) =>
  async (send: () => Promise<LightMyRequestResponse>, status: number, message: string, errors?: Record<string, string[]>) => {
    const before = [await ticketSnapshot(t), storedTicketImages(dataDir)];
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ success: false, message, ...(errors ? { errors } : {}) });
    expect([await ticketSnapshot(t), storedTicketImages(dataDir)]).toEqual(before);
  };

/** The category named `name`, written straight into the database when it does not exist yet; answers its id. */
export async function categoryOf(db: Executor, name: string): Promise<number> {
  const found = await db.selectFrom('ticket_categories').select('id').where('name', '=', name).executeTakeFirst();
  return found?.id ?? insertCategory(db, name);
}

export interface TicketFormFields {
  title?: string | null;
  description?: string | null;
  category_id?: number | string | null;
  /** Left out when absent (the server's default is medium). */
  priority?: string | null;
}

/** Fields left out with `null`; title and description have defaults so a test names only what it checks. */
const formOf = (fields: Record<string, string | number | null | undefined>) =>
  Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (value === null || value === undefined ? [] : [[key, String(value)]])));

/** `images`: a count of generated PNGs (images[0]…) or the files themselves. */
const filesOf = async (images: number | MultipartFile[]) => (typeof images === 'number' ? screenshots(images) : images);

type Poster = { post: (url: string, body?: unknown, options?: { headers?: Record<string, string> }) => Promise<LightMyRequestResponse> };

/** POST /api/r/tickets: a member's ticket through the real API (the raw response). */
export async function postTicket(client: Poster, fields: TicketFormFields, images: number | MultipartFile[] = 0) {
  const { payload, headers } = await multipart(
    await filesOf(images),
    formOf({ title: 'My points did not arrive', description: 'I redeemed the daily bonus and my balance stayed the same.', ...fields }),
  );
  return client.post(MY_TICKETS, payload, { headers });
}

/** A ticket created through the real API (must succeed): the ticket as the API answered it. */
export async function createTicket(client: Poster, fields: TicketFormFields & { category_id: number }, images: number | MultipartFile[] = 0) {
  const response = await postTicket(client, fields, images);
  expect(response.statusCode, response.body).toBe(201);
  return ticketCreatedResponseSchema.parse(response.json()).data;
}

/** POST /api/r/tickets/{id}/reply: a member's reply (the raw response); `message: null` leaves the field out. */
export async function postReply(client: Poster, ticketId: number | string, message: string | null, images: number | MultipartFile[] = 0) {
  const { payload, headers } = await multipart(await filesOf(images), formOf({ message }));
  return client.post(myReplyUrl(ticketId), payload, { headers });
}

/** GET /api/r/tickets/{id} as the member sees it (must succeed). */
export async function myTicket(client: { get: (url: string) => Promise<LightMyRequestResponse> }, id: number) {
  const response = await client.get(myTicketUrl(id));
  expect(response.statusCode, response.body).toBe(200);
  return ticketDetailResponseSchema.parse(response.json()).data;
}

/** A small valid PNG (each colour gives different bytes). */
export const pngImage = png;
