import { huntFigures, huntTimeAgo, rankPredictions } from '../../../common/bonus-hunts';
import type { BonusHunt, ClosestPredictions, HuntGame, HuntStatistics, OverlayHunt, Prediction } from '../../../common/contracts/bonus-hunts';
import type { BonusHuntRow } from '../../db/types';
import type { PredictionWithAuthor } from './bonus-hunts.repo';
import { toHuntMember, type AvatarOf } from './games.repo';

/* Rows to the shapes of spec 1 §3 and spec 2 §3: cents become dollars, hundredths of an x become x. */

/** How many of the newest predictions the hunt carries (spec 1 §3 top_predictions). */
export const TOP_PREDICTIONS = 10;
/** Entries per closest-prediction card (spec 1 §9). */
export const CLOSEST_SHOWN = 3;

export const dollars = (cents: number | string | bigint) => Number(cents) / 100;

export function toPrediction(row: PredictionWithAuthor, avatarOf: AvatarOf, now: Date): Prediction {
  return {
    id: row.id,
    user: toHuntMember({ id: row.user_id, username: row.username, kick_username: row.kick_username, discord_id: row.discord_id, avatar: row.avatar }, avatarOf),
    end_balance: dollars(row.end_balance_cents),
    highest_multiplier: Number(row.highest_multiplier_centi) / 100,
    highest_multiplier_game: row.game_name,
    created_at: row.created_at,
    created_at_human: huntTimeAgo(row.created_at, now),
  };
}

export function huntStatistics(hunt: BonusHuntRow, games: readonly HuntGame[]): HuntStatistics {
  const start = dollars(hunt.start_balance_cents);
  return { starting_balance: start, ...huntFigures(start, games) };
}

/** The closest predictions of each kind against what the hunt has paid so far (final once it is finished). */
export function closestPredictions(predictions: readonly Prediction[], statistics: HuntStatistics): ClosestPredictions {
  const actual_values = {
    total_wins: statistics.winnings,
    highest_multiplier: statistics.highest_multiplier,
    highest_multiplier_game: statistics.highest_multiplier_game,
  };
  const ranked = rankPredictions(predictions, actual_values);
  return {
    end_balance: ranked.end_balance.slice(0, CLOSEST_SHOWN),
    highest_multiplier: ranked.highest_multiplier.slice(0, CLOSEST_SHOWN),
    highest_multiplier_game: ranked.highest_multiplier_game.slice(0, CLOSEST_SHOWN),
    actual_values,
  };
}

/** Everything about a hunt that is the same for every viewer (all but user_prediction). */
export type SharedHunt = Omit<BonusHunt, 'user_prediction'>;

export function toSharedHunt(hunt: BonusHuntRow, games: HuntGame[], predictions: readonly Prediction[], now: Date): SharedHunt {
  const statistics = huntStatistics(hunt, games);
  return {
    id: hunt.id,
    title: hunt.title,
    start_balance: dollars(hunt.start_balance_cents),
    end_balance: hunt.end_balance_cents === null ? null : dollars(hunt.end_balance_cents),
    is_active: hunt.is_active === 1,
    predictions_active: hunt.predictions_active === 1,
    created_at: hunt.created_at,
    created_at_human: huntTimeAgo(hunt.created_at, now),
    games,
    statistics,
    top_predictions: predictions.slice(0, TOP_PREDICTIONS),
    predictions_count: predictions.length,
    closest_predictions: closestPredictions(predictions, statistics),
    rewards: { end_balance: hunt.reward_end_balance, highest_multiplier: hunt.reward_multiplier, highest_multiplier_game: hunt.reward_game },
  };
}

/** Spec 2 §3 Overlay bonus hunt: only what the stream shows. */
export function toOverlayHunt(hunt: BonusHuntRow, games: readonly HuntGame[]): OverlayHunt {
  const statistics = huntStatistics(hunt, games);
  return {
    id: hunt.id,
    start_balance: statistics.starting_balance,
    games: games.map(({ id, slot_name, slot_provider, slot_image, slot_bet, slot_win, pending_win, opened }) => ({
      id,
      slot_name,
      slot_provider,
      slot_image,
      slot_bet,
      slot_win,
      pending_win,
      opened,
    })),
    statistics: {
      total_wins: statistics.winnings,
      average_x: statistics.average_multiplier,
      break_even_x: statistics.break_even_multiplier,
      completed_games: statistics.completed_games,
      total_games: statistics.total_games,
      highest_multiplier: statistics.highest_multiplier,
      highest_multiplier_game: statistics.highest_multiplier_game,
      biggest_win: statistics.biggest_win,
      biggest_win_game: statistics.biggest_win_game,
    },
  };
}
