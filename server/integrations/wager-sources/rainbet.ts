import { expectList, firstDayOf, lastDayOf, wagerRow } from './http';
import type { AdapterSettings, WagerAdapter, WagerRow } from './types';

/** GET /v1/external/affiliates with whole days and the key as a query parameter; amounts are strings (research §3.3). */
export function rainbetAdapter({ baseUrl, secret, request }: AdapterSettings<object>): WagerAdapter {
  return {
    async fetch(window, signal) {
      const query = new URLSearchParams({ start_at: firstDayOf(window.start), end_at: lastDayOf(window.end), key: secret });
      const body = await request(`${baseUrl}/v1/external/affiliates?${query}`, {}, signal);
      const list = (body as { affiliates?: unknown } | null)?.affiliates;
      return expectList(Array.isArray(list) ? list : body, 'affiliates').flatMap((row): WagerRow[] => {
        const player = row as Record<string, unknown>;
        const parsed = wagerRow(player.username, player.wagered_amount);
        return parsed ? [parsed] : [];
      });
    },
  };
}
