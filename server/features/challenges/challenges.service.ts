import type { Kysely } from 'kysely';
import { CHALLENGE_TEXTS } from '../../../common/challenges';
import { CHALLENGE_CLAIMS_SHOWN, claimFieldsSchema, type Challenge, type ChallengeDetail, type MyClaim } from '../../../common/contracts/challenges';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { DB } from '../../db/types';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors';
import { NUL_REFUSAL } from '../../platform/input-guard';
import type { UploadedFile, UploadStore } from '../../platform/uploads';
import { challengeRowById, type ChallengeListRow } from './challenge-rows.repo';
import { challengeBrief, claimAuthor, CLAIM_EVIDENCE_FOLDER, evidenceOf, toChallenge, type AvatarOf } from './challenge-views';
import { challengesRepo as repo, type MyClaimRow } from './challenges.repo';

export const CHALLENGE_MESSAGES = {
  signInToView: 'You must be logged in to view challenges',
  signInToClaim: 'You must be logged in to submit a claim',
  notFound: 'Challenge not found',
} as const;

/** Why a challenge takes no claim at `now`, in spec 1 §8's words; null when it is open. */
function refusalOf(row: Pick<ChallengeListRow, 'claimed_at' | 'is_active' | 'start_date' | 'end_date'>, now: Date): string | null {
  const at = now.toISOString();
  if (row.claimed_at !== null) return CHALLENGE_TEXTS.alreadyClaimed;
  if (!row.is_active) return CHALLENGE_TEXTS.notActive;
  if (row.start_date > at) return CHALLENGE_TEXTS.notStarted;
  if (row.end_date <= at) return CHALLENGE_TEXTS.expired;
  return null;
}

const toMyClaim = (row: MyClaimRow): MyClaim => ({
  id: row.id,
  challenge: challengeBrief(row),
  status: row.status,
  description: row.description,
  evidence_images: evidenceOf(row),
  admin_notes: row.admin_notes,
  created_at: row.created_at,
  reviewed_at: row.reviewed_at,
});

/** The claim form's description, trimmed, or a 422 with the field's message. */
function descriptionOf(fields: Record<string, string>): string {
  // Multipart fields skip the JSON body's NUL guard, and PostgreSQL cannot store a NUL character.
  if (fields.description?.includes('\u0000')) throw badRequest(NUL_REFUSAL, { description: [NUL_REFUSAL] });
  const parsed = claimFieldsSchema.safeParse({ description: fields.description });
  if (parsed.success) return parsed.data.description;
  const messages = parsed.error.issues.map((issue) => issue.message);
  throw unprocessable(messages[0], { description: messages });
}

/** Spec 1 §7 challenge calls: what a signed-in member sees and submits (decision 021). */
export function createChallengesService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; uploads: UploadStore }) {
  const { db, now, avatarOf, uploads } = deps;

  /** Stores every image or none: when one is refused, those already written are removed. */
  async function storeEvidence(files: readonly UploadedFile[]): Promise<string[]> {
    const saved = await Promise.allSettled(files.map((file) => uploads.saveImage(file, CLAIM_EVIDENCE_FOLDER)));
    const paths = saved.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = saved.find((result) => result.status === 'rejected');
    if (refused) {
      await Promise.all(paths.map((path) => uploads.remove(path)));
      throw refused.reason;
    }
    return paths;
  }

  /** Writes the claim if the challenge is still open at the transaction's own time; the unique index holds one pending claim per member. */
  async function insertClaim(userId: number, challengeId: number, description: string, images: readonly string[]): Promise<MyClaim> {
    try {
      return await db.transaction().execute(async (trx) => {
        const at = now();
        if (!(await repo.lockOpen(trx, challengeId, at.toISOString()))) {
          const row = await challengeRowById(trx, challengeId);
          throw row ? conflict(refusalOf(row, at) ?? CHALLENGE_TEXTS.claimFailed) : notFound(CHALLENGE_MESSAGES.notFound);
        }
        const inserted = await repo.insertClaim(trx, {
          challenge_id: challengeId,
          user_id: userId,
          description,
          evidence_images: JSON.stringify(images),
          created_at: at.toISOString(),
        });
        return toMyClaim(await repo.myClaim(trx, userId, inserted.id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CHALLENGE_TEXTS.pendingClaim);
      // Staff deleted the challenge between the checks and the write.
      if (isForeignKeyViolation(error)) throw notFound(CHALLENGE_MESSAGES.notFound);
      throw error;
    }
  }

  return {
    /** Every open challenge (ending soonest first), then the latest claimed and expired ones (newest end first). */
    async list(userId: number): Promise<Challenge[]> {
      const at = now();
      const iso = at.toISOString();
      const [active, claimed, expired] = await Promise.all([repo.active(db, iso), repo.claimed(db, iso), repo.expired(db, iso)]);
      const closed = [...claimed, ...expired].sort((a, b) => (a.end_date === b.end_date ? b.id - a.id : a.end_date < b.end_date ? 1 : -1));
      const rows = [...active, ...closed];
      const own = await repo.latestStatuses(db, userId, rows.map((row) => row.id));
      return rows.map((row) => toChallenge(row, at, avatarOf, own.get(row.id) ?? null));
    },

    async detail(id: number, userId: number): Promise<ChallengeDetail> {
      const at = now();
      const row = await repo.find(db, id, at.toISOString());
      if (!row) throw notFound(CHALLENGE_MESSAGES.notFound);
      const [claims, own] = await Promise.all([repo.claimsOf(db, id, CHALLENGE_CLAIMS_SHOWN), repo.latestStatuses(db, userId, [id])]);
      return {
        ...toChallenge(row, at, avatarOf, own.get(id) ?? null),
        claims: claims.map((claim) => ({
          id: claim.id,
          user: claimAuthor(claim, avatarOf),
          status: claim.status,
          description: claim.description,
          created_at: claim.created_at,
        })),
      };
    },

    async myClaims(userId: number): Promise<MyClaim[]> {
      return (await repo.myClaims(db, userId)).map(toMyClaim);
    },

    /**
     * Spec 1 §5 Claim. Every refusal is known before an image is stored; the transaction checks again at
     * its own time, and whatever refuses after the images were stored removes them (no orphan files).
     */
    async claim(userId: number, challengeId: number, form: { fields: Record<string, string>; files: UploadedFile[] }) {
      const description = descriptionOf(form.fields);
      const row = await challengeRowById(db, challengeId);
      if (!row) throw notFound(CHALLENGE_MESSAGES.notFound);
      const refusal = refusalOf(row, now());
      if (refusal) throw conflict(refusal);
      if (await repo.hasPendingClaim(db, challengeId, userId)) throw conflict(CHALLENGE_TEXTS.pendingClaim);

      const images = await storeEvidence(form.files);
      try {
        return { message: CHALLENGE_TEXTS.claimed, data: await insertClaim(userId, challengeId, description, images) };
      } catch (error) {
        await Promise.all(images.map((path) => uploads.remove(path)));
        throw error;
      }
    },
  };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
