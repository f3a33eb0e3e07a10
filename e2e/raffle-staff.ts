import type { Browser, Page } from '@playwright/test';
import type { AdminRaffle, RaffleInput } from '../common/contracts/raffles-admin';
import { test as base, expect, signedInElsewhere, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/*
 * Staff running raffles through /admin-new/api/raffles, for the specs that need raffles of their own (the member
 * pages, the admin pages). A moderator runs the raffles (they may do everything there); granting points to a member
 * is an admin's job, so an admin browser is opened the first time a test grants some.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

async function staffApi(browser: Browser, name: string, role: 'moderator' | 'admin') {
  const page: Page = await signedInElsewhere(browser, uniqueName(name), role);
  const headers = await csrf(page);
  const call = async <T>(method: Method, path: string, data?: unknown): Promise<T> => {
    const response = await page.request[method](`/admin-new/api${path}`, method === 'get' ? {} : { headers, data: data ?? {} });
    expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(200);
    return response.json() as Promise<T>;
  };
  return { page, call };
}

/** An ISO instant `minutes` from now (negative: in the past). */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export async function openRaffleStaff(browser: Browser) {
  const moderator = await staffApi(browser, 'RaffleMod', 'moderator');
  let admin: Awaited<ReturnType<typeof staffApi>> | null = null;
  const raffle = async (id: number) => (await moderator.call<{ data: AdminRaffle }>('get', `/raffles/${id}`)).data;
  const action = async (id: number, name: 'close' | 'draw' | 'announce', data?: unknown) => {
    await moderator.call('post', `/raffles/${id}/${name}`, data);
    return raffle(id);
  };

  return {
    /** The moderator's browser page. */
    page: moderator.page,
    raffle,
    /** A new raffle open now and ending in a day, free entry only unless `fields` say otherwise; the title is unique. */
    async create(fields: Partial<RaffleInput> = {}): Promise<AdminRaffle> {
      const input: RaffleInput = { title: uniqueName('E2E Raffle '), end_datetime: minutesFromNow(24 * 60), allow_passwordless_entry: true, ...fields };
      return (await moderator.call<{ data: AdminRaffle }>('post', '/raffles', input)).data;
    },
    closeEntries: (id: number) => action(id, 'close'),
    draw: (id: number) => action(id, 'draw'),
    announce: (id: number) => action(id, 'announce'),
    redraw: async (id: number, position: number, reason: string) => {
      await moderator.call('post', `/raffles/${id}/redraw`, { position, reason });
      return raffle(id);
    },
    /** Draws and announces: the winners go public and the seed is revealed. */
    drawAndAnnounce: async (id: number) => {
      await action(id, 'draw');
      return action(id, 'announce');
    },
    /** Gives the member signed in on `member` some points (through an admin). */
    async grant(member: Page, delta: number) {
      admin ??= await staffApi(browser, 'RaffleAdmin', 'admin');
      const { user } = (await (await member.request.get('/api/r/session')).json()) as { user: { id: number } };
      await admin.call('post', `/members/${user.id}/points`, { delta, reason: 'E2E raffles' });
    },
    /** Closes the staff browsers. */
    async close() {
      await moderator.page.context().close();
      await admin?.page.context().close();
    },
  };
}
export type RaffleStaff = Awaited<ReturnType<typeof openRaffleStaff>>;

/** Enters a raffle through the member API, as the member signed in on `member`. */
export async function enterByApi(member: Page, raffleId: number, body: Record<string, unknown> = { entry_type: 'passwordless' }) {
  const response = await member.request.post(`/api/r/raffles/${raffleId}/enter`, { headers: await csrf(member), data: body });
  expect(response.status(), `enter ${raffleId}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** The site's `test` plus `raffleStaff`: opened on first use, closed after the test, pass or fail. */
export const test = base.extend<{ raffleStaff: RaffleStaff }>({
  raffleStaff: async ({ browser }, use) => {
    const staff = await openRaffleStaff(browser);
    try {
      await use(staff);
    } finally {
      await staff.close();
    }
  },
});

export { expect };
