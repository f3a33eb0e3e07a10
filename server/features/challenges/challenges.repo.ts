import type { ClaimStatus } from '../../../common/challenges';
import type { Executor } from '../../db/types';
import { selectChallenges, selectClaims } from './challenge-rows.repo';

/* Kysely queries of the members' side of challenges; each takes the executor it runs on (db or a transaction). */

/** Challenges that are no longer open stay listed, but only the latest of each kind (claimed, expired). */
export const CLOSED_CHALLENGES_LISTED = 50;
/** A member's own claims listed at most, newest first. */
export const MY_CLAIMS_LISTED = 100;

/** Members see a challenge from its start date (decision 021). */
const started = (db: Executor, at: string) => selectChallenges(db).where('c.start_date', '<=', at);

/** A member's claims with the parts of their challenge that My Claims shows. */
const ownClaims = (db: Executor, userId: number) =>
  db
    .selectFrom('challenge_claims as cl')
    .innerJoin('challenges as c', 'c.id', 'cl.challenge_id')
    .leftJoin('slots as s', 's.id', 'c.slot_id')
    .selectAll('cl')
    .select(['c.slot_name', 'c.image', 'c.multiplier_centi', 's.image as catalogue_image'])
    .where('cl.user_id', '=', userId);

export const challengesRepo = {
  /** Open for claims at `at`: every one of them, ending soonest first. */
  active: (db: Executor, at: string) =>
    started(db, at)
      .where('c.claimed_at', 'is', null)
      .where('c.is_active', '=', 1)
      .where('c.end_date', '>', at)
      .orderBy('c.end_date', 'asc')
      .orderBy('c.id', 'asc')
      .execute(),

  /** The latest claimed ones, newest end first. */
  claimed: (db: Executor, at: string) =>
    started(db, at).where('c.claimed_at', 'is not', null).orderBy('c.end_date', 'desc').orderBy('c.id', 'desc').limit(CLOSED_CHALLENGES_LISTED).execute(),

  /** The latest ended or switched-off ones that nobody claimed, newest end first. */
  expired: (db: Executor, at: string) =>
    started(db, at)
      .where('c.claimed_at', 'is', null)
      .where((eb) => eb.or([eb('c.is_active', '=', 0), eb('c.end_date', '<=', at)]))
      .orderBy('c.end_date', 'desc')
      .orderBy('c.id', 'desc')
      .limit(CLOSED_CHALLENGES_LISTED)
      .execute(),

  find: (db: Executor, id: number, at: string) => started(db, at).where('c.id', '=', id).executeTakeFirst(),

  /** The member's latest claim status on each of these challenges. */
  async latestStatuses(db: Executor, userId: number, challengeIds: readonly number[]): Promise<Map<number, ClaimStatus>> {
    const latest = new Map<number, ClaimStatus>();
    if (challengeIds.length === 0) return latest;
    const rows = await db
      .selectFrom('challenge_claims')
      .select(['challenge_id', 'status'])
      .where('user_id', '=', userId)
      .where('challenge_id', 'in', challengeIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const row of rows) if (!latest.has(row.challenge_id)) latest.set(row.challenge_id, row.status);
    return latest;
  },

  /** A challenge's claims, newest first, with their authors. */
  claimsOf: (db: Executor, challengeId: number, limit: number) =>
    selectClaims(db).where('cl.challenge_id', '=', challengeId).orderBy('cl.created_at', 'desc').orderBy('cl.id', 'desc').limit(limit).execute(),

  hasPendingClaim: async (db: Executor, challengeId: number, userId: number) =>
    (await db
      .selectFrom('challenge_claims')
      .select('id')
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst()) !== undefined,

  /** A member's own claims with their challenge, newest first. */
  myClaims: (db: Executor, userId: number) =>
    ownClaims(db, userId).orderBy('cl.created_at', 'desc').orderBy('cl.id', 'desc').limit(MY_CLAIMS_LISTED).execute(),

  myClaim: (db: Executor, userId: number, claimId: number) => ownClaims(db, userId).where('cl.id', '=', claimId).executeTakeFirstOrThrow(),

  /**
   * Takes the challenge's row lock if it is open for claims at `at` (a no-op write): a staff approval,
   * which marks the challenge claimed with `UPDATE … WHERE claimed_at IS NULL`, then waits for this claim
   * to commit and so sees it among the pending claims it closes. False when it is not open any more.
   */
  async lockOpen(db: Executor, id: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('challenges')
      .set((eb) => ({ is_active: eb.ref('is_active') }))
      .where('id', '=', id)
      .where('claimed_at', 'is', null)
      .where('is_active', '=', 1)
      .where('start_date', '<=', at)
      .where('end_date', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  insertClaim: (db: Executor, values: { challenge_id: number; user_id: number; description: string; evidence_images: string; created_at: string }) =>
    db.insertInto('challenge_claims').values(values).returning('id').executeTakeFirstOrThrow(),
};

export type MyClaimRow = Awaited<ReturnType<typeof challengesRepo.myClaim>>;
