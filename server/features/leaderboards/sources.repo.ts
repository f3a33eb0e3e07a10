import type { Insertable, Updateable } from 'kysely';
import type { AdminSource } from '../../../common/contracts/leaderboards';
import type { Executor, WagerSourceRow, WagerSourcesTable } from '../../db/types';

/** What staff see of a source: everything but the key itself. */
export function toAdminSource(row: WagerSourceRow): AdminSource {
  let options: Record<string, unknown> = {};
  try {
    options = JSON.parse(row.options) as Record<string, unknown>;
  } catch {
    // A hand-edited value shows as empty options; the next save writes valid ones.
  }
  return {
    id: row.id,
    kind: row.kind as AdminSource['kind'],
    is_enabled: row.is_enabled === 1,
    interval_sec: row.interval_sec,
    timeout_sec: row.timeout_sec,
    rank_on: row.rank_on,
    base_url: row.base_url,
    has_secret: Boolean(row.secret),
    options,
    next_sync_at: row.next_sync_at,
    last_attempt_at: row.last_attempt_at,
    last_success_at: row.last_success_at,
    last_error: row.last_error,
    last_error_at: row.last_error_at,
    consecutive_failures: row.consecutive_failures,
    last_row_count: row.last_row_count,
  };
}

export const sourcesRepo = {
  all: (db: Executor) => db.selectFrom('wager_sources').selectAll().execute(),

  ofLeaderboard: (db: Executor, leaderboardId: number) => db.selectFrom('wager_sources').selectAll().where('leaderboard_id', '=', leaderboardId).executeTakeFirst(),

  insert: (db: Executor, row: Insertable<WagerSourcesTable>) => db.insertInto('wager_sources').values(row).returningAll().executeTakeFirstOrThrow(),

  update: (db: Executor, id: number, row: Updateable<WagerSourcesTable>) => db.updateTable('wager_sources').set(row).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  remove: (db: Executor, leaderboardId: number) => db.deleteFrom('wager_sources').where('leaderboard_id', '=', leaderboardId).executeTakeFirst(),

  /** Enabled sources whose leaderboard has a running period, with that period. */
  enabledWithPeriods: (db: Executor) =>
    db
      .selectFrom('wager_sources')
      .innerJoin('leaderboard_periods', (join) => join.onRef('leaderboard_periods.leaderboard_id', '=', 'wager_sources.leaderboard_id').on('leaderboard_periods.status', '=', 'current'))
      .selectAll('wager_sources')
      .select(['leaderboard_periods.id as period_id', 'leaderboard_periods.starts_at', 'leaderboard_periods.ends_at'])
      .where('wager_sources.is_enabled', '=', 1)
      .execute(),

  /**
   * Takes a sync for this instance: of several instances seeing the same due source, one updates the row
   * and the others find it no longer due. A period that has ended (endedPeriodEnd) gets one prompt attempt for its final numbers.
   */
  claim: (db: Executor, id: number, at: string, next: string, endedPeriodEnd: string | null) =>
    db
      .updateTable('wager_sources')
      .set({ next_sync_at: next, last_attempt_at: at })
      .where('id', '=', id)
      .where('is_enabled', '=', 1)
      .where((eb) =>
        eb.or([
          eb('next_sync_at', '<=', at),
          ...(endedPeriodEnd ? [eb.or([eb('last_attempt_at', 'is', null), eb('last_attempt_at', '<', endedPeriodEnd)])] : []),
        ]),
      )
      .returningAll()
      .executeTakeFirst(),
};
