import type { Kysely, Transaction } from 'kysely';
import type { AdminEntry } from '../../../common/contracts/leaderboards';
import type { DB, WagerEntrySource } from '../../db/types';
import { conflict, notFound } from '../../platform/errors';
import { WagerSourceError } from '../../integrations/wager-sources';
import { leaderboardsRepo } from './leaderboards.repo';
import { standingsRepo, type EntryWrite } from './standings.repo';

export const STANDINGS_MESSAGES = {
  periodNotFound: 'Leaderboard period not found.',
  paid: 'The prizes of this period are paid, so its standings are final.',
  entryNotFound: 'That player is not in this period.',
} as const;

export interface PlayerWager {
  username: string;
  cents: number;
}

type Existing = Awaited<ReturnType<typeof standingsRepo.entries>>[number];

export const ENTRIES_PER_PAGE = 50;

const keyOf = (username: string) => username.trim().toLowerCase();

/** One row per player: a partner listing a name twice (in two cases) counts the larger wager. */
function byPlayer(rows: PlayerWager[]): Map<string, EntryWrite> {
  const players = new Map<string, EntryWrite>();
  for (const row of rows) {
    const username = row.username.trim();
    const key = keyOf(username);
    const seen = players.get(key);
    if (!seen || row.cents > seen.amount_cents) players.set(key, { username: seen?.username ?? username, username_key: key, amount_cents: row.cents });
  }
  return players;
}

/**
 * Every change to a period's standings (docs/decisions/014-leaderboards.md): a sync replaces what the
 * partner reported, staff entries and imports override it, and each change of a player's total is also
 * added to that player's wagers of the day (what VIP tiers count). One transaction per change, queued
 * on the period's row.
 */
export function createStandingsService(deps: { db: Kysely<DB>; now: () => Date; changed: () => Promise<void> }) {
  const { db, now } = deps;

  /** Wagers count on the day they were seen, but never after their period ended. */
  const dayFor = (endsAt: string) => new Date(Math.min(now().getTime(), Date.parse(endsAt) - 1)).toISOString().slice(0, 10);

  async function lock(trx: Transaction<DB>, periodId: number) {
    const period = await leaderboardsRepo.findPeriod(trx, periodId);
    if (!period) throw notFound(STANDINGS_MESSAGES.periodNotFound);
    if (!(await leaderboardsRepo.lockPeriod(trx, periodId))) throw conflict(STANDINGS_MESSAGES.paid);
    return period;
  }

  async function apply(trx: Transaction<DB>, period: { id: number; platform_id: number; ends_at: string }, writes: EntryWrite[], source: WagerEntrySource, removals: Existing[], existing: Map<string, Existing>) {
    const at = now().toISOString();
    await standingsRepo.upsert(trx, period.id, writes, source, at);
    await standingsRepo.remove(
      trx,
      period.id,
      removals.map((row) => row.username_key),
    );
    const deltas = [
      ...writes.map((row) => ({ username_key: row.username_key, delta_cents: row.amount_cents - (existing.get(row.username_key)?.amount_cents ?? 0) })),
      ...removals.map((row) => ({ username_key: row.username_key, delta_cents: -row.amount_cents })),
    ];
    await standingsRepo.addDaily(trx, period.platform_id, dayFor(period.ends_at), deltas);
    return writes.length + removals.length;
  }

  const mapOf = (rows: Existing[]) => new Map(rows.map((row) => [row.username_key, row]));

  async function afterWrite(changes: number) {
    if (changes > 0) await deps.changed();
    return changes;
  }

  return {
    /**
     * A sync's result becomes the period's standings: players the partner no longer lists leave, staff
     * entries stay as they are. An empty answer over standings that had players is refused (a partner
     * glitch must not wipe a running race).
     */
    async replaceSynced(periodId: number, rows: PlayerWager[]) {
      const changes = await db.transaction().execute(async (trx) => {
        const period = await lock(trx, periodId);
        if (period.status !== 'current') throw new WagerSourceError('The period ended before the sync finished; its standings are kept.', false);
        const existing = mapOf(await standingsRepo.entries(trx, periodId));
        const reported = byPlayer(rows);
        const synced = [...existing.values()].filter((row) => row.source === 'sync');
        if (reported.size === 0 && synced.length > 0) {
          throw new WagerSourceError(`The partner listed no players although the standings have ${synced.length}; they are kept.`, true);
        }
        const writes = [...reported.values()].filter((row) => {
          const before = existing.get(row.username_key);
          if (before && before.source !== 'sync') return false;
          return !before || before.amount_cents !== row.amount_cents || before.username !== row.username;
        });
        const removals = synced.filter((row) => !reported.has(row.username_key));
        return apply(trx, period, writes, 'sync', removals, existing);
      });
      return afterWrite(changes);
    },

    /** Staff entries and CSV imports: each player's wager is set as given and no sync overwrites it. */
    async setEntries(periodId: number, rows: PlayerWager[], source: 'manual' | 'import') {
      const changes = await db.transaction().execute(async (trx) => {
        const period = await lock(trx, periodId);
        const existing = mapOf(await standingsRepo.entries(trx, periodId));
        return apply(trx, period, [...byPlayer(rows).values()], source, [], existing);
      });
      return afterWrite(changes);
    },

    async deleteEntry(periodId: number, entryId: number) {
      await db.transaction().execute(async (trx) => {
        const period = await lock(trx, periodId);
        const entry = await standingsRepo.findEntry(trx, periodId, entryId);
        if (!entry) throw notFound(STANDINGS_MESSAGES.entryNotFound);
        await apply(trx, period, [], 'manual', [entry], mapOf([entry]));
      });
      await deps.changed();
    },

    /** A deleted leaderboard's wagers leave the daily totals too, so VIP progress never counts a board that is gone. */
    async forgetLeaderboard(trx: Transaction<DB>, leaderboardId: number, platformId: number) {
      const byDay = new Map<string, Map<string, number>>();
      for (const entry of await standingsRepo.entriesOfLeaderboard(trx, leaderboardId)) {
        const day = byDay.get(dayFor(entry.ends_at)) ?? new Map<string, number>();
        day.set(entry.username_key, (day.get(entry.username_key) ?? 0) - entry.amount_cents);
        byDay.set(dayFor(entry.ends_at), day);
      }
      for (const [day, totals] of byDay) {
        await standingsRepo.addDaily(trx, platformId, day, [...totals].map(([username_key, delta_cents]) => ({ username_key, delta_cents })));
      }
    },

    /** Staff's view of a period's players, 50 a page, with their real ranks (also when searching). */
    async page(periodId: number, search: string, page: number): Promise<{ entries: AdminEntry[]; total: number }> {
      if (!(await leaderboardsRepo.findPeriod(db, periodId))) throw notFound(STANDINGS_MESSAGES.periodNotFound);
      const { rows, total } = await standingsRepo.page(db, periodId, search, ENTRIES_PER_PAGE, (page - 1) * ENTRIES_PER_PAGE);
      const entries = await Promise.all(
        rows.map(async (row, index) => ({
          id: row.id,
          rank: search ? await standingsRepo.rankOf(db, periodId, { amount_cents: row.amount_cents, username_key: keyOf(row.username) }) : (page - 1) * ENTRIES_PER_PAGE + index + 1,
          username: row.username,
          wagered: row.amount_cents / 100,
          source: row.source,
          updated_at: row.updated_at,
        })),
      );
      return { entries, total };
    },
  };
}

export type StandingsService = ReturnType<typeof createStandingsService>;
