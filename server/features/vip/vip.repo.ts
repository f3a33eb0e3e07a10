import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor, VipClaimRow, VipClaimsTable, VipTiersTable } from '../../db/types';

/** VIP tiers and claims: Kysely queries only, each on the executor it is given. */
export const vipRepo = {
  casinoNames: (db: Executor, userId: number) => db.selectFrom('users').select(['crypto', 'crypto2', 'crypto3']).where('id', '=', userId).executeTakeFirst(),

  tiers: (db: Executor) =>
    db
      .selectFrom('vip_tiers')
      .innerJoin('partner_platforms', 'partner_platforms.id', 'vip_tiers.platform_id')
      .selectAll('vip_tiers')
      .select('partner_platforms.name as platform_name')
      .select((eb) => eb.selectFrom('vip_claims').select((c) => c.fn.countAll<number>().as('n')).whereRef('vip_claims.tier_id', '=', 'vip_tiers.id').as('claims_count'))
      .orderBy('partner_platforms.display_order')
      .orderBy('vip_tiers.display_order')
      .orderBy('vip_tiers.min_wagered_cents')
      .orderBy('vip_tiers.id')
      .execute(),

  /** The active tiers, as members' pages show them: ordered, without the staff's claim counts. */
  activeTiers: (db: Executor) =>
    db
      .selectFrom('vip_tiers')
      .innerJoin('partner_platforms', 'partner_platforms.id', 'vip_tiers.platform_id')
      .selectAll('vip_tiers')
      .where('vip_tiers.is_active', '=', 1)
      .orderBy('partner_platforms.display_order')
      .orderBy('vip_tiers.display_order')
      .orderBy('vip_tiers.min_wagered_cents')
      .orderBy('vip_tiers.id')
      .execute(),

  findTier: (db: Executor, id: number) => db.selectFrom('vip_tiers').selectAll().where('id', '=', id).executeTakeFirst(),

  insertTier: (db: Executor, row: Insertable<VipTiersTable>) => db.insertInto('vip_tiers').values(row).returning('id').executeTakeFirstOrThrow(),

  updateTier: (db: Executor, id: number, row: Updateable<VipTiersTable>) => db.updateTable('vip_tiers').set(row).where('id', '=', id).executeTakeFirst(),

  deleteTier: (db: Executor, id: number) => db.deleteFrom('vip_tiers').where('id', '=', id).executeTakeFirst(),

  claimCount: async (db: Executor, tierId: number) =>
    Number((await db.selectFrom('vip_claims').select((eb) => eb.fn.countAll<number>().as('n')).where('tier_id', '=', tierId).executeTakeFirstOrThrow()).n),

  /**
   * Of the given tiers, those the member claimed and those claimed (by anyone) with one of their casino account names:
   * each pays once per account. Both halves are index lookups (vip_claims_user, vip_claims_tier_account).
   */
  claimedTierIds: async (db: Executor, userId: number, tierIds: number[], accountNames: string[]) =>
    new Set(
      tierIds.length === 0 || accountNames.length === 0
        ? []
        : (
            await db
              .selectFrom('vip_claims')
              .select('tier_id')
              .where((eb) =>
                eb.or([
                  eb('user_id', '=', userId),
                  eb.and([eb('tier_id', 'in', tierIds), eb(eb.fn('lower', ['casino_username']), 'in', accountNames.map((name) => sql<string>`lower(${name})`))]),
                ]),
              )
              .execute()
          ).map((row) => row.tier_id),
    ),

  /** Whether the member holds a claim of the tier. */
  hasClaimed: async (db: Executor, tierId: number, userId: number) =>
    (await db.selectFrom('vip_claims').select('id').where('tier_id', '=', tierId).where('user_id', '=', userId).executeTakeFirst()) !== undefined,

  /**
   * The unique (tier, member) pair and (tier, casino account) pair are the guard: of parallel claims, one row is made
   * and the rest get nothing back.
   */
  insertClaim: (db: Executor, row: Insertable<VipClaimsTable>) =>
    db
      .insertInto('vip_claims')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst(),

  markProcessed: (db: Executor, id: number, at: string) => db.updateTable('vip_claims').set({ status: 'processed', processed_at: at }).where('id', '=', id).executeTakeFirst(),

  history: (db: Executor, userId: number) =>
    db
      .selectFrom('vip_claims')
      .innerJoin('vip_tiers', 'vip_tiers.id', 'vip_claims.tier_id')
      .selectAll('vip_claims')
      .select(['vip_tiers.name as tier_name', 'vip_tiers.description as tier_description', 'vip_tiers.image as tier_image'])
      .where('vip_claims.user_id', '=', userId)
      .orderBy('vip_claims.id', 'desc')
      .limit(200)
      .execute(),

  findClaim: (db: Executor, id: number) =>
    db
      .selectFrom('vip_claims')
      .innerJoin('vip_tiers', 'vip_tiers.id', 'vip_claims.tier_id')
      .selectAll('vip_claims')
      .select('vip_tiers.name as tier_name')
      .where('vip_claims.id', '=', id)
      .executeTakeFirst(),

  /** A pending claim moves on once: two staff clicking at the same moment cannot both act. */
  decide: (db: Executor, id: number, to: 'processed' | 'rejected', staffId: number, at: string, reason: string | null) =>
    db
      .updateTable('vip_claims')
      .set({ status: to, processed_at: at, processed_by: staffId, reject_reason: reason })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst() as Promise<VipClaimRow | undefined>,

  async queue(db: Executor, status: VipClaimRow['status'] | 'all', limit: number, offset: number) {
    let query = db
      .selectFrom('vip_claims')
      .innerJoin('vip_tiers', 'vip_tiers.id', 'vip_claims.tier_id')
      .innerJoin('partner_platforms', 'partner_platforms.id', 'vip_tiers.platform_id')
      .innerJoin('users', 'users.id', 'vip_claims.user_id')
      .leftJoin('users as staff', 'staff.id', 'vip_claims.processed_by');
    if (status !== 'all') query = query.where('vip_claims.status', '=', status);
    const [rows, count] = await Promise.all([
      query
        .selectAll('vip_claims')
        .select([
          'vip_tiers.name as tier_name',
          'partner_platforms.id as platform_id',
          'partner_platforms.name as platform_name',
          'users.username',
          'users.discord_id',
          'users.avatar',
          'users.kick_username',
          'users.global_name',
          'staff.username as staff_username',
        ])
        .orderBy('vip_claims.id', status === 'pending' ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },
};
