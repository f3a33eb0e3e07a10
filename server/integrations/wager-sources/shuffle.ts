import { expectList, wagerRow } from './http';
import type { AdapterSettings, WagerAdapter, WagerRow } from './types';

export interface ShuffleOptions {
  campaign_code?: string;
}

/** Shuffle seems to refuse an end in the future; stay a little behind the clock (research §3.2). */
const END_MARGIN_MS = 15_000;

/**
 * GET /stats/{key} (wagerAmount, campaignCode) or, to rank on weighted wagers, /wager/{key}
 * (wagerAmount, weightedWagerAmount), with a unix-seconds window. Errors may come back as a 200 object.
 */
export function shuffleAdapter({ baseUrl, secret, options, weighted, request }: AdapterSettings<ShuffleOptions> & { weighted: boolean }): WagerAdapter {
  return {
    async fetch(window, signal) {
      const end = Math.min(window.end.getTime(), Date.now() - END_MARGIN_MS);
      const query = new URLSearchParams({ startTime: String(Math.floor(window.start.getTime() / 1000)), endTime: String(Math.floor(end / 1000)) });
      const endpoint = weighted ? 'wager' : 'stats';
      const body = await request(`${baseUrl}/${endpoint}/${encodeURIComponent(secret)}?${query}`, {}, signal);
      return expectList(body, 'player').flatMap((row): WagerRow[] => {
        const player = row as Record<string, unknown>;
        if (options.campaign_code && typeof player.campaignCode === 'string' && player.campaignCode.toLowerCase() !== options.campaign_code.toLowerCase()) return [];
        const parsed = wagerRow(player.username, player.wagerAmount, player.weightedWagerAmount);
        return parsed ? [parsed] : [];
      });
    },
  };
}
