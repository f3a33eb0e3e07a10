import type { Kysely } from 'kysely';
import type { AdminSource } from '../../../common/contracts/leaderboards';
import { sourceInputSchema, type SourceInput, type SourceTestResult } from '../../../common/contracts/wager-sources';
import { countOf, formatCount } from '../../../common/format';
import { BOARD_PLAYERS_MAX } from '../../../common/leaderboards';
import type { DB, WagerSourceRow } from '../../db/types';
import { createWagerAdapter, WagerSourceError, type PartnerNetwork, type SourceSettings, type WagerRow, type WagerWindow } from '../../integrations/wager-sources';
import { notFound, unprocessable } from '../../platform/errors';
import { leaderboardsRepo } from './leaderboards.repo';
import { sourcesRepo, toAdminSource } from './sources.repo';
import type { PlayerWager, StandingsService } from './standings.service';

/** Tries per sync: the first, then two more for transient failures, waiting base, then 2 × base. */
const ATTEMPTS = 3;
/** Failing sources wait longer each time, up to an hour (or their own interval, if longer). */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const TEST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long the job waits for the syncs it started before it moves on (to the period roll-over, and its next tick).
 * A partner that hangs until its timeout, three times, goes on syncing on its own and records its outcome when done;
 * it no longer holds every other source and the roll-over for minutes.
 */
const TICK_WAIT_MS = 10_000;
export const SOURCE_KEY_MISSING = "Enter the partner's API key.";

export interface SyncLog {
  warn(details: object, message: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The saved row as adapter settings, checked again by the same schema as the admin form. */
function settingsOf(row: Pick<WagerSourceRow, 'kind' | 'options' | 'base_url' | 'rank_on' | 'secret'>): SourceSettings {
  let options: unknown = {};
  try {
    options = JSON.parse(row.options);
  } catch {
    // Refused by the schema below with a message staff can act on.
  }
  const parsed = sourceInputSchema.safeParse({ kind: row.kind, options, base_url: row.base_url, rank_on: row.rank_on });
  if (!parsed.success) throw new WagerSourceError(`The saved settings are incomplete (${parsed.error.issues[0].message}); open the source and save it again.`, false);
  return { ...parsed.data, secret: row.secret ?? '' } as SourceSettings;
}

const toPlayers = (rows: WagerRow[], rankOn: 'wagered' | 'weighted'): PlayerWager[] =>
  rows.map((row) => ({ username: row.username, cents: Math.round((rankOn === 'weighted' ? (row.weighted ?? row.wagered) : row.wagered) * 100) }));

/**
 * A signal that aborts after `ms`, or as soon as `outer` does; `release` once the attempt is over. Not
 * AbortSignal.any([AbortSignal.timeout(ms), outer]): on Node 20 a garbage collection can drop that timeout while
 * the request waits, and a partner that never answers then holds its sync for good.
 */
function abortAfter(ms: number, outer: AbortSignal) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time.', 'TimeoutError')), ms);
  const forward = () => controller.abort(outer.reason);
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      outer.removeEventListener('abort', forward);
    },
  };
}

/**
 * Wager sources (docs/decisions/014-leaderboards.md): each enabled source is synced on its own interval
 * by whichever instance claims it first, side by side with the others, with a timeout per attempt, retries with back-off for transient
 * failures, and errors inside HTTP 200 detected by the adapters. A failed sync keeps the last good
 * standings and leaves its error for staff; the next try waits longer after each failure.
 */
