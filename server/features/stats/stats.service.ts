import type { Kysely } from 'kysely';
import { formatUsd } from '../../../common/format';
import type { DB, Executor } from '../../db/types';
import type { Cache } from '../../platform/cache';
import { statsRepo } from './stats.repo';

const TOTAL_KEY = 'stats:total-given-away';
const TOTAL_CACHE_MS = 60_000;

export interface Payout {
  /** The area that paid it: leaderboard, raffle, challenge, vip, store... */
  source: string;
  reference?: string | null;
  userId?: number | null;
  amountCents: number;
}

/**
 * "Total given away" counts prizes and rewards actually paid out, recorded by each area at the moment
 * it pays (a leaderboard prize, a raffle prize, a VIP cash reward...), never estimates.
 */
export function createStatsService(deps: { db: Kysely<DB>; cache: Cache; now: () => Date }) {
  return {
    async totalGivenAway() {
      const cents = await deps.cache.wrap(TOTAL_KEY, TOTAL_CACHE_MS, () => statsRepo.totalPaidCents(deps.db));
      const total = cents / 100;
      return { total, formatted_total: formatUsd(total) };
    },

    /** Call inside the transaction that pays; drop the cached total after it commits with `refresh`. */
    async recordPayout(db: Executor, payout: Payout) {
      if (!Number.isSafeInteger(payout.amountCents) || payout.amountCents <= 0) {
        throw new Error(`payout must be a positive number of cents, got ${payout.amountCents}`);
      }
      await statsRepo.insertPayout(db, {
        source: payout.source,
        reference: payout.reference ?? null,
        user_id: payout.userId ?? null,
        amount_cents: payout.amountCents,
        paid_at: deps.now().toISOString(),
      });
    },

    refresh: () => deps.cache.del(TOTAL_KEY),
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
