import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { adminTicketCategoriesResponseSchema, adminTicketDetailResponseSchema } from '../../../common/contracts/tickets-admin';
import type { TicketPriority, TicketStatus } from '../../../common/tickets';
import type { Database } from '../../db/database';
import type { TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { multipart, type MultipartFile } from '../../test/multipart';
import { TICKET_IMAGE_FOLDER } from './ticket-views';

/* For the staff API's tests: tickets written straight into the database, and staff working them through the real admin routes. */
export const TICKETS = '/admin-new/api/tickets';
export const CATEGORIES = '/admin-new/api/ticket-categories';

/** A category written straight into the database (position after the others); answers its id. */
export async function insertCategory(db: Database['db'], name: string): Promise<number> {
  const at = new Date().toISOString();
  const top = await db.selectFrom('ticket_categories').select((eb) => eb.fn.max('position').as('top')).executeTakeFirst();
  const row = await db
    .insertInto('ticket_categories')
    .values({ name, name_key: name.toLowerCase(), position: Number(top?.top ?? 0) + 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TicketSeed {
  user_id: number;
  category_id?: number | null;
  title?: string;
  description?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  assigned_to?: number | null;
  /** When it last moved (the queue's order); now by default. */
  updated_at?: string;
}

/** A ticket written straight into the database; answers its id. */
export async function insertTicket(db: Database['db'], seed: TicketSeed): Promise<number> {
  const at = seed.updated_at ?? new Date().toISOString();
  const row = await db
    .insertInto('tickets')
    .values({
      user_id: seed.user_id,
      category_id: seed.category_id ?? null,
      title: seed.title ?? 'My points did not arrive',
      description: seed.description ?? 'I redeemed the daily bonus but my balance did not change.',
      status: seed.status ?? 'open',
      priority: seed.priority ?? 'medium',
      assigned_to: seed.assigned_to ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A PNG of one colour (uploads are decoded and re-encoded, so they must be real images). */
export const png = (colour = '#7c3aed', width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

/** `count` PNGs named shot1.png… in the fields images[0]…, as the reply form sends them. */
export const screenshots = (count: number): Promise<MultipartFile[]> =>
  Promise.all(Array.from({ length: count }, async (_, i) => ({ name: `shot${i + 1}.png`, type: 'image/png', data: await png(['#e11d48', '#2563eb', '#16a34a'][i % 3]), field: `images[${i}]` })));

/** A staff reply through POST /tickets/{id}/reply: the message, optionally a status and files. */
export async function staffReply(staff: TestClient, ticketId: number, message: string, options: { status?: string; files?: MultipartFile[]; csrf?: boolean } = {}) {
  const { payload, headers } = await multipart(options.files ?? [], { message, ...(options.status !== undefined ? { status: options.status } : {}) });
  return staff.post(`${TICKETS}/${ticketId}/reply`, payload, { headers, csrf: options.csrf });
}

/** The ticket a successful call answers, checked against its contract. */
export function ticketOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return adminTicketDetailResponseSchema.parse(response.json()).data;
}

/** The categories a successful call answers (`status` 200, or 201 for a create), checked against their contract. */
export function categoriesOf(response: LightMyRequestResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return adminTicketCategoriesResponseSchema.parse(response.json()).data;
}

/** Ticket images stored under a test app's data dir, as storage paths. */
export function storedTicketImages(dataDir: string): string[] {
  const dir = join(dataDir, 'uploads', TICKET_IMAGE_FOLDER);
  return existsSync(dir) ? readdirSync(dir).map((name) => `${TICKET_IMAGE_FOLDER}/${name}`).sort() : [];
}

/** Every table a staff change can touch: to show that a refusal changed nothing. */
export async function ticketSnapshot(t: TestApp) {
  const tables = ['tickets', 'ticket_replies', 'ticket_categories', 'notifications'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await t.database.db.selectFrom(table).selectAll().orderBy('id').execute()])));
}

/** A member's ticket notifications, oldest first, with their data parsed. */
export async function ticketNotes(t: TestApp, userId: number) {
  const rows = await t.database.db.selectFrom('notifications').select(['type', 'data']).where('user_id', '=', userId).where('type', 'like', 'ticket_%').orderBy('id').execute();
  return rows.map((row) => ({ type: row.type, ...(JSON.parse(row.data) as { message: string; link?: string }) }));
}
