import type { Kysely, Transaction } from 'kysely';
import type { AdminChallenge, AdminChallengeStatus, ChallengeFields } from '../../../common/contracts/challenges-admin';
import type { DB, Executor } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import type { ChallengeListRow } from './challenge-rows.repo';
import { challengeRowById } from './challenge-rows.repo';
import { CHALLENGE_IMAGE_FOLDER, challengeState, toChallenge, type AvatarOf } from './challenge-views';
import { challengesAdminRepo as repo } from './challenges-admin.repo';

export const CHALLENGES_PER_PAGE = 25;

export const CHALLENGE_ADMIN_MESSAGES = {
  notFound: 'Challenge not found.',
  unknownSlot: 'That slot is not in the catalogue any more; choose it again.',
  image: 'Upload the image again.',
  claimedEdit: 'This challenge has been claimed, so it can no longer be changed.',
  claimedDelete: 'This challenge has been claimed, so it cannot be deleted.',
  hasClaims: 'This challenge has claims; switch it off instead.',
} as const;

const cents = (dollars: number) => Math.round(dollars * 100);

/** The stored columns of the form: multiplier in hundredths, bet in cents, the prize in cents (cash) or points. */
const columnsOf = (input: ChallengeFields) => ({
  slot_name: input.slot_name,
  slot_id: input.slot_id,
  image: input.image,
  multiplier_centi: Math.round(input.multiplier * 100),
  min_bet_cents: cents(input.min_bet),
  prize_type: input.prize_type,
  prize_amount: input.prize_type === 'cash' ? cents(input.prize_amount) : input.prize_amount,
  start_date: input.start_date,
  end_date: input.end_date,
  is_active: input.is_active ? 1 : 0,
});

/**
 * Staff create, edit and delete challenges (decision 021); reviewing claims is challenge-reviews.service.
 * Changes hold the challenge's row first, so an approval of one of its claims runs wholly before or after.
 */
export function createChallengesAdminService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; uploads: UploadStore }) {
  const { db, now, avatarOf, uploads } = deps;

  function toAdminChallenge(row: ChallengeListRow, at: Date): AdminChallenge {
    const { own_claim_status: _own, ...challenge } = toChallenge(row, at, avatarOf);
    return {
      ...challenge,
      slot_id: row.slot_id,
      image: row.image,
      state: challengeState(row, at),
      pending_claims: Number(row.pending_claims),
      claimed_at: row.claimed_at,
      approved_claim_id: row.approved_claim_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** The catalogue slot must exist and the image must be an upload of this form that no other challenge shows: a 422 on the field otherwise. */
  async function checkReferences(trx: Executor, input: ChallengeFields, id: number | null) {
    if (input.slot_id !== null && !(await repo.slotExists(trx, input.slot_id))) {
      throw unprocessable(CHALLENGE_ADMIN_MESSAGES.unknownSlot, { slot_id: [CHALLENGE_ADMIN_MESSAGES.unknownSlot] });
    }
    if (input.image !== null && (!uploads.isStoredImage(input.image, CHALLENGE_IMAGE_FOLDER) || (await repo.imageUsedElsewhere(trx, input.image, id)))) {
      throw unprocessable(CHALLENGE_ADMIN_MESSAGES.image, { image: [CHALLENGE_ADMIN_MESSAGES.image] });
    }
  }

  const inTransaction = <T>(work: (trx: Transaction<DB>, at: string) => Promise<T>) => db.transaction().execute((trx) => work(trx, now().toISOString()));

  async function get(id: number): Promise<AdminChallenge> {
    const row = await challengeRowById(db, id);
    if (!row) throw notFound(CHALLENGE_ADMIN_MESSAGES.notFound);
    return toAdminChallenge(row, now());
  }

  return {
    get,

    /** Newest first; `status` is where each stands now. */
    async list(query: { status: AdminChallengeStatus; search: string; page: number }): Promise<{ challenges: AdminChallenge[]; total: number }> {
      const at = now();
      const { rows, total } = await repo.page(db, query, at.toISOString(), CHALLENGES_PER_PAGE, (query.page - 1) * CHALLENGES_PER_PAGE);
      return { challenges: rows.map((row) => toAdminChallenge(row, at)), total };
    },

    create: (staffId: number, input: ChallengeFields) =>
      inTransaction(async (trx, at) => {
        await checkReferences(trx, input, null);
        return repo.insert(trx, { ...columnsOf(input), created_by: staffId, created_at: at, updated_at: at });
      }),

    /** Anything but a claimed challenge; a replaced image's file is removed once the change is saved. */
    async update(id: number, input: ChallengeFields) {
      const replaced = await inTransaction(async (trx, at) => {
        const row = await repo.update(trx, id, { updated_at: at });
        if (!row) throw notFound(CHALLENGE_ADMIN_MESSAGES.notFound);
        if (row.claimed_at !== null) throw conflict(CHALLENGE_ADMIN_MESSAGES.claimedEdit);
        await checkReferences(trx, input, id);
        await repo.update(trx, id, columnsOf(input));
        return row.image !== input.image ? row.image : null;
      });
      await uploads.remove(replaced);
    },

    /** Only a challenge nobody claimed: claims are members' work (staff switch such a challenge off instead). */
    async remove(id: number) {
      const image = await inTransaction(async (trx) => {
        const row = await repo.lockForDelete(trx, id);
        if (!row) throw notFound(CHALLENGE_ADMIN_MESSAGES.notFound);
        if (row.claimed_at !== null) throw conflict(CHALLENGE_ADMIN_MESSAGES.claimedDelete);
        if ((await repo.claimsCount(trx, id)) > 0) throw conflict(CHALLENGE_ADMIN_MESSAGES.hasClaims);
        await repo.remove(trx, id);
        return row.image;
      });
      await uploads.remove(image);
    },
  };
}

export type ChallengesAdminService = ReturnType<typeof createChallengesAdminService>;
