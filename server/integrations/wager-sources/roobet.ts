import { expectList, wagerRow } from './http';
import { WagerSourceError, type AdapterSettings, type WagerAdapter, type WagerRow } from './types';

export interface RoobetOptions {
  user_id?: string;
  categories?: string;
}

/** Roobet issues a JWT whose `id` claim is the affiliate's user id (research §3.1). */
export function userIdFromToken(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { id?: unknown };
    return typeof claims.id === 'string' && claims.id ? claims.id : undefined;
  } catch {
    return undefined;
  }
}

/** GET /affiliate/v2/stats with a Bearer token: a bare list of players with wagered and weightedWagered. */
export function roobetAdapter({ baseUrl, secret, options, request }: AdapterSettings<RoobetOptions>): WagerAdapter {
  return {
    async fetch(window, signal) {
      const userId = options.user_id || userIdFromToken(secret);
      if (!userId) throw new WagerSourceError('Enter the Roobet user id, or save the API token Roobet issued (its id claim names the user).', false);
      // Full timestamps: a bare endDate is read by some as "up to the start of that day" (research §3.1).
      const query = new URLSearchParams({ userId, startDate: window.start.toISOString(), endDate: new Date(window.end.getTime() - 1).toISOString() });
      if (options.categories) query.set('categories', options.categories);
      const body = await request(`${baseUrl}/affiliate/v2/stats?${query}`, { headers: { Authorization: `Bearer ${secret}` } }, signal);
      return expectList(body, 'player').flatMap((row): WagerRow[] => {
        const player = row as Record<string, unknown>;
        const parsed = wagerRow(player.username, player.wagered, player.weightedWagered);
        return parsed ? [parsed] : [];
      });
    },
  };
}
