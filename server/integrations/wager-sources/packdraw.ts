import { expectList, wagerRow } from './http';
import type { AdapterSettings, WagerAdapter, WagerRow } from './types';

/** Packdraw writes dates month-day-year without padding, e.g. 2-16-2026 (research §3.5). */
export const packdrawDate = (at: Date) => `${at.getUTCMonth() + 1}-${at.getUTCDate()}-${at.getUTCFullYear()}`;

/** GET /api/v1/affiliates/leaderboard?after=&before=&apiKey= → {leaderboard: [{username, wagerAmount}]}. */
export function packdrawAdapter({ baseUrl, secret, request }: AdapterSettings<object>): WagerAdapter {
  return {
    async fetch(window, signal) {
      const query = new URLSearchParams({ after: packdrawDate(window.start), before: packdrawDate(new Date(window.end.getTime() - 1)), apiKey: secret });
      const body = await request(`${baseUrl}/api/v1/affiliates/leaderboard?${query}`, {}, signal);
      const list = (body as { leaderboard?: unknown } | null)?.leaderboard;
      return expectList(Array.isArray(list) ? list : body, 'leaderboard').flatMap((row): WagerRow[] => {
        const player = row as Record<string, unknown>;
        const parsed = wagerRow(player.username, player.wagerAmount);
        return parsed ? [parsed] : [];
      });
    },
  };
}
