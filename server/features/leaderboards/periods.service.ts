import type { Kysely, Transaction } from 'kysely';
import { nextPeriod } from '../../../common/leaderboards';
import type { DB, LeaderboardPeriodRow } from '../../db/types';
import { conflict, notFound } from '../../platform/errors';
import type { StatsService } from '../stats/stats.service';
import { leaderboardsRepo } from './leaderboards.repo';
import { sourcesRepo } from './sources.repo';

/** How long an ended period waits for its source's final numbers before it is frozen with the last good ones. */
export const FINAL_SYNC_GRACE_MS = 10 * 60 * 1000;

/**
 * Periods end by themselves (docs/decisions/014-leaderboards.md): once a period's end has passed and its
 * source has synced after the end (or failed to for the grace time), its standings freeze as the last
 * period and the next one starts, in one transaction that only one instance can win.
 */
export function createPeriodsService(deps: { db: Kysely<DB>; now: () => Date; stats: StatsService; changed: () => Promise<void> }) {
  const { db, now } = deps;

  /** Finishes a running period and starts the next on the same schedule, with the same prizes. */
  async function finish(trx: Transaction<DB>, period: LeaderboardPeriodRow): Promise<boolean> {
    const leaderboard = await leaderboardsRepo.findLeaderboard(trx, period.leaderboard_id);
    if (!leaderboard) return false;
    const at = now();
    const finished = await leaderboardsRepo.finishPeriod(trx, period.id, at.toISOString());
    if (!finished) return false;
    const window = nextPeriod(new Date(finished.ends_at), leaderboard.period_length, leaderboard.custom_days, at);
    const next = await leaderboardsRepo.insertPeriod(trx, {
      leaderboard_id: leaderboard.id,
      starts_at: window.start.toISOString(),
      ends_at: window.end.toISOString(),
      status: 'current',
      finished_at: null,
      prizes_paid_at: null,
      prizes_paid_by: null,
    });
    const prizes = await leaderboardsRepo.prizesOf(trx, [finished.id]);
    await leaderboardsRepo.replacePrizes(
      trx,
      next.id,
      prizes.map((prize) => prize.amount_cents),
    );
    return true;
  }

  async function currentOf(leaderboardId: number) {
    const period = await leaderboardsRepo.currentPeriodOf(db, leaderboardId);
    if (!period) throw notFound('This leaderboard has no running period.');
    return period;
  }

  return {
    /** The background job: every period past its end whose final numbers are in (or overdue). */
    async rollOver() {
      const at = now();
      const sources = new Map((await sourcesRepo.all(db)).map((source) => [source.leaderboard_id, source]));
      let rolled = 0;
      for (const period of await leaderboardsRepo.currentPeriods(db)) {
        if (Date.parse(period.ends_at) > at.getTime()) continue;
        const source = sources.get(period.leaderboard_id);
        const waiting =
          source?.is_enabled === 1 && !(source.last_success_at && source.last_success_at >= period.ends_at) && at.getTime() < Date.parse(period.ends_at) + FINAL_SYNC_GRACE_MS;
        if (waiting) continue;
        if (await db.transaction().execute((trx) => finish(trx, period))) rolled++;
      }
      if (rolled > 0) await deps.changed();
      return { rolled };
    },

    /** Staff end the running period now; the next one starts at once. */
    async endNow(leaderboardId: number) {
      const period = await currentOf(leaderboardId);
      const at = now().toISOString();
      const done = await db.transaction().execute(async (trx) => {
        await leaderboardsRepo.setPeriodDates(trx, period.id, { starts_at: period.starts_at < at ? period.starts_at : at, ends_at: at });
        return finish(trx, { ...period, ends_at: at });
      });
      if (!done) throw conflict('This period has just ended by itself.');
      await deps.changed();
    },

    async setDates(leaderboardId: number, dates: { starts_at: string; ends_at: string }) {
      const period = await currentOf(leaderboardId);
      await leaderboardsRepo.setPeriodDates(db, period.id, dates);
      await deps.changed();
    },

    async setPrizes(leaderboardId: number, amounts: number[]) {
      const period = await currentOf(leaderboardId);
      await db.transaction().execute((trx) =>
        leaderboardsRepo.replacePrizes(
          trx,
          period.id,
          amounts.map((amount) => Math.round(amount * 100)),
        ),
      );
      await deps.changed();
    },

    /**
     * Staff paid a finished period's prizes (outside the site, to the casino accounts): each prize that
     * has a player is recorded as given away, once. XP prizes are not money and are not counted.
     */
    async payPrizes(periodId: number, staffId: number) {
      const period = await leaderboardsRepo.findPeriod(db, periodId);
      if (!period) throw notFound('Leaderboard period not found.');
      if (period.status !== 'finished') throw conflict('Only a finished period’s prizes can be paid.');
      const result = await db.transaction().execute(async (trx) => {
        if (!(await leaderboardsRepo.markPrizesPaid(trx, periodId, staffId, now().toISOString()))) throw conflict('These prizes were already marked as paid.');
        const prizes = await leaderboardsRepo.prizesOf(trx, [periodId]);
        const players = await leaderboardsRepo.standings(trx, periodId, prizes.length);
        let totalCents = 0;
        for (const prize of prizes) {
          const player = players[prize.place - 1];
          if (!player || prize.amount_cents === 0) continue;
          totalCents += prize.amount_cents;
          if (period.amount_format === 'currency') {
            await deps.stats.recordPayout(trx, { source: 'leaderboard', reference: `leaderboard_period:${periodId}:place:${prize.place}`, amountCents: prize.amount_cents });
          }
        }
        return { total: totalCents / 100 };
      });
      await deps.stats.refresh();
      await deps.changed();
      return result;
    },
  };
}

export type PeriodsService = ReturnType<typeof createPeriodsService>;
