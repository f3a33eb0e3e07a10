import type { Browser, Page } from '@playwright/test';
import { expect, signedInElsewhere, uniqueName } from './fixtures';

export const csrf = async (page: Page) => ({ 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' });

/**
 * An admin in a browser of their own, setting up partner platforms, wagers and VIP tiers through the
 * admin API (the admin pages have their own tests); the member pages are what these tests look at.
 */
export async function leaderboardStaff(browser: Browser) {
  const page = await signedInElsewhere(browser, uniqueName('BoardAdmin'), 'admin');
  const headers = await csrf(page);
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const response = await page.request[method](`/admin-new/api${path}`, { headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
    return response.json();
  };
  const platforms = async () => (await (await page.request.get('/admin-new/api/leaderboards/platforms')).json()).data as {
    id: number;
    slug: string;
    name: string;
    leaderboards: { id: number; leaderboard_type: string; current_period: { id: number; ends_at: string } | null }[];
  }[];
  const platform = async (slug: string) => (await platforms()).find((row) => row.slug === slug)!;

  return {
    platform,
    /** A platform (masked names unless said otherwise) with a normal weekly leaderboard running since now. */
    async board(fields: Record<string, unknown> & { name: string; slug: string }) {
      await call('post', '/leaderboards/platforms', { display_order: 50, ...fields });
      const created = await platform(fields.slug);
      await call('post', `/leaderboards/platforms/${created.id}/leaderboards`, { leaderboard_type: 'normal', period_length: 'weekly' });
      const board = (await platform(fields.slug)).leaderboards[0];
      return { platformId: created.id, leaderboardId: board.id, periodId: board.current_period!.id };
    },
    async addType(platformId: number, leaderboard_type: string) {
      await call('post', `/leaderboards/platforms/${platformId}/leaderboards`, { leaderboard_type, period_length: 'weekly' });
      const board = (await platforms()).find((row) => row.id === platformId)!.leaderboards.find((row) => row.leaderboard_type === leaderboard_type)!;
      return { leaderboardId: board.id, periodId: board.current_period!.id };
    },
    wagers: (periodId: number, players: [string, number][]) => call('post', `/leaderboard-periods/${periodId}/import`, { csv: players.map(([name, amount]) => `${name},${amount}`).join('\n') }),
    prizes: (leaderboardId: number, prizes: number[]) => call('put', `/leaderboards/${leaderboardId}/prizes`, { prizes }),
    endPeriod: (leaderboardId: number) => call('post', `/leaderboards/${leaderboardId}/end-period`, {}),
    tier: (fields: Record<string, unknown>) => call('post', '/vip/tiers', { description: 'An E2E tier.', ...fields }),
    /** The pending VIP claim made on a casino account name. */
    async pendingClaim(casinoUsername: string): Promise<{ id: number }> {
      const claims = (await (await page.request.get('/admin-new/api/vip/claims?status=pending')).json()).data as { id: number; casino_username: string }[];
      return claims.find((claim) => claim.casino_username === casinoUsername)!;
    },
    processClaim: (id: number) => call('post', `/vip/claims/${id}/process`, {}),
    close: () => page.context().close(),
  };
}

/** Saves a member's casino account names (Settings → Connections: crypto is slot 1, Roobet's in the demo) through their own settings API. */
export async function saveCasinoNames(member: Page, names: { crypto?: string; crypto2?: string; crypto3?: string }) {
  const response = await member.request.post('/api/r/profile/update', { headers: await csrf(member), data: names });
  expect(response.status(), await response.text()).toBe(200);
}