export function createWagerSyncService(deps: { db: Kysely<DB>; now: () => Date; standings: StandingsService; retryBaseMs: number; log: SyncLog; network: PartnerNetwork }) {
  const { db, now } = deps;
  const running = new Map<number, Promise<AdminSource>>();
  // Stops the fetches still under way when the app closes: a hanging partner must not hold the shutdown.
  const stopping = new AbortController();
  // Syncs fetch side by side but write one at a time: two boards of one platform share their daily wager rows, and
  // on PostgreSQL two such writes at once could deadlock on them.
  let writing: Promise<unknown> = Promise.resolve();
  const oneWriteAtATime = <T>(write: () => Promise<T>): Promise<T> => {
    const next = writing.then(write, write);
    writing = next.catch(() => undefined);
    return next;
  };

  async function fetchWithRetries(settings: SourceSettings, window: WagerWindow, timeoutSec: number, attempts: number): Promise<WagerRow[]> {
    for (let attempt = 1; ; attempt++) {
      const deadline = abortAfter(timeoutSec * 1000, stopping.signal);
      try {
        const rows = await createWagerAdapter(settings, deps.network).fetch(window, deadline.signal);
        // As many players as an import may bring: a list beyond it is a fault, not a board (the sync and "Test
        // connection" say so alike).
        if (rows.length > BOARD_PLAYERS_MAX) {
          throw new WagerSourceError(`The partner listed ${formatCount(rows.length)} players, more than the ${formatCount(BOARD_PLAYERS_MAX)} a board takes; the standings are kept.`, false);
        }
        return rows;
      } catch (error) {
        const retry = error instanceof WagerSourceError && error.transient && attempt < attempts;
        if (!retry || stopping.signal.aborted) throw error;
      } finally {
        deadline.release();
      }
      await sleep(deps.retryBaseMs * 2 ** (attempt - 1));
    }
  }

  /** One sync of a claimed source into its running period; records the outcome on the source. */
  async function run(source: WagerSourceRow, period: { id: number; starts_at: string; ends_at: string }) {
    const started = now();
    const window = { start: new Date(period.starts_at), end: new Date(Math.min(started.getTime(), Date.parse(period.ends_at))) };
    try {
      if (window.end <= window.start) return toAdminSource(source);
      const rows = await fetchWithRetries(settingsOf(source), window, source.timeout_sec, ATTEMPTS);
      return await oneWriteAtATime(async () => {
        await deps.standings.replaceSynced(period.id, toPlayers(rows, source.rank_on));
        return toAdminSource(
          await sourcesRepo.update(db, source.id, { last_success_at: started.toISOString(), last_error: null, consecutive_failures: 0, last_row_count: rows.length }),
        );
      });
    } catch (error) {
      // Closing: nothing is recorded, and the source is due again when an instance starts.
      if (stopping.signal.aborted) return toAdminSource(source);
      const message = error instanceof WagerSourceError ? error.message : 'The sync failed on our side; see the server log.';
      if (!(error instanceof WagerSourceError)) deps.log.warn({ err: error, source: source.id }, 'wager sync failed');
      const failures = source.consecutive_failures + 1;
      const wait = Math.min(source.interval_sec * 1000 * 2 ** (failures - 1), Math.max(MAX_BACKOFF_MS, source.interval_sec * 1000));
      return toAdminSource(
        await sourcesRepo.update(db, source.id, {
          last_error: message,
          last_error_at: now().toISOString(),
          consecutive_failures: failures,
          next_sync_at: new Date(started.getTime() + wait).toISOString(),
        }),
      );
    }
  }

  /** Claims the source for this instance and starts its sync; null when it is running here already or another instance claimed it. */
  async function claimAndStart(source: WagerSourceRow & { period_id: number; starts_at: string; ends_at: string }, force: boolean) {
    if (running.has(source.id)) return null;
    const at = now();
    const next = new Date(at.getTime() + source.interval_sec * 1000).toISOString();
    const ended = source.ends_at <= at.toISOString() ? source.ends_at : null;
    const claimed = force ? await sourcesRepo.update(db, source.id, { next_sync_at: next, last_attempt_at: at.toISOString() }) : await sourcesRepo.claim(db, source.id, at.toISOString(), next, ended);
    if (!claimed || running.has(source.id)) return null;
    const done = run(claimed, { id: source.period_id, starts_at: source.starts_at, ends_at: source.ends_at }).finally(() => running.delete(source.id));
    running.set(source.id, done);
    // In an object: an async function returning the promise itself would wait for the whole sync.
    return { done };
  }

  async function requireLeaderboard(leaderboardId: number) {
    const leaderboard = await leaderboardsRepo.findLeaderboard(db, leaderboardId);
    if (!leaderboard) throw notFound('Leaderboard not found.');
    return leaderboard;
  }

  return {
    /** Starts every enabled source that is due, side by side, and waits for them at most TICK_WAIT_MS. */
    async syncDue() {
      const started: Promise<AdminSource>[] = [];
      for (const source of await sourcesRepo.enabledWithPeriods(db)) {
        const sync = await claimAndStart(source, false);
        if (sync) started.push(sync.done);
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(started), new Promise((resolve) => (timer = setTimeout(resolve, TICK_WAIT_MS)))]);
      clearTimeout(timer);
      return { synced: started.length };
    },

    /** The app is closing: fetches under way stop, and their syncs end without recording anything. */
    async stop() {
      stopping.abort();
      await Promise.allSettled(running.values());
    },

    /** Staff's "Sync now": runs at once, whatever the schedule. */
    async syncNow(leaderboardId: number): Promise<AdminSource> {
      await requireLeaderboard(leaderboardId);
      const source = (await sourcesRepo.enabledWithPeriods(db)).find((row) => row.leaderboard_id === leaderboardId);
      if (!source) throw unprocessable('Enable the source first; the leaderboard also needs a running period.');
      const sync = await claimAndStart(source, true);
      if (!sync) throw unprocessable('A sync of this source is already running. Try again in a moment.');
      return sync.done;
    },

    /** Creates or replaces the leaderboard's source; a new key replaces the saved one, no key keeps it. */
    async save(leaderboardId: number, input: SourceInput): Promise<AdminSource> {
      await requireLeaderboard(leaderboardId);
      const existing = await sourcesRepo.ofLeaderboard(db, leaderboardId);
      // A partner's API answers nobody without its key; a generic JSON API may be open (its URL carries {secret} when not).
      if (input.kind !== 'generic' && !input.secret && !existing?.secret) throw unprocessable(SOURCE_KEY_MISSING, { secret: [SOURCE_KEY_MISSING] });
      const at = now().toISOString();
      const fields = {
        kind: input.kind,
        is_enabled: input.is_enabled ? 1 : 0,
        interval_sec: input.interval_sec,
        timeout_sec: input.timeout_sec,
        rank_on: input.rank_on,
        base_url: input.base_url,
        secret: input.secret ? input.secret : (existing?.secret ?? null),
        options: JSON.stringify(input.options),
        // A changed source is synced on the next tick.
        next_sync_at: at,
        updated_at: at,
      };
      const row = existing
        ? await sourcesRepo.update(db, existing.id, { ...fields, consecutive_failures: 0 })
        : await sourcesRepo.insert(db, { ...fields, leaderboard_id: leaderboardId, created_at: at });
      return toAdminSource(row);
    },

    async remove(leaderboardId: number) {
      const removed = await sourcesRepo.remove(db, leaderboardId);
      if (Number(removed.numDeletedRows) === 0) throw notFound('This leaderboard has no source.');
    },

    /** "Test connection": one attempt with the form's settings (the saved key when none is typed); nothing is written. */
    async test(leaderboardId: number, input: SourceInput): Promise<SourceTestResult> {
      await requireLeaderboard(leaderboardId);
      const saved = await sourcesRepo.ofLeaderboard(db, leaderboardId);
      const period = await leaderboardsRepo.currentPeriodOf(db, leaderboardId);
      const at = now();
      const window =
        period && Date.parse(period.starts_at) < at.getTime()
          ? { start: new Date(period.starts_at), end: new Date(Math.min(at.getTime(), Date.parse(period.ends_at))) }
          : { start: new Date(at.getTime() - TEST_WINDOW_MS), end: at };
      const settings = { ...input, secret: input.secret || saved?.secret || '' } as SourceSettings;
      const started = Date.now();
      try {
        const rows = await fetchWithRetries(settings, window, input.timeout_sec, 1);
        const players = toPlayers(rows, input.rank_on).sort((a, b) => b.cents - a.cents);
        return {
          ok: true,
          message: `Connected: ${countOf(players.length, 'player')} with wagers since ${window.start.toISOString().slice(0, 10)}.`,
          rows: players.length,
          duration_ms: Date.now() - started,
          sample: players.slice(0, 5).map((player) => ({ username: player.username, wagered: player.cents / 100 })),
        };
      } catch (error) {
        if (!(error instanceof WagerSourceError)) throw error;
        return { ok: false, message: error.message, rows: 0, duration_ms: Date.now() - started, sample: [] };
      }
    },
  };
}

export type WagerSyncService = ReturnType<typeof createWagerSyncService>;
