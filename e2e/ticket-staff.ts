import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { TicketReply } from '../common/contracts/tickets';
import type { AdminTicket } from '../common/contracts/tickets-admin';
import type { TicketPriority, TicketStatus } from '../common/tickets';
import { test as base, expect, signedInElsewhere, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/*
 * Staff working tickets through /admin-new/api/tickets and /admin-new/api/ticket-categories, for the specs that
 * need a staff reply, a status change or a category of their own (the member pages, the admin pages). A moderator
 * does it all (support is a moderator's job too).
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Category = { id: number; name: string; position: number; tickets_count: number };

/** A small real PNG of one colour (the server re-encodes uploads, so they must decode). */
export const ticketPng = (background: string, size = 64) => sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();

export async function openTicketStaff(browser: Browser, name = uniqueName('TicketMod')) {
  const page: Page = await signedInElsewhere(browser, name, 'moderator');
  const headers = await csrf(page);
  const call = async <T>(method: Method, path: string, data?: unknown, status = 200): Promise<T> => {
    const response = await page.request[method](`/admin-new/api${path}`, method === 'get' ? {} : { headers, data: data ?? {} });
    expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(status);
    return response.json() as Promise<T>;
  };
  const categories = async () => (await call<{ data: Category[] }>('get', '/ticket-categories')).data;

  return {
    /** The moderator's browser page and name. */
    page,
    name,
    /** The ticket as staff see it, with its replies. */
    ticket: async (id: number) => (await call<{ data: { ticket: AdminTicket; replies: TicketReply[] } }>('get', `/tickets/${id}`)).data,
    /** The queue's first page for the filters given (e.g. `{ search: 'my title' }`). */
    async tickets(query: Record<string, string> = {}): Promise<AdminTicket[]> {
      return (await call<{ data: AdminTicket[] }>('get', `/tickets?${new URLSearchParams(query)}`)).data;
    },
    /** Changes status, priority or assignee (a staff member's id, or null). */
    update: async (id: number, changes: { status?: TicketStatus; priority?: TicketPriority; assigned_to?: number | null }) =>
      (await call<{ data: { ticket: AdminTicket } }>('patch', `/tickets/${id}`, changes)).data.ticket,
    /**
     * Replies as Support Team, with `images` small PNGs; the ticket is left `status` (the server's default,
     * waiting, when not given). Answers the reply.
     */
    async reply(id: number, message: string, options: { status?: TicketStatus; images?: number } = {}): Promise<TicketReply> {
      const files: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
      for (let index = 0; index < (options.images ?? 0); index++) {
        files[`images[${index}]`] = { name: `staff-${index + 1}.png`, mimeType: 'image/png', buffer: await ticketPng(index % 2 ? '#22aa66' : '#4455cc') };
      }
      const response = await page.request.post(`/admin-new/api/tickets/${id}/reply`, {
        headers,
        multipart: { message, ...(options.status ? { status: options.status } : {}), ...files },
      });
      expect(response.status(), `reply to ${id}: ${await response.text()}`).toBe(201);
      return ((await response.json()) as { data: TicketReply }).data;
    },
    categories,
    /** Creates a category (a unique name unless given); answers it. */
    async createCategory(name = uniqueName('E2E Category ')): Promise<Category> {
      const all = (await call<{ data: Category[] }>('post', '/ticket-categories', { name }, 201)).data;
      return all.find((category) => category.name === name)!;
    },
    /** Deletes a category no ticket uses. */
    removeCategory: (id: number) => call('delete', `/ticket-categories/${id}`),
    /** Closes the staff browser. */
    close: () => page.context().close(),
  };
}
export type TicketStaff = Awaited<ReturnType<typeof openTicketStaff>>;

/** The site's `test` plus `ticketStaff`: opened on first use, closed after the test, pass or fail. */
export const test = base.extend<{ ticketStaff: TicketStaff }>({
  ticketStaff: async ({ browser }, use) => {
    const staff = await openTicketStaff(browser);
    try {
      await use(staff);
    } finally {
      await staff.close();
    }
  },
});

export { expect };
