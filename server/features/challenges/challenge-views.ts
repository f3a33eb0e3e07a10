import { CLAIMED_STATUS, prizeLabel, type ClaimStatus } from '../../../common/challenges';
import type { Challenge, ChallengeMember } from '../../../common/contracts/challenges';
import type { UserRow } from '../../db/types';
import type { ChallengeListRow, ClaimListRow } from './challenge-rows.repo';

/* One mapping from stored rows to what the API answers, used by the members' and the staff services (decision 021). */

export type AvatarOf = (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;

/** Where a challenge stands at `now`: not started, open for claims, claimed, or over (ended or switched off). */
export type ChallengeState = 'upcoming' | 'active' | 'claimed' | 'expired';
export function challengeState(row: Pick<ChallengeListRow, 'claimed_by' | 'claimed_at' | 'is_active' | 'start_date' | 'end_date'>, now: Date): ChallengeState {
  if (row.claimed_at !== null) return 'claimed';
  const at = now.toISOString();
  if (!row.is_active || row.end_date <= at) return 'expired';
  return row.start_date > at ? 'upcoming' : 'active';
}

/** The image shown for a challenge: its own upload, else its catalogue slot's. */
export const challengeImage = (row: Pick<ChallengeListRow, 'image' | 'catalogue_image'>) => row.image ?? row.catalogue_image ?? null;

/** Prize amount as the API shows it: dollars for cash, points for points. */
export const prizeAmount = (row: Pick<ChallengeListRow, 'prize_type' | 'prize_amount'>) =>
  row.prize_type === 'cash' ? Number(row.prize_amount) / 100 : Number(row.prize_amount);

export function toChallenge(row: ChallengeListRow, now: Date, avatarOf: AvatarOf, ownClaimStatus: ClaimStatus | null = null): Challenge {
  const remaining = Math.max(0, Math.floor((Date.parse(row.end_date) - now.getTime()) / 1000));
  const claimer = joinedMember(avatarOf, row.claimed_by, row.claimer_username, row.claimer_kick_username, row.claimer_discord_id, row.claimer_avatar);
  return {
    id: row.id,
    slot_name: row.slot_name,
    slot_image: challengeImage(row),
    multiplier: Number(row.multiplier_centi) / 100,
    min_bet: Number(row.min_bet_cents) / 100,
    prize: prizeLabel(row.prize_type, prizeAmount(row)),
    prize_type: row.prize_type,
    prize_amount: prizeAmount(row),
    start_date: row.start_date,
    end_date: row.end_date,
    is_active: Boolean(row.is_active),
    is_expired: Date.parse(row.end_date) <= now.getTime(),
    status: row.claimed_at !== null ? CLAIMED_STATUS : 'Active',
    time_remaining: remaining,
    claimer,
    claims_count: Number(row.claims_count),
    own_claim_status: ownClaimStatus,
  };
}

/** A member from the user columns a query joined (null when the id is null or the row is gone). */
export function joinedMember(
  avatarOf: AvatarOf,
  id: number | null,
  username: string | null,
  kickUsername: string | null,
  discordId: string | null,
  avatar: string | null,
): ChallengeMember | null {
  if (id === null || username === null) return null;
  return { id, username, kick_username: kickUsername, avatar_url: avatarOf({ id, discord_id: discordId ?? '', avatar }) };
}

/** A claim's author from its joined user columns. */
export const claimAuthor = (row: ClaimListRow, avatarOf: AvatarOf): ChallengeMember =>
  joinedMember(avatarOf, row.user_id, row.username, row.kick_username, row.discord_id, row.avatar)!;

type BriefColumns = Pick<ChallengeListRow, 'image' | 'catalogue_image' | 'slot_name' | 'multiplier_centi'> & { challenge_id: number };
/** The challenge as a claim shows it: its id, slot, image and target. */
export const challengeBrief = (row: BriefColumns) => ({
  id: row.challenge_id,
  slot_name: row.slot_name,
  slot_image: challengeImage(row),
  multiplier: Number(row.multiplier_centi) / 100,
});

export const evidenceOf = (row: Pick<ClaimListRow, 'evidence_images'>) => JSON.parse(row.evidence_images) as string[];

/** Upload folders: staff's challenge images and members' claim evidence. */
export const CHALLENGE_IMAGE_FOLDER = 'challenges';
export const CLAIM_EVIDENCE_FOLDER = 'challenge-claims';
export const CHALLENGE_PRIZE_REASON = 'challenge_prize';
