import type { AdminPlatform } from '@common/contracts/leaderboards';
import type { AdminVipTier } from '@common/contracts/vip';
import { formatAmount } from '@common/leaderboards';
import { formatPoints, formatUsd } from '@common/format';

/** Staff see a cash reward to the cent (members see whole dollars); points as '{n} points'; another reward as 'Special reward'. */
export const adminRewardText = (reward: Pick<AdminVipTier, 'reward_type' | 'reward_amount'>) =>
  reward.reward_type === 'cash' ? formatUsd(reward.reward_amount) : reward.reward_type === 'points' ? `${formatPoints(reward.reward_amount)} points` : 'Special reward';

/** A wagered amount the way its platform counts it: its currency symbol, or XP. */
export const wageredText = (amount: number, platform: Pick<AdminPlatform, 'amount_format' | 'currency_symbol'> | undefined) =>
  formatAmount(amount, platform?.amount_format ?? 'currency', platform?.currency_symbol ?? '$');
