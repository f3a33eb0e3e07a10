import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { MyClaim } from '../common/contracts/challenges';
import type { AdminChallenge, AdminClaim, ChallengeInput } from '../common/contracts/challenges-admin';
import { test as base, expect, signedInElsewhere, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/*
 * Staff running challenges through /admin-new/api/challenges and reviewing claims through
 * /admin-new/api/challenge-claims, for the specs that need challenges of their own (the member pages, the
 * admin pages). A moderator does it all (reviewing is a moderator's job too, decision 021).
 */

type Method = 'get' | 'post' | 'put' | 'delete';

/** An ISO instant `minutes` from now (negative: in the past). */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A small real PNG of one colour (the server re-encodes uploads, so they must decode). */
export const pngOf = (background: string, size = 64) => sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();

export async function openChallengeStaff(browser: Browser) {
  const page: Page = await signedInElsewhere(browser, uniqueName('ChallengeMod'), 'moderator');
  const headers = await csrf(page);
  const call = async <T>(method: Method, path: string, data?: unknown, status = method === 'post' && path === '/challenges' ? 201 : 200): Promise<T> => {
    const response = await page.request[method](`/admin-new/api${path}`, method === 'get' ? {} : { headers, data: data ?? {} });
    expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(status);
    return response.json() as Promise<T>;
  };
  const challenge = async (id: number) => (await call<{ data: AdminChallenge }>('get', `/challenges/${id}`)).data;
  const claim = async (id: number) => (await call<{ data: AdminClaim }>('get', `/challenge-claims/${id}`)).data;

  return {
    /** The moderator's browser page. */
    page,
    challenge,
    claim,
    /**
     * A challenge running from a minute ago for three days, a $100.00 cash prize for 500x at a $0.20 minimum bet,
     * unless `fields` say otherwise; the slot name is unique.
     */
    async create(fields: Partial<ChallengeInput> = {}): Promise<AdminChallenge> {
      const input: ChallengeInput = {
        slot_name: uniqueName('E2E Slot '),
        multiplier: 500,
        min_bet: 0.2,
        prize_type: 'cash',
        prize_amount: 100,
        start_date: minutesFromNow(-1),
        end_date: minutesFromNow(3 * 24 * 60),
        ...fields,
      };
      return (await call<{ data: AdminChallenge }>('post', '/challenges', input)).data;
    },
    /** Saves the challenge with `fields` changed (the rest as it is). */
    async update(current: AdminChallenge, fields: Partial<ChallengeInput>): Promise<AdminChallenge> {
      const input: ChallengeInput = {
        slot_name: current.slot_name,
        slot_id: current.slot_id,
        image: current.image,
        multiplier: current.multiplier,
        min_bet: current.min_bet,
        prize_type: current.prize_type,
        prize_amount: current.prize_amount,
        start_date: current.start_date,
        end_date: current.end_date,
        is_active: current.is_active,
        ...fields,
      };
      return (await call<{ data: AdminChallenge }>('put', `/challenges/${current.id}`, input)).data;
    },
    remove: (id: number) => call('delete', `/challenges/${id}`),
    /** Uploads an image for a challenge form; answers its path (for `image`). */
    async uploadImage(background = '#8844cc'): Promise<string> {
      const response = await page.request.post('/admin-new/api/challenges/image', {
        headers,
        multipart: { image: { name: 'challenge.png', mimeType: 'image/png', buffer: await pngOf(background) } },
      });
      expect(response.status(), `upload: ${await response.text()}`).toBe(200);
      return ((await response.json()) as { path: string }).path;
    },
    /** Claims, pending first (oldest first) unless `status` says otherwise; optionally one challenge's only. */
    async claims(query: { status?: 'pending' | 'approved' | 'rejected' | 'all'; challenge_id?: number } = {}): Promise<AdminClaim[]> {
      const params = new URLSearchParams({ status: query.status ?? 'pending', ...(query.challenge_id ? { challenge_id: String(query.challenge_id) } : {}) });
      return (await call<{ data: AdminClaim[] }>('get', `/challenge-claims?${params}`)).data;
    },
    approve: async (claimId: number, admin_notes = '') => (await call<{ data: AdminClaim }>('post', `/challenge-claims/${claimId}/approve`, { admin_notes })).data,
    reject: async (claimId: number, admin_notes: string) => (await call<{ data: AdminClaim }>('post', `/challenge-claims/${claimId}/reject`, { admin_notes })).data,
    /** Closes the staff browser. */
    close: () => page.context().close(),
  };
}
export type ChallengeStaff = Awaited<ReturnType<typeof openChallengeStaff>>;

/** Claims a challenge through the member API, as the member signed in on `member`, with `images` small PNGs as evidence. */
export async function claimByApi(member: Page, challengeId: number, description = 'Hit it on stream!', images = 0): Promise<MyClaim> {
  const files: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (let index = 0; index < images; index++) {
    files[`evidence_images[${index}]`] = { name: `evidence-${index + 1}.png`, mimeType: 'image/png', buffer: await pngOf(index % 2 ? '#22aa66' : '#cc4422') };
  }
  const response = await member.request.post(`/api/r/challenges/${challengeId}/claim`, { headers: await csrf(member), multipart: { description, ...files } });
  expect(response.ok(), `claim ${challengeId}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: MyClaim }).data;
}

/** The site's `test` plus `challengeStaff`: opened on first use, closed after the test, pass or fail. */
export const test = base.extend<{ challengeStaff: ChallengeStaff }>({
  challengeStaff: async ({ browser }, use) => {
    const staff = await openChallengeStaff(browser);
    try {
      await use(staff);
    } finally {
      await staff.close();
    }
  },
});

export { expect };
