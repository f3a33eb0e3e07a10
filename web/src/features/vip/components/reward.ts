import type { VipHistoryItem, VipTier } from '@common/contracts/vip';
import { formatDate, formatPoints, formatUsdWhole } from '@common/format';

/** Spec 2 §2: cash in USD, points as '{n} points'; another reward is described by its tier (decision 015). */
export const rewardText = (reward: Pick<VipTier, 'reward_type' | 'reward_amount'>) =>
  reward.reward_type === 'cash' ? formatUsdWhole(reward.reward_amount) : reward.reward_type === 'points' ? `${formatPoints(reward.reward_amount)} points` : 'Special reward';

/** Spec 2 §9: 1,000 points count as a dollar, cash 1:1, other rewards not at all; rejected claims were never given. */
export const totalClaimed = (history: VipHistoryItem[]) =>
  history.reduce((sum, item) => {
    if (item.status === 'rejected') return sum;
    if (item.reward_type === 'points') return sum + item.reward_amount / 1000;
    if (item.reward_type === 'cash') return sum + item.reward_amount;
    return sum;
  }, 0);

/** 'Nov 1, 2026' for a YYYY-MM-DD day. */
export const dayText = (day: string) => formatDate(`${day}T00:00:00.000Z`);
