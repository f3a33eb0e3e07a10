import type { Kysely } from 'kysely';
import type { DailyBonusStatus, EarningRules } from '../../../common/contracts/earning';
import { formatPoints } from '../../../common/format';
import { dayIn, shiftDay, startOfDay } from '../../../common/time-zone';
import { isUniqueViolation } from '../../db/errors';
import type { DB, Executor } from '../../db/types';
import { conflict, forbidden } from '../../platform/errors';
import type { EarningRulesService } from './earning-rules.service';
import type { EarningService } from './earning.service';
import { earningRepo } from './earning.repo';

export const DAILY_BONUS_MESSAGES = {
  alreadyClaimed: "You already claimed today's bonus. Come back tomorrow!",
  disabled: 'The daily bonus is switched off right now.',
};

/** Day 1 pays the base; each further day in a row adds the step, up to the maximum. */
export const dailyReward = (rules: EarningRules['daily_bonus'], streak: number) =>
  Math.min(rules.points + (streak - 1) * rules.streak_step, Math.max(rules.max_points, rules.points));

/**
 * Once per site day (the rules' time zone), with a streak for consecutive days. The claim row's
 * primary key (member, day) is the guard: of parallel claims exactly one inserts, the rest get 409.
 */
export function createDailyBonusService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  rules: EarningRulesService;
  earning: EarningService;
}) {
  async function statusIn(db: Executor, rules: EarningRules, userId: number): Promise<DailyBonusStatus> {
    const today = dayIn(rules.time_zone, deps.now());
    const claimed = await earningRepo.dailyClaim(db, userId, today);
    const tomorrow = startOfDay(rules.time_zone, shiftDay(today, 1)).toISOString();
    if (claimed) {
      return {
        enabled: rules.daily_bonus.enabled,
        claimed_today: true,
        streak: claimed.streak,
        next_reward: dailyReward(rules.daily_bonus, claimed.streak + 1),
        next_claim_at: tomorrow,
      };
    }
    const yesterday = await earningRepo.dailyClaim(db, userId, shiftDay(today, -1));
    const streak = yesterday ? yesterday.streak + 1 : 1;
    return {
      enabled: rules.daily_bonus.enabled,
      claimed_today: false,
      streak,
      next_reward: dailyReward(rules.daily_bonus, streak),
      next_claim_at: deps.now().toISOString(),
    };
  }

  return {
    async status(userId: number) {
      return statusIn(deps.db, await deps.rules.get(), userId);
    },

    async claim(userId: number) {
      const rules = await deps.rules.get();
      if (!rules.daily_bonus.enabled) throw forbidden(DAILY_BONUS_MESSAGES.disabled);
      try {
        return await deps.db.transaction().execute(async (trx) => {
          const before = await statusIn(trx, rules, userId);
          if (before.claimed_today) throw conflict(DAILY_BONUS_MESSAGES.alreadyClaimed);
          const day = dayIn(rules.time_zone, deps.now());
          const reward = before.next_reward;
          await earningRepo.insertDailyClaim(trx, { user_id: userId, day, streak: before.streak, points: reward, created_at: deps.now().toISOString() });
          const earned = await deps.earning.credit(trx, rules, {
            userId,
            base: { points: reward, xp: rules.daily_bonus.xp },
            reason: 'daily_bonus',
            reference: `daily_bonus:${day}`,
            note: before.streak > 1 ? `Daily bonus, day ${before.streak} in a row` : 'Daily bonus',
            capped: false,
            multiplied: false,
          });
          const streakText = before.streak > 1 ? ` (${before.streak}-day streak)` : '';
          return {
            message: `Daily bonus claimed: +${formatPoints(earned.points)} points${streakText}.`,
            points_awarded: earned.points,
            xp_awarded: earned.xp,
            balance: earned.balance,
            data: await statusIn(trx, rules, userId),
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(DAILY_BONUS_MESSAGES.alreadyClaimed);
        throw error;
      }
    },
  };
}

export type DailyBonusService = ReturnType<typeof createDailyBonusService>;
