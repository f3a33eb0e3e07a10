import type { Kysely } from 'kysely';
import { CLAIMED_STATUS, prizeLabel, type ClaimStatus } from '../../../common/challenges';
import type { AdminClaim } from '../../../common/contracts/challenges-admin';
import { formatDecimal } from '../../../common/format';
import type { DB } from '../../db/types';
import { refuseOwnRecord } from '../../platform/admin';
import { conflict, notFound } from '../../platform/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import type { StatsService } from '../stats/stats.service';
import { CHALLENGE_PRIZE_REASON, challengeBrief, claimAuthor, evidenceOf, joinedMember, prizeAmount, type AvatarOf } from './challenge-views';
import { challengesAdminRepo as repo, type AdminClaimRow } from './challenges-admin.repo';

export const CLAIMS_PER_PAGE = 25;

export const CLAIM_REVIEW_MESSAGES = {
  notFound: 'Claim not found.',
  reviewed: 'This claim has already been reviewed.',
  claimed: 'This challenge has already been claimed.',
  /** The note on the other pending claims when one is approved (decision 021). */
  anotherApproved: 'Another claim for this challenge was approved.',
} as const;

/** 500x, 12.5x, 1,046.25x: at most two decimals, without trailing zeros. */
const multiplierWords = (centi: number) => `${formatDecimal(Number(centi) / 100, 2).replace(/\.?0+$/, '')}x`;

/** What the notifications call a claim: "claim for Gates of Olympus (500x)". */
const claimOn = (challenge: Pick<AdminClaimRow, 'slot_name' | 'multiplier_centi'>) => `claim for ${challenge.slot_name} (${multiplierWords(challenge.multiplier_centi)})`;

/** The bit of a notification that carries staff's notes, when there are any. */
const withNotes = (notes: string | null) => (notes ? ` Notes: ${notes}` : '');

/**
 * Staff review members' claims (decision 021): approve (the challenge becomes Claimed, the prize is paid, the
 * other pending claims are rejected) or reject with notes. Every member concerned is notified in the same
 * transaction, so a review is either wholly done or not at all.
 */
export function createChallengeReviewsService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; points: PointsService; notifications: NotificationsService; stats: StatsService }) {
  const { db, now, avatarOf } = deps;

  function toAdminClaim(row: AdminClaimRow): AdminClaim {
    return {
      id: row.id,
      challenge: {
        ...challengeBrief(row),
        min_bet: Number(row.min_bet_cents) / 100,
        prize: prizeLabel(row.prize_type, prizeAmount(row)),
        prize_type: row.prize_type,
        status: row.claimed_at !== null ? CLAIMED_STATUS : 'Active',
      },
      user: claimAuthor(row, avatarOf),
      description: row.description,
      evidence_images: evidenceOf(row),
      status: row.status,
      admin_notes: row.admin_notes,
      reviewed_by: joinedMember(avatarOf, row.reviewed_by, row.reviewer_username, row.reviewer_kick_username, row.reviewer_discord_id, row.reviewer_avatar),
      reviewed_at: row.reviewed_at,
      created_at: row.created_at,
    };
  }

  async function get(id: number): Promise<AdminClaim> {
    const row = await repo.claimById(db, id);
    if (!row) throw notFound(CLAIM_REVIEW_MESSAGES.notFound);
    return toAdminClaim(row);
  }

  return {
    get,

    async list(query: { status: ClaimStatus | 'all'; challenge_id?: number; page: number }): Promise<{ claims: AdminClaim[]; total: number }> {
      const { rows, total } = await repo.claimsPage(db, query, CLAIMS_PER_PAGE, (query.page - 1) * CLAIMS_PER_PAGE);
      return { claims: rows.map(toAdminClaim), total };
    },

    /**
     * One transaction: the claim pending → approved (only if still pending), the challenge claimed (only if nobody's
     * claim was approved before), the other pending claims rejected, the prize paid, everyone told. Two staff
     * approving two claims of one challenge at once: one approval, the other refused with nothing written.
     */
    async approve(staffId: number, id: number, notes: string): Promise<AdminClaim> {
      const found = await repo.claimById(db, id);
      if (!found) throw notFound(CLAIM_REVIEW_MESSAGES.notFound);
      refuseOwnRecord(staffId, found.user_id, 'claim');
      const adminNotes = notes === '' ? null : notes;
      const cash = await db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        // The challenge's row first, as every change of it does: a second approval waits here, not holding one
        // claim while the first wants it to reject (which PostgreSQL would end as a deadlock, not a 409).
        if (!(await repo.update(trx, found.challenge_id, { updated_at: at }))) throw notFound(CLAIM_REVIEW_MESSAGES.notFound);
        const claim = await repo.review(trx, id, { status: 'approved', admin_notes: adminNotes, reviewed_by: staffId, reviewed_at: at });
        if (!claim) throw conflict(CLAIM_REVIEW_MESSAGES.reviewed);
        const challenge = await repo.markClaimed(trx, claim.challenge_id, { user_id: claim.user_id, claim_id: claim.id }, at);
        if (!challenge) throw conflict(CLAIM_REVIEW_MESSAGES.claimed);

        const others = await repo.rejectOthers(trx, challenge.id, { admin_notes: CLAIM_REVIEW_MESSAGES.anotherApproved, reviewed_by: staffId, reviewed_at: at });
        for (const other of others) {
          await deps.notifications.notify(trx, other.user_id, {
            type: 'challenge_claim_rejected',
            message: `Sorry, your ${claimOn(challenge)} was rejected. ${CLAIM_REVIEW_MESSAGES.anotherApproved}`,
            link: '/challenges',
          });
        }

        const reference = `challenge:${challenge.id}`;
        if (challenge.prize_type === 'points') {
          await deps.points.change(trx, { userId: claim.user_id, delta: Number(challenge.prize_amount), reason: CHALLENGE_PRIZE_REASON, reference, note: `${challenge.slot_name} ${multiplierWords(challenge.multiplier_centi)} challenge`, actorId: staffId });
        } else {
          await deps.stats.recordPayout(trx, { source: 'challenge', reference, userId: claim.user_id, amountCents: Number(challenge.prize_amount) });
        }
        await deps.notifications.notify(trx, claim.user_id, {
          type: 'challenge_claim_approved',
          message: `Congratulations! Your ${claimOn(challenge)} was approved. Prize: ${prizeLabel(challenge.prize_type, prizeAmount(challenge))}.${withNotes(adminNotes)}`,
          link: '/challenges',
        });
        return challenge.prize_type === 'cash';
      });
      // The total given away is cached; drop it once the payout is committed.
      if (cash) await deps.stats.refresh();
      return get(id);
    },

    /** pending → rejected with the reason, which the member is told. */
    async reject(staffId: number, id: number, notes: string): Promise<AdminClaim> {
      const found = await repo.claimById(db, id);
      if (!found) throw notFound(CLAIM_REVIEW_MESSAGES.notFound);
      refuseOwnRecord(staffId, found.user_id, 'claim');
      await db.transaction().execute(async (trx) => {
        const claim = await repo.review(trx, id, { status: 'rejected', admin_notes: notes, reviewed_by: staffId, reviewed_at: now().toISOString() });
        if (!claim) throw conflict(CLAIM_REVIEW_MESSAGES.reviewed);
        await deps.notifications.notify(trx, claim.user_id, {
          type: 'challenge_claim_rejected',
          message: `Sorry, your ${claimOn(found)} was rejected.${withNotes(notes)}`,
          link: '/challenges',
        });
      });
      return get(id);
    },
  };
}

export type ChallengeReviewsService = ReturnType<typeof createChallengeReviewsService>;
