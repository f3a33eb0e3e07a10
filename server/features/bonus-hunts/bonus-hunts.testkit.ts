import type { Executor } from '../../db/types';
import type { TestApp } from '../../test/app';
import { slotNameKey } from './bonus-hunts.service';

/*
 * For the member-side tests of bonus hunts: hunts, games and predictions written straight into the database
 * (the staff API has tests of its own), each change then announced with the event the staff API sends after
 * a commit, so that cached reads and live streams learn of it as they would in production.
 */

export interface GameSpec {
  slot: string;
  provider?: string;
  bet: number;
  /** Dollars; absent or null while the bonus is not opened. */
  win?: number | null;
  pending?: boolean;
  opened_at?: string;
  assigned_user_id?: number;
}

export interface HuntSpec {
  start_balance: number;
  games?: GameSpec[];
  /** A finished hunt gets is_active 0, this finish time and its wins as end balance. */
  finished_at?: string;
  predictions_active?: boolean;
  created_at?: string;
  title?: string;
  rewards?: { end_balance?: number; highest_multiplier?: number; highest_multiplier_game?: number };
}

const cents = (dollars: number) => Math.round(dollars * 100);
const stamp = () => new Date().toISOString();

/** The catalogue entry of a slot name, made on first use. */
export async function slotId(db: Executor, name: string, provider = 'Test Gaming'): Promise<number> {
  const existing = await db.selectFrom('slots').select('id').where('name_key', '=', slotNameKey(name)).executeTakeFirst();
  if (existing) return existing.id;
  const at = stamp();
  const row = await db.insertInto('slots').values({ name, name_key: slotNameKey(name), provider, image: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function addGame(db: Executor, huntId: number, position: number, game: GameSpec): Promise<number> {
  const opened = game.win !== undefined && game.win !== null;
  const row = await db
    .insertInto('bonus_hunt_games')
    .values({
      hunt_id: huntId,
      slot_id: await slotId(db, game.slot, game.provider),
      position,
      bet_cents: cents(game.bet),
      win_cents: opened ? cents(game.win!) : null,
      pending_win: game.pending ? 1 : 0,
      assigned_user_id: game.assigned_user_id ?? null,
      opened_at: opened ? (game.opened_at ?? stamp()) : null,
      created_at: stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createHunt(t: TestApp, spec: HuntSpec): Promise<{ id: number; gameIds: number[] }> {
  const { db } = t.database;
  const finished = spec.finished_at !== undefined;
  const wins = (spec.games ?? []).reduce((sum, game) => sum + (game.pending ? 0 : cents(game.win ?? 0)), 0);
  const hunt = await db
    .insertInto('bonus_hunts')
    .values({
      title: spec.title ?? '',
      start_balance_cents: cents(spec.start_balance),
      end_balance_cents: finished ? wins : null,
      is_active: finished ? 0 : 1,
      predictions_active: spec.predictions_active ? 1 : 0,
      reward_end_balance: spec.rewards?.end_balance ?? 0,
      reward_multiplier: spec.rewards?.highest_multiplier ?? 0,
      reward_game: spec.rewards?.highest_multiplier_game ?? 0,
      created_by: null,
      created_at: spec.created_at ?? stamp(),
      updated_at: stamp(),
      finished_at: spec.finished_at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gameIds: number[] = [];
  for (const [index, game] of (spec.games ?? []).entries()) gameIds.push(await addGame(db, hunt.id, index + 1, game));
  await announce(t, hunt.id);
  return { id: hunt.id, gameIds };
}

export async function addPrediction(
  t: TestApp,
  huntId: number,
  userId: number,
  prediction: { end_balance: number; highest_multiplier: number; game: string; created_at?: string },
): Promise<number> {
  const row = await t.database.db
    .insertInto('bonus_hunt_predictions')
    .values({
      hunt_id: huntId,
      user_id: userId,
      end_balance_cents: cents(prediction.end_balance),
      highest_multiplier_centi: cents(prediction.highest_multiplier),
      game_slot_id: null,
      game_name: prediction.game,
      created_at: prediction.created_at ?? stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await announce(t, huntId);
  return row.id;
}

/** Enters (or clears, with null) the win of a game. */
export async function setWin(t: TestApp, gameId: number, win: number | null, pending = false) {
  const game = await t.database.db
    .updateTable('bonus_hunt_games')
    .set({ win_cents: win === null ? null : cents(win), pending_win: pending ? 1 : 0, opened_at: win === null ? null : stamp() })
    .where('id', '=', gameId)
    .returning('hunt_id')
    .executeTakeFirstOrThrow();
  await announce(t, game.hunt_id);
}

export async function setPredictionsOpen(t: TestApp, huntId: number, open: boolean) {
  await t.database.db.updateTable('bonus_hunts').set({ predictions_active: open ? 1 : 0 }).where('id', '=', huntId).execute();
  await announce(t, huntId);
}

/** Ends the running hunt, if any (one runs at a time), so that a test can start one of its own. */
export async function finishRunningHunt(t: TestApp) {
  const ended = await t.database.db
    .updateTable('bonus_hunts')
    .set({ is_active: 0, predictions_active: 0, finished_at: stamp() })
    .where('is_active', '=', 1)
    .returning('id')
    .execute();
  for (const { id } of ended) await announce(t, id);
}

/**
 * What the staff API does after every committed change: tells readers and streams that the hunt changed.
 * Resolves once the event is back on this instance (at once in process, a round trip through Redis), when
 * its cached reads have been told: the next read is fresh.
 */
export async function announce(t: Pick<TestApp, 'app'>, huntId: number): Promise<void> {
  const { huntEvents } = t.app.services;
  const delivered = new Promise<void>((resolve) => {
    const stop = huntEvents.listen((event) => {
      if (event.hunt_id !== huntId) return;
      stop();
      resolve();
    });
  });
  huntEvents.changed(huntId);
  await delivered;
}
