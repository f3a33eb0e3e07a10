/* Challenge rules shared by the server and the pages (spec 1 §2, §4, §5, §8, §9; decision 021). */

import { formatCount, formatUsd } from './format';

/** Spec 1 §5/§9: at most 5 evidence images, 5 MB each (the upload platform's image limit). */
export const CLAIM_IMAGES_MAX = 5;
export const CLAIM_DESCRIPTION_MAX = 2000;
export const ADMIN_NOTES_MAX = 1000;
export const CHALLENGE_SLOT_NAME_MAX = 100;

/** Spec 1 §5/§8 texts. */
export const CHALLENGE_TEXTS = {
  descriptionRequired: 'Please provide a description of your achievement',
  tooManyImages: 'You can only upload up to 5 images',
  claimed: 'Claim submitted successfully!',
  claimFailed: 'Failed to submit claim',
  loadFailed: 'Failed to load challenges',
  detailsFailed: 'Failed to load challenge details',
  notActive: 'This challenge is not active.',
  notStarted: 'This challenge has not started yet.',
  expired: 'This challenge has expired.',
  alreadyClaimed: 'This challenge has already been claimed.',
  pendingClaim: 'You already have a pending claim for this challenge.',
} as const;

export const PRIZE_TYPES = ['cash', 'points'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** The value spec 1 §3 uses for a challenge whose claim was approved. */
export const CLAIMED_STATUS = 'Claimed';

/** Spec 1 §4: Active when is_active and not expired; 'Claimed' when claimed; otherwise Expired. */
export type ChallengeDisplay = 'active' | 'claimed' | 'expired';
export function challengeDisplay(challenge: { is_active: boolean; is_expired: boolean; status: string }): ChallengeDisplay {
  if (challenge.status === CLAIMED_STATUS) return 'claimed';
  return challenge.is_active && !challenge.is_expired ? 'active' : 'expired';
}

/** Spec 1 §4: Submit Claim shows only when active, not expired and not Claimed. */
export const canSubmitClaim = (challenge: { is_active: boolean; is_expired: boolean; status: string }) => challengeDisplay(challenge) === 'active';

/** The member page's tabs (spec 1 §2) and which display state each lists. */
export const CHALLENGE_TABS = [
  { key: 'active', label: 'Active Challenges' },
  { key: 'completed', label: 'Completed' },
  { key: 'expired', label: 'Expired' },
  { key: 'my-claims', label: 'My Claims' },
] as const;
export type ChallengeTab = (typeof CHALLENGE_TABS)[number]['key'];
export const TAB_DISPLAY: Record<Exclude<ChallengeTab, 'my-claims'>, ChallengeDisplay> = { active: 'active', completed: 'claimed', expired: 'expired' };

/** Spec 1 §2 countdown: days+hours, hours+minutes, or minutes, or 'Expired'. */
export function challengeTimeLeft(seconds: number): string {
  if (!(seconds > 0)) return 'Expired';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${Math.max(minutes, 1)}m`;
}

/** '$250.00' or '5,000 points'. */
export function prizeLabel(type: PrizeType, amount: number): string {
  return type === 'points' ? `${formatCount(amount)} points` : formatUsd(amount);
}
