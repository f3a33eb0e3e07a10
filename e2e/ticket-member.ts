import type { Page } from '@playwright/test';
import type { Ticket } from '../common/contracts/tickets';
import type { TicketPriority } from '../common/tickets';
import { expect } from './fixtures';
import { csrf } from './leaderboard-staff';
import { ticketPng } from './ticket-staff';

/* What the member ticket specs share: finding things on the pages, and tickets made through the members' API. */

export const toast = (page: Page, type: 'success' | 'error', text: string | RegExp) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
export const png = async (name: string, colour: string) => ({ name, mimeType: 'image/png', buffer: await ticketPng(colour) });
export const fileInput = (page: Page) => page.locator('input[type="file"]');
/** The page is no wider than the window (no sideways scrolling). */
export const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** Creates a ticket as the member signed in on `member`, through POST /api/r/tickets, with `images` small PNGs. */
export async function createTicketByApi(
  member: Page,
  fields: { title: string; description?: string; category_id: number; priority?: TicketPriority },
  images = 0,
): Promise<Ticket> {
  const files: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (let index = 0; index < images; index++) files[`images[${index}]`] = await png(`shot-${index + 1}.png`, index % 2 ? '#22aa66' : '#cc4422');
  const response = await member.request.post('/api/r/tickets', {
    headers: await csrf(member),
    multipart: { description: 'Something went wrong with my account.', priority: 'medium', ...fields, category_id: String(fields.category_id), ...files },
  });
  expect(response.status(), `create ticket: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: Ticket }).data;
}
