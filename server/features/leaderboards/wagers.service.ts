import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { leaderboardsRepo } from './leaderboards.repo';
import { standingsRepo } from './standings.repo';

/**
 * What other areas (VIP rewards) may know of the wager data: the partner platforms and a player's
 * wagers on one, all-time or from a day on, matched on the lower-cased casino username.
 */
export function createWagersService(deps: { db: Kysely<DB> }) {
  return {
    platforms: () => leaderboardsRepo.platforms(deps.db),
    findPlatform: (id: number) => leaderboardsRepo.findPlatform(deps.db, id),
    /** Never below zero: a staff correction downwards counts as a negative change on its day. */
    wageredCents: async (platformId: number, casinoUsername: string, fromDay: string | null = null) =>
      Math.max(0, await standingsRepo.wageredCents(deps.db, platformId, casinoUsername.trim().toLowerCase(), fromDay)),
  };
}

export type WagersService = ReturnType<typeof createWagersService>;
