import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/types';
import { slotNameKey } from './bonus-hunts.service';

/*
 * For the member-side tests of bonus hunts: hunts, games and predictions written straight into the database
 * (the staff API has tests of its own), then announced with the same change event the staff API sends.
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

export async function createHunt(db: Executor, spec: HuntSpec): Promise<{ id: number; gameIds: number[] }> {
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
  return { id: hunt.id, gameIds };
}

export async function addPrediction(
  db: Executor,
  huntId: number,
  userId: number,
  prediction: { end_balance: number; highest_multiplier: number; game: string; created_at?: string },
): Promise<number> {
  const row = await db
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
  return row.id;
}

/** Enters (or clears, with null) the win of a game. */
export async function setWin(db: Executor, gameId: number, win: number | null, pending = false) {
  await db
    .updateTable('bonus_hunt_games')
    .set({ win_cents: win === null ? null : cents(win), pending_win: pending ? 1 : 0, opened_at: win === null ? null : stamp() })
    .where('id', '=', gameId)
    .execute();
}

export const finishHunt = (db: Executor, huntId: number, at = stamp()) =>
  db.updateTable('bonus_hunts').set({ is_active: 0, predictions_active: 0, finished_at: at }).where('id', '=', huntId).execute();

/** Any running hunt ends, so that a test can start one of its own (one runs at a time). */
export const finishRunningHunts = (db: Executor) => db.updateTable('bonus_hunts').set({ is_active: 0, predictions_active: 0, finished_at: stamp() }).where('is_active', '=', 1).execute();

/** What the staff API does after every committed change: tells readers and streams that the hunt changed. */
export const announce = (app: FastifyInstance, huntId: number) => app.services.huntEvents.changed(huntId);
