import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { AdminChallengeStatus } from '../../../common/contracts/challenges-admin';
import type { ClaimStatus } from '../../../common/challenges';
import { likeContains } from '../../db/like';
import type { ChallengesTable, DB, Executor } from '../../db/types';
import { selectChallenges, selectClaims } from './challenge-rows.repo';

type Aliased = DB & { c: ChallengesTable };

/** The WHERE of each staff state at `at`: the same conditions as challengeState in challenge-views. */
function whereState(eb: ExpressionBuilder<Aliased, 'c'>, state: Exclude<AdminChallengeStatus, 'all'>, at: string) {
  const open = eb.and([eb('c.claimed_at', 'is', null), eb('c.is_active', '=', 1), eb('c.end_date', '>', at)]);
  switch (state) {
    case 'claimed':
      return eb('c.claimed_at', 'is not', null);
    case 'upcoming':
      return eb.and([open, eb('c.start_date', '>', at)]);
    case 'active':
      return eb.and([open, eb('c.start_date', '<=', at)]);
    case 'expired':
      return eb.and([eb('c.claimed_at', 'is', null), eb.or([eb('c.is_active', '=', 0), eb('c.end_date', '<=', at)])]);
  }
}

/** A claim as reviewers see it: its member, its challenge (with the catalogue slot's image) and its reviewer. */
const selectAdminClaims = (db: Executor) =>
  selectClaims(db)
    .innerJoin('challenges as c', 'c.id', 'cl.challenge_id')
    .leftJoin('slots as s', 's.id', 'c.slot_id')
    .leftJoin('users as r', 'r.id', 'cl.reviewed_by')
    .select(['c.slot_name', 'c.image', 's.image as catalogue_image', 'c.multiplier_centi', 'c.min_bet_cents', 'c.prize_type', 'c.prize_amount', 'c.claimed_at'])
    .select(['r.username as reviewer_username', 'r.kick_username as reviewer_kick_username', 'r.discord_id as reviewer_discord_id', 'r.avatar as reviewer_avatar']);

export type AdminClaimRow = Awaited<ReturnType<ReturnType<typeof selectAdminClaims>['executeTakeFirstOrThrow']>>;

/** Challenges as staff run them and claims as staff review them: Kysely queries only, each on the executor it is given. */
export const challengesAdminRepo = {
  async page(db: Executor, filter: { status: AdminChallengeStatus; search: string }, at: string, limit: number, offset: number) {
    const where = (eb: ExpressionBuilder<Aliased, 'c'>) =>
      eb.and([...(filter.status !== 'all' ? [whereState(eb, filter.status, at)] : []), ...(filter.search ? [eb(sql`lower(c.slot_name)`, 'like', likeContains(filter.search))] : [])]);
    const [rows, count] = await Promise.all([
      selectChallenges(db).where(where).orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('challenges as c').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  insert: async (db: Executor, row: Insertable<ChallengesTable>) => (await db.insertInto('challenges').values(row).returning('id').executeTakeFirstOrThrow()).id,

  /** Writes the row and holds it to the end of the transaction (a review of its claims waits); undefined when there is none. */
  update: (db: Executor, id: number, row: Updateable<ChallengesTable>) => db.updateTable('challenges').set(row).where('id', '=', id).returningAll().executeTakeFirst(),

  /**
   * Holds the row against everything, members' claims included: on PostgreSQL a claim being inserted holds a
   * key-share lock on its challenge, which only FOR UPDATE waits for (an UPDATE of other columns does not), so a
   * delete can never cascade over a claim it did not count. SQLite runs one writing transaction at a time.
   */
  async lockForDelete(trx: Transaction<DB>, id: number) {
    const query = trx.selectFrom('challenges').selectAll().where('id', '=', id);
    return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
  },

  claimsCount: async (db: Executor, challengeId: number) =>
    Number((await db.selectFrom('challenge_claims').where('challenge_id', '=', challengeId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

  remove: (db: Executor, id: number) => db.deleteFrom('challenges').where('id', '=', id).execute(),

  slotExists: async (db: Executor, slotId: number) => (await db.selectFrom('slots').select('id').where('id', '=', slotId).executeTakeFirst()) !== undefined,

  /** Whether another challenge shows this upload (replacing or deleting that one would remove the file). */
  imageUsedElsewhere: async (db: Executor, image: string, exceptId: number | null) =>
    (await db
      .selectFrom('challenges')
      .select('id')
      .where('image', '=', image)
      .$if(exceptId !== null, (query) => query.where('id', '!=', exceptId!))
      .executeTakeFirst()) !== undefined,

  /** Pending oldest first (a queue to work through); reviewed newest first. */
  async claimsPage(db: Executor, filter: { status: ClaimStatus | 'all'; challenge_id?: number }, limit: number, offset: number) {
    const where = (eb: ExpressionBuilder<DB & { cl: DB['challenge_claims'] }, 'cl'>) =>
      eb.and([...(filter.status !== 'all' ? [eb('cl.status', '=', filter.status)] : []), ...(filter.challenge_id ? [eb('cl.challenge_id', '=', filter.challenge_id)] : [])]);
    const direction = filter.status === 'pending' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      selectAdminClaims(db).where(where).orderBy('cl.created_at', direction).orderBy('cl.id', direction).limit(limit).offset(offset).execute(),
      db.selectFrom('challenge_claims as cl').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  claimById: (db: Executor, id: number) => selectAdminClaims(db).where('cl.id', '=', id).executeTakeFirst(),

  /** pending → approved or rejected, only while still pending: the second of two reviews changes nothing. */
  review: (db: Executor, id: number, review: { status: 'approved' | 'rejected'; admin_notes: string | null; reviewed_by: number; reviewed_at: string }) =>
    db.updateTable('challenge_claims').set(review).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst(),

  /** Marks the challenge claimed, only if nobody's claim was approved before: undefined otherwise. */
  markClaimed: (db: Executor, id: number, claim: { user_id: number; claim_id: number }, at: string) =>
    db
      .updateTable('challenges')
      .set({ claimed_by: claim.user_id, claimed_at: at, approved_claim_id: claim.claim_id, updated_at: at })
      .where('id', '=', id)
      .where('claimed_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  /** Rejects the challenge's other pending claims; answers their members. */
  rejectOthers: (db: Executor, challengeId: number, review: { admin_notes: string; reviewed_by: number; reviewed_at: string }) =>
    db
      .updateTable('challenge_claims')
      .set({ ...review, status: 'rejected' })
      .where('challenge_id', '=', challengeId)
      .where('status', '=', 'pending')
      .returning(['id', 'user_id'])
      .execute(),
};
