import type { Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { gameInputSchema, gameUpdateSchema } from '../../../common/contracts/bonus-hunts-admin';
import type { BonusHuntGamesTable, DB } from '../../db/types';
import { notFound, unprocessable } from '../../platform/errors';
import type { HuntChange } from './hunt-changes';
import { huntsAdminRepo } from './hunts-admin.repo';
import { slotForGame } from './slots-admin.service';

type GameInput = z.infer<typeof gameInputSchema>;
type GameUpdate = z.infer<typeof gameUpdateSchema>;

export const GAME_MESSAGES = {
  notFound: 'That game is not in this hunt.',
  unknownSlot: 'Choose a slot from the catalogue.',
  unknownMember: 'Choose a member who has an account here.',
  order: 'Send every game of this hunt once, in the new order.',
} as const;

const cents = (dollars: number) => Math.round(dollars * 100);

async function checkMember(trx: Transaction<DB>, userId: number | null | undefined) {
  if (userId !== null && userId !== undefined && !(await huntsAdminRepo.memberExists(trx, userId))) {
    throw unprocessable(GAME_MESSAGES.unknownMember, { assigned_user_id: [GAME_MESSAGES.unknownMember] });
  }
}

async function requireGame(trx: Transaction<DB>, huntId: number, gameId: number) {
  const game = await huntsAdminRepo.findGame(trx, huntId, gameId);
  if (!game) throw notFound(GAME_MESSAGES.notFound);
  return game;
}

/** The bonuses of a running hunt: added, opened (a win, or pending), reordered and removed, live on stream. */
export function createHuntGamesAdminService(deps: { change: HuntChange }) {
  const { change } = deps;

  return {
    /** Appends a game: a catalogue slot, or a slot named for the first time, which joins the catalogue. */
    add: (huntId: number, input: GameInput) =>
      change(huntId, async (trx, _hunt, at) => {
        const slotId = await slotForGame(trx, input, at);
        if (slotId === undefined) throw unprocessable(GAME_MESSAGES.unknownSlot, { slot_id: [GAME_MESSAGES.unknownSlot] });
        await checkMember(trx, input.assigned_user_id);
        return huntsAdminRepo.insertGame(trx, {
          hunt_id: huntId,
          slot_id: slotId,
          position: await huntsAdminRepo.nextPosition(trx, huntId),
          bet_cents: cents(input.slot_bet),
          assigned_user_id: input.assigned_user_id,
          created_at: at,
        });
      }),

    /**
     * Changes one game; absent fields stay. A win entered settles the game (it stops being pending unless the
     * change says otherwise) and, while predictions are open, closes them in the same transaction: predictions
     * close before opening starts. Answers whether it closed them.
     */
    update: (huntId: number, gameId: number, input: GameUpdate) =>
      change(huntId, async (trx, hunt, at) => {
        const game = await requireGame(trx, huntId, gameId);
        await checkMember(trx, input.assigned_user_id);
        const row: Updateable<BonusHuntGamesTable> = {};
        if (input.slot_bet !== undefined) row.bet_cents = cents(input.slot_bet);
        if (input.slot_win !== undefined) {
          row.win_cents = input.slot_win === null ? null : cents(input.slot_win);
          row.opened_at = input.slot_win === null ? null : (game.opened_at ?? at);
          if (input.slot_win !== null) row.pending_win = 0;
        }
        if (input.pending_win !== undefined) row.pending_win = input.pending_win ? 1 : 0;
        if (input.assigned_user_id !== undefined) row.assigned_user_id = input.assigned_user_id;
        if (Object.keys(row).length > 0) await huntsAdminRepo.updateGame(trx, gameId, row);
        const closesPredictions = hunt.predictions_active === 1 && input.slot_win !== undefined && input.slot_win !== null;
        if (closesPredictions) await huntsAdminRepo.updateRunning(trx, huntId, { predictions_active: 0 });
        return { closedPredictions: closesPredictions };
      }),

    remove: (huntId: number, gameId: number) =>
      change(huntId, async (trx) => {
        await huntsAdminRepo.deleteGame(trx, huntId, await requireGame(trx, huntId, gameId));
      }),

    /** The new order names every game of the hunt exactly once. */
    reorder: (huntId: number, gameIds: number[]) =>
      change(huntId, async (trx) => {
        const current = new Set(await huntsAdminRepo.gameIds(trx, huntId));
        if (gameIds.length !== current.size || new Set(gameIds).size !== gameIds.length || gameIds.some((id) => !current.has(id))) {
          throw unprocessable(GAME_MESSAGES.order, { game_ids: [GAME_MESSAGES.order] });
        }
        for (const [index, id] of gameIds.entries()) await huntsAdminRepo.setPosition(trx, id, index + 1);
      }),
  };
}

export type HuntGamesAdminService = ReturnType<typeof createHuntGamesAdminService>;
