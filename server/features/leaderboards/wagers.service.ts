import type { Kysely } from 'kysely';
import type { DB, PartnerPlatformRow } from '../../db/types';
import { leaderboardsRepo } from './leaderboards.repo';
import type { LeaderboardsService } from './leaderboards.service';
import { standingsRepo } from './standings.repo';

/** A member's wagers in cents, on one of their platforms, all-time (fromDay null) or from a day on. */
export type Wagered = (platformId: number, fromDay: string | null) => number;

/**
 * What other areas (VIP rewards) may know of the wager data: the partner platforms (kept until the catalogue next
 * changes) and a player's wagers, all-time or from a day on, matched on the lower-cased casino username.
 */
export function createWagersService(deps: { db: Kysely<DB>; kept: LeaderboardsService['kept'] }) {
  return {
    platforms: (): Promise<PartnerPlatformRow[]> => deps.kept('platforms', () => leaderboardsRepo.platforms(deps.db)),
    findPlatform: (id: number) => leaderboardsRepo.findPlatform(deps.db, id),
    /**
     * The wagers of each account on its platform, from all of them in one query, for the days asked for. Never below
     * zero: a staff correction downwards counts as a negative change on its day.
     */
    async wagered(accounts: { platformId: number; casinoUsername: string }[], fromDays: string[]): Promise<Wagered> {
      const rows = await standingsRepo.wagered(
        deps.db,
        accounts.map((account) => ({ platformId: account.platformId, usernameKey: account.casinoUsername.trim().toLowerCase() })),
        fromDays,
      );
      return (platformId, fromDay) => {
        if (fromDay !== null && !fromDays.includes(fromDay)) throw new Error(`Wagers from ${fromDay} were not asked for.`);
        const row = rows.find((candidate) => Number(candidate.platform_id) === platformId);
        return row ? Math.max(0, Number(row[fromDay === null ? 'total' : `from_${fromDays.indexOf(fromDay)}`])) : 0;
      };
    },
  };
}

export type WagersService = ReturnType<typeof createWagersService>;
