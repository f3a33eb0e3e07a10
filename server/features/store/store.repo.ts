import { type Insertable, type Updateable } from 'kysely';
import type { Executor, StoreItemsTable, StoreRedemptionRow } from '../../db/types';

const purchaseColumns = [
  'r.id',
  'r.user_id',
  'r.status',
  'r.created_at',
  'i.name as item_name',
  'i.image as item_image',
  'r.cost as item_cost',
  'u.username',
  'u.discord_id',
  'u.avatar',
] as const;

export const storeRepo = {
  /** Every item on sale; who may see which, the search and the order are applied to the kept copy (store-view.ts). */
  activeItems: (db: Executor) => db.selectFrom('store_items').selectAll().where('is_active', '=', 1).execute(),

  /** How many of each item one member holds (refunds aside), on the (member, id) index. */
  ownCounts: (db: Executor, userId: number) =>
    db
      .selectFrom('store_redemptions')
      .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('status', '<>', 'refunded')
      .groupBy('item_id')
      .execute(),

  allItems: (db: Executor) =>
    db
      .selectFrom('store_items as i')
      .selectAll('i')
      .select((eb) =>
        eb
          .selectFrom('store_item_codes as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.item_id', '=', 'i.id')
          .where('c.redemption_id', 'is', null)
          .as('codes_unused'),
      )
      .orderBy('i.id', 'desc')
      .execute(),

  findItem: (db: Executor, id: number) => db.selectFrom('store_items').selectAll().where('id', '=', id).executeTakeFirst(),

  insertItem: (db: Executor, item: Insertable<StoreItemsTable>) => db.insertInto('store_items').values(item).returning('id').executeTakeFirstOrThrow(),

  updateItem: (db: Executor, id: number, item: Updateable<StoreItemsTable>) => db.updateTable('store_items').set(item).where('id', '=', id).execute(),

  async deleteItem(db: Executor, id: number) {
    const result = await db.deleteFrom('store_items').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async redemptionCount(db: Executor, itemId: number) {
    const row = await db.selectFrom('store_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', itemId).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Takes one from stock if the item is on sale and has any: the row stays locked until the transaction ends. */
  takeStock: (db: Executor, itemId: number) =>
    db
      .updateTable('store_items')
      .set((eb) => ({ quantity: eb('quantity', '-', 1), redeemed_count: eb('redeemed_count', '+', 1) }))
      .where('id', '=', itemId)
      .where('is_active', '=', 1)
      .where('quantity', '>', 0)
      .returningAll()
      .executeTakeFirst(),

  /** A refund: the redemption no longer counts, and its unit goes back on sale unless it was a code (codes are not reused). */
  refundItem: (db: Executor, itemId: number, restock: boolean) =>
    db
      .updateTable('store_items')
      .set((eb) => ({ quantity: eb('quantity', '+', restock ? 1 : 0), redeemed_count: eb('redeemed_count', '-', 1) }))
      .where('id', '=', itemId)
      .execute(),

  /** A member's redemptions that count (not refunded), of one item or (null) of all. */
  async purchasesBy(db: Executor, itemId: number | null, userId: number) {
    let query = db
      .selectFrom('store_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '<>', 'refunded');
    if (itemId !== null) query = query.where('item_id', '=', itemId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insertRedemption: (db: Executor, row: Omit<StoreRedemptionRow, 'id' | 'handled_at' | 'handled_by'>) =>
    db.insertInto('store_redemptions').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Hands the oldest unused code of the item to the redemption (the item row is locked by takeStock). */
  async takeCode(db: Executor, itemId: number, redemptionId: number) {
    const code = await db
      .selectFrom('store_item_codes')
      .select(['id', 'code'])
      .where('item_id', '=', itemId)
      .where('redemption_id', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!code) return null;
    await db.updateTable('store_item_codes').set({ redemption_id: redemptionId }).where('id', '=', code.id).where('redemption_id', 'is', null).execute();
    return code.code;
  },

  /** Adds codes to the pool, skipping repeats; returns how many were new. */
  async addCodes(db: Executor, itemId: number, codes: string[], at: string) {
    let added = 0;
    for (let start = 0; start < codes.length; start += 500) {
      const rows = await db
        .insertInto('store_item_codes')
        .values(codes.slice(start, start + 500).map((code) => ({ item_id: itemId, code, created_at: at })))
        .onConflict((oc) => oc.columns(['item_id', 'code']).doNothing())
        .returning('id')
        .execute();
      added += rows.length;
    }
    return added;
  },

  async unusedCodes(db: Executor, itemId: number) {
    const row = await db
      .selectFrom('store_item_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_id', '=', itemId)
      .where('redemption_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The latest redemptions that were not refunded, all members' or (with `excludeUserId`) all but one member's. */
  communityPurchases(db: Executor, limit: number, excludeUserId?: number) {
    let query = db
      .selectFrom('store_redemptions as r')
      .innerJoin('store_items as i', 'i.id', 'r.item_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(purchaseColumns)
      .where('r.status', '!=', 'refunded');
    if (excludeUserId !== undefined) query = query.where('r.user_id', '!=', excludeUserId);
    return query.orderBy('r.id', 'desc').limit(limit).execute();
  },

  /** A member's latest redemptions, or (with `id`) just that one of theirs. */
  ownRedemptions(db: Executor, userId: number, limit: number, id?: number) {
    let query = db
      .selectFrom('store_redemptions as r')
      .innerJoin('store_items as i', 'i.id', 'r.item_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('store_item_codes as c', 'c.redemption_id', 'r.id')
      .select([...purchaseColumns, 'c.code'])
      .where('r.user_id', '=', userId);
    if (id !== undefined) query = query.where('r.id', '=', id);
    return query.orderBy('r.id', 'desc').limit(limit).execute();
  },

  findRedemption: (db: Executor, id: number) => db.selectFrom('store_redemptions').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Moves a redemption on only from the status the caller saw, so two staff clicks cannot both act. */
  handle: (db: Executor, id: number, from: StoreRedemptionRow['status'][], to: 'processed' | 'refunded', staffId: number, at: string) =>
    db
      .updateTable('store_redemptions')
      .set({ status: to, handled_at: at, handled_by: staffId })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst(),

  queue(db: Executor, status: StoreRedemptionRow['status'] | 'all', limit: number, offset: number) {
    let base = db
      .selectFrom('store_redemptions as r')
      .innerJoin('store_items as i', 'i.id', 'r.item_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('users as h', 'h.id', 'r.handled_by')
      .leftJoin('store_item_codes as c', 'c.redemption_id', 'r.id');
    if (status !== 'all') base = base.where('r.status', '=', status);
    return Promise.all([
      base
        .select([
          'r.id',
          'r.cost',
          'r.status',
          'r.created_at',
          'r.handled_at',
          'r.handled_by',
          'i.id as item_id',
          'i.name as item_name',
          'u.id as user_id',
          'u.username',
          'u.global_name',
          'u.kick_username',
          'h.username as handler_username',
          'c.id as code_id',
        ])
        .orderBy('r.id', status === 'pending' ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  },
};
