import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { PROFILE_ACTIVITY_ITEMS } from '../../../common/limits';
import type { Prediction, predictionInputSchema } from '../../../common/contracts/bonus-hunts';
import type { DB } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { ProfileActivitySource } from '../profiles/profiles.service';
import { bonusHuntsRepo as repo } from './bonus-hunts.repo';
import { HUNT_NOT_FOUND, slotNameKey } from './bonus-hunts.service';
import { listHuntGames, type AvatarOf } from './games.repo';
import type { HuntEvents } from './hunt-events';
import { dollars, toPrediction } from './hunt-views';

export const PREDICTION_MESSAGES = {
  notFound: HUNT_NOT_FOUND,
  finished: 'This bonus hunt has finished; predictions are closed.',
  closed: 'Predictions are closed for this hunt.',
  notASlot: "Choose one of this hunt's slots.",
  duplicate: 'You have already submitted a prediction for this hunt.',
  submitted: 'Prediction submitted!',
} as const;

/** The parsed body of a prediction (numbers already checked: positive, two decimals at most). */
type ParsedPrediction = z.output<typeof predictionInputSchema>;

/**
 * Members' predictions (spec 1 §4, §5): one per member per hunt, only while the hunt runs and takes
 * predictions, on a game that is one of its slots. The unique (hunt, member) row decides between parallel
 * submissions; the achievement count moves in the same transaction.
 */
export function createPredictionsService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  avatarOf: AvatarOf;
  huntEvents: HuntEvents;
  achievements: AchievementsService;
}) {
  const { db, now, avatarOf, huntEvents, achievements } = deps;

  const activity: ProfileActivitySource = {
    counts: async (userId) => ({ bonus_hunt_predictions: await repo.predictionsCountBy(db, userId) }),
    recent: async (userId) => ({
      bonus_hunt_predictions: (await repo.recentPredictionsBy(db, userId, PROFILE_ACTIVITY_ITEMS)).map((row) => ({
        id: row.id,
        created_at: row.created_at,
        predicted_end_balance: dollars(row.end_balance_cents),
        predicted_highest_multiplier: Number(row.highest_multiplier_centi) / 100,
        predicted_game: row.game_name,
        bonus_hunt: { is_completed: row.is_active === 0, end_balance: row.hunt_end_balance_cents === null ? null : dollars(row.hunt_end_balance_cents) },
      })),
    }),
  };

  return {
    activity,

    async predict(member: { id: number }, huntId: number, input: ParsedPrediction): Promise<Prediction> {
      const hunt = await repo.find(db, huntId);
      if (!hunt) throw notFound(PREDICTION_MESSAGES.notFound);
      if (hunt.is_active !== 1) throw conflict(PREDICTION_MESSAGES.finished);
      if (hunt.predictions_active !== 1) throw conflict(PREDICTION_MESSAGES.closed);
      const wanted = slotNameKey(input.highest_multiplier_game);
      const game = (await listHuntGames(db, [huntId], avatarOf)).get(huntId)?.find((candidate) => slotNameKey(candidate.slot_name) === wanted);
      if (!game) throw unprocessable(PREDICTION_MESSAGES.notASlot, { highest_multiplier_game: [PREDICTION_MESSAGES.notASlot] });

      const id = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertPrediction(trx, {
          hunt_id: huntId,
          user_id: member.id,
          end_balance_cents: Math.round(input.end_balance * 100),
          highest_multiplier_centi: Math.round(input.highest_multiplier * 100),
          game_slot_id: game.slot_id,
          game_name: game.slot_name,
          created_at: now().toISOString(),
        });
        if (!inserted) throw conflict(PREDICTION_MESSAGES.duplicate);
        await achievements.progress(trx, member.id, 'bonus_hunt_predictions', await repo.predictionsCountBy(trx, member.id));
        // Checked again here, last: predictions may have closed (or the hunt finished) since the check above.
        if (!(await repo.admitPrediction(trx, huntId))) {
          const current = await repo.find(trx, huntId);
          throw conflict(current?.is_active === 1 ? PREDICTION_MESSAGES.closed : PREDICTION_MESSAGES.finished);
        }
        return inserted.id;
      });
      huntEvents.changed(huntId);
      return toPrediction(await repo.findPrediction(db, id), avatarOf, now());
    },
  };
}

export type PredictionsService = ReturnType<typeof createPredictionsService>;
