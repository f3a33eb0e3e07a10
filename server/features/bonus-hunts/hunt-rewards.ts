import type { Transaction } from 'kysely';
import { rankPredictions, type HuntFigures } from '../../../common/bonus-hunts';
import { formatCount } from '../../../common/format';
import type { BonusHuntRow, DB } from '../../db/types';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { dollars } from './hunt-views';
import { HUNT_REWARD_REASON, huntsAdminRepo, REWARD_CATEGORIES, rewardReference, type RewardCategory } from './hunts-admin.repo';

const CATEGORY_WORDS: Record<RewardCategory, string> = {
  end_balance: 'end balance',
  highest_multiplier: 'highest multiplier',
  highest_multiplier_game: 'highest multiplier game',
};

export const huntName = (hunt: Pick<BonusHuntRow, 'id' | 'title'>) => hunt.title || `Bonus hunt #${hunt.id}`;

/**
 * Pays a finished hunt's rewards inside the transaction that finishes it: each kind with a reward goes to every
 * prediction ranked first (ties share the first place, so each of them is paid), through the points ledger,
 * with a notification. Answers how many payments were made.
 */
export async function payHuntRewards(
  trx: Transaction<DB>,
  deps: { points: PointsService; notifications: NotificationsService; hunt: BonusHuntRow; rewards: Record<RewardCategory, number>; figures: HuntFigures },
): Promise<number> {
  const { hunt, rewards, figures } = deps;
  if (REWARD_CATEGORIES.every((category) => rewards[category] <= 0)) return 0;
  const predictions = await huntsAdminRepo.predictions(trx, hunt.id);
  const rankings = rankPredictions(
    predictions.map((row) => ({
      user: { id: row.user_id, username: row.username },
      end_balance: dollars(row.end_balance_cents),
      highest_multiplier: Number(row.highest_multiplier_centi) / 100,
      highest_multiplier_game: row.game_name,
      created_at: row.created_at,
    })),
    { total_wins: figures.winnings, highest_multiplier: figures.highest_multiplier, highest_multiplier_game: figures.highest_multiplier_game },
  );
  let payments = 0;
  for (const category of REWARD_CATEGORIES) {
    const points = rewards[category];
    if (points <= 0) continue;
    const words = CATEGORY_WORDS[category];
    for (const winner of rankings[category].filter((entry) => entry.rank === 1)) {
      await deps.points.change(trx, {
        userId: winner.user.id,
        delta: points,
        reason: HUNT_REWARD_REASON,
        reference: rewardReference(hunt.id, category),
        note: `Closest ${words} prediction, ${huntName(hunt)}`,
      });
      await deps.notifications.notify(trx, winner.user.id, {
        type: 'bonus_hunt_reward',
        message: `Your ${words} prediction for ${huntName(hunt)} was the closest: ${formatCount(points)} points are yours.`,
        link: '/bonus-hunts',
      });
      payments++;
    }
  }
  return payments;
}
