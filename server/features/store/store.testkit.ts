import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AdminStoreItem, StoreItemInput } from '../../../common/contracts/store';
import type { Executor } from '../../db/types';
import type { TestClient } from '../../test/client';

/** For the store's tests: helpers that go through the real API and read the real rows. */
export const ADMIN_STORE = '/admin-new/api/store';

/** A store item made by staff through the admin API (defaults: 100 points, stock 10, for everyone). */
export async function createItem(admin: TestClient, fields: Partial<StoreItemInput> & { name: string }): Promise<AdminStoreItem> {
  const response = await admin.post(`${ADMIN_STORE}/items`, { description: '', cost: 100, quantity: 10, ...fields });
  if (response.statusCode !== 200) throw new Error(`creating ${fields.name} failed: ${response.statusCode} ${response.body}`);
  return response.json().data as AdminStoreItem;
}

/** Points for a member, through the ledger like every other change. */
export const givePoints = (app: FastifyInstance, userId: number, delta: number) => app.services.points.apply({ userId, delta, reason: 'test' });

export const redeem = (client: TestClient, itemId: number) => client.post(`/api/r/store/${itemId}/redeem`);

/** Everything a redemption may change for one member and one item, read from the tables. */
export async function rowsOf(db: Executor, userId: number, itemId: number) {
  const [user, item, ledger, redemptions, codes] = await Promise.all([
    db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('store_items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow(),
    db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('store_redemptions').selectAll().where('item_id', '=', itemId).orderBy('id').execute(),
    db.selectFrom('store_item_codes').select(['code', 'redemption_id']).where('item_id', '=', itemId).orderBy('id').execute(),
  ]);
  return { balance: Number(user.points), stock: Number(item.quantity), ledger, redemptions, codes };
}

/** How many responses had each status code, e.g. { 200: 50, 409: 150 }. */
export function statuses(responses: LightMyRequestResponse[]) {
  const tally: Record<number, number> = {};
  for (const response of responses) tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
  return tally;
}

export const names = (items: { name: string }[]) => items.map((item) => item.name);
