import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { ADMIN_STORE, createItem, givePoints, names, redeem, rowsOf } from './store.testkit';

type QueueRow = { id: number; status: string; user: { id: number }; item: { id: number }; has_code: boolean; handled_by: { id: number; username: string } | null; handled_at: string | null };

/** Spec 1 §2 Store, staff side: stocking the store and working the redemptions queue. */
describe('store: admin', () => {
  const t = useTestApp();
  let admin: TestClient;
  let adminId: number;
  const db = () => t.database.db;
  const member = async (name: string, points = 0) => {
    const m = await signedInMember(t.app, name);
    if (points) await givePoints(t.app, m.id, points);
    return m;
  };
  const redeemed = async (m: SignedInMember, itemId: number) => {
    const response = await redeem(m.client, itemId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.redemption.id as number;
  };
  const queue = async (status: string) => {
    const response = await admin.get(`${ADMIN_STORE}/redemptions?status=${status}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as QueueRow[];
  };
  const notes = (userId: number) => db().selectFrom('notifications').select(['type', 'data']).where('user_id', '=', userId).where('type', 'like', 'store_%').orderBy('id').execute();
  const storeItems = async (m: SignedInMember) => names((await m.client.get('/api/r/store')).json().data.store_items);

  beforeAll(async () => {
    admin = (await signedInMember(t.app, 'HeadKeeper', 'admin')).client;
    adminId = (await admin.get('/api/r/session')).json().user.id;
  });

  it('creates, lists and edits items, with field errors for a zero cost or a missing name', async () => {
    const created = await admin.post(`${ADMIN_STORE}/items`, { name: 'Desk Mat', description: 'Big', cost: 900, quantity: 12, max_purchases_per_user: 3, required_role: 'vip' });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(created.json().message).toBe('“Desk Mat” added to the store.');
    expect(item).toMatchObject({ name: 'Desk Mat', cost: 900, quantity: 12, max_purchases_per_user: 3, required_role: 'vip', is_active: true, uses_codes: false, codes_unused: 0, redeemed_count: 0 });
    expect(await db().selectFrom('store_items').selectAll().where('id', '=', item.id).executeTakeFirst()).toMatchObject({ name: 'Desk Mat', cost: 900, quantity: 12, is_active: 1 });
    const zero = await admin.post(`${ADMIN_STORE}/items`, { name: 'Free Lunch', cost: 0, quantity: 1 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.cost).toEqual(['The cost must be at least 1.']);
    const nameless = await admin.post(`${ADMIN_STORE}/items`, { cost: 10, quantity: 1 });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors.name).toEqual(['Give the item a name.']);
    expect((await admin.post(`${ADMIN_STORE}/items`, { name: 'Neg Stock', cost: 10, quantity: -1 })).json().errors.quantity).toEqual(['The stock must be at least 0.']);
    expect(await db().selectFrom('store_items').select('name').where('name', 'in', ['Free Lunch', 'Neg Stock']).execute()).toEqual([]);
    const edited = await admin.put(`${ADMIN_STORE}/items/${item.id}`, { name: 'Desk Mat XL', cost: 950, quantity: 11, required_role: 'user' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: '“Desk Mat XL” saved.', data: { name: 'Desk Mat XL', cost: 950, quantity: 11, required_role: 'user', max_purchases_per_user: null } });
    expect((await admin.put(`${ADMIN_STORE}/items/999999`, { name: 'Ghost', cost: 1, quantity: 1 })).statusCode).toBe(404);
    expect((await admin.get(`${ADMIN_STORE}/items`)).json().data.map((i: { name: string }) => i.name)).toContain('Desk Mat XL');
  });

  it('lets moderators stock the store and refuses plain members (403) and visitors', async () => {
    const moderator = await signedIn(t.app, 'ShelfModerator', 'moderator');
    expect((await moderator.get(`${ADMIN_STORE}/items`)).statusCode).toBe(200);
    const made = await moderator.post(`${ADMIN_STORE}/items`, { name: 'Mod Made Cap', cost: 40, quantity: 2 });
    expect(made.statusCode, made.body).toBe(200);
    const plain = await signedIn(t.app, 'ShelfPlain');
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    for (const client of [plain, visitor]) {
      expect((await client.get(`${ADMIN_STORE}/items`)).statusCode).toBe(403);
      const attempt = await client.post(`${ADMIN_STORE}/items`, { name: 'Sneaky Item', cost: 1, quantity: 1 });
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().message).toBe('Staff access required.');
      expect((await client.delete(`${ADMIN_STORE}/items/${made.json().data.id}`)).statusCode).toBe(403);
      expect((await client.get(`${ADMIN_STORE}/redemptions`)).statusCode).toBe(403);
    }
    expect(await db().selectFrom('store_items').select('id').where('name', '=', 'Sneaky Item').execute()).toEqual([]);
    expect(await db().selectFrom('store_items').select('id').where('id', '=', made.json().data.id).execute()).toHaveLength(1);
  });

  it('deletes an item nobody redeemed, refuses (409) once redeemed, and hides it instead', async () => {
    const spare = await createItem(admin, { name: 'Unloved Keyring' });
    const removed = await admin.delete(`${ADMIN_STORE}/items/${spare.id}`);
    expect(removed.json()).toEqual({ success: true, message: 'Item deleted.' });
    expect(await db().selectFrom('store_items').select('id').where('id', '=', spare.id).execute()).toEqual([]);
    expect((await admin.delete(`${ADMIN_STORE}/items/${spare.id}`)).statusCode).toBe(404);

    const loved = await createItem(admin, { name: 'Loved Keyring', cost: 10 });
    const m = await member('KeyringFan', 100);
    await redeemed(m, loved.id);
    const refused = await admin.delete(`${ADMIN_STORE}/items/${loved.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This item has been redeemed, so it cannot be deleted. Hide it instead.');
    expect(await db().selectFrom('store_items').select('id').where('id', '=', loved.id).execute()).toHaveLength(1);

    expect(await storeItems(m)).toContain('Loved Keyring');
    const hidden = await admin.put(`${ADMIN_STORE}/items/${loved.id}`, { name: 'Loved Keyring', cost: 10, quantity: 9, is_active: false });
    expect(hidden.json().data).toMatchObject({ is_active: false, redeemed_count: 1 });
    expect(await storeItems(m)).not.toContain('Loved Keyring');
    expect((await redeem(m.client, loved.id)).statusCode).toBe(404);
    expect((await db().selectFrom('store_items').select('is_active').where('id', '=', loved.id).executeTakeFirstOrThrow()).is_active).toBe(0);
  });

  it('adds pasted codes once each (blank lines and repeats skipped); stock follows the unused codes', async () => {
    const item = await createItem(admin, { name: 'Promo Codes', cost: 5, quantity: 500, uses_codes: true, new_codes: 'AAA\n\n  \nBBB\r\nAAA\n BBB \nCCC\n' });
    expect(item).toMatchObject({ quantity: 3, codes_unused: 3 });
    const codes = async () => (await db().selectFrom('store_item_codes').select('code').where('item_id', '=', item.id).orderBy('id').execute()).map((c) => c.code);
    expect(await codes()).toEqual(['AAA', 'BBB', 'CCC']);
    const more = await admin.put(`${ADMIN_STORE}/items/${item.id}`, { name: 'Promo Codes', cost: 5, quantity: 0, uses_codes: true, new_codes: 'CCC\nDDD\nDDD' });
    expect(more.json().data).toMatchObject({ quantity: 4, codes_unused: 4 });
    expect(await codes()).toEqual(['AAA', 'BBB', 'CCC', 'DDD']);
    const m = await member('PromoFan', 100);
    await redeemed(m, item.id);
    const view = (await admin.get(`${ADMIN_STORE}/items`)).json().data.find((i: { id: number }) => i.id === item.id);
    expect(view).toMatchObject({ quantity: 3, codes_unused: 3, redeemed_count: 1 });
    const noPool = await admin.post(`${ADMIN_STORE}/items`, { name: 'No Pool', cost: 5, quantity: 1, new_codes: 'ZZZ' });
    expect(noPool.statusCode).toBe(422);
    expect(noPool.json().errors.new_codes).toEqual(['Turn on “Delivers codes” to add codes.']);
  });

  it('filters the queue by pending, processed, refunded and all', async () => {
    const item = await createItem(admin, { name: 'Queue Sticker', cost: 10 });
    const m = await member('QueueFan', 100);
    const [a, b, c] = [await redeemed(m, item.id), await redeemed(m, item.id), await redeemed(m, item.id)];
    await admin.post(`${ADMIN_STORE}/redemptions/${b}/process`);
    await admin.post(`${ADMIN_STORE}/redemptions/${c}/refund`);
    const ids = async (status: string) => (await queue(status)).filter((r) => r.item.id === item.id).map((r) => [r.id, r.status]);
    expect(await ids('pending')).toEqual([[a, 'pending']]);
    expect(await ids('processed')).toEqual([[b, 'processed']]);
    expect(await ids('refunded')).toEqual([[c, 'refunded']]);
    expect(await ids('all')).toEqual([[c, 'refunded'], [b, 'processed'], [a, 'pending']]);
    expect((await admin.get(`${ADMIN_STORE}/redemptions`)).json().data.every((r: QueueRow) => r.status === 'pending')).toBe(true);
    expect((await admin.get(`${ADMIN_STORE}/redemptions?status=lost`)).statusCode).toBe(422);
  });

  it('processes: the member is notified and sees Processed; who and when are recorded; a second process is 409', async () => {
    const item = await createItem(admin, { name: 'Shout Out', cost: 30 });
    const m = await member('ShoutFan', 100);
    const id = await redeemed(m, item.id);
    const response = await admin.post(`${ADMIN_STORE}/redemptions/${id}/process`);
    expect(response.json()).toEqual({ success: true, message: 'Marked as processed. The member has been notified.' });
    const row = await db().selectFrom('store_redemptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'processed', handled_by: adminId, handled_at: expect.any(String) });
    expect((await queue('processed')).find((r) => r.id === id)).toMatchObject({ handled_by: { id: adminId, username: 'HeadKeeper' }, handled_at: row.handled_at });
    expect(await notes(m.id)).toEqual([{ type: 'store_processed', data: JSON.stringify({ message: 'Your Shout Out redemption has been processed.', link: '/store' }) }]);
    const own = (await m.client.get('/api/r/store')).json().data.recent_redemptions[0];
    expect(own).toMatchObject({ id, is_processed: true, status: 'processed' });
    const again = await admin.post(`${ADMIN_STORE}/redemptions/${id}/process`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This redemption was already processed.');
    expect(await notes(m.id)).toHaveLength(1);
    expect((await admin.post(`${ADMIN_STORE}/redemptions/999999/process`)).statusCode).toBe(404);
  });

  it('refunds: points back through the ledger, stock restored, member notified; a second refund or a process is 409', async () => {
    const item = await createItem(admin, { name: 'Refund Tee', cost: 70, quantity: 5 });
    const m = await member('RefundFan', 100);
    const id = await redeemed(m, item.id);
    const before = await rowsOf(db(), m.id, item.id);
    expect(before).toMatchObject({ balance: 30, stock: 4 });
    const response = await admin.post(`${ADMIN_STORE}/redemptions/${id}/refund`);
    expect(response.json()).toEqual({ success: true, message: 'Refunded: the points are back with the member, who has been notified.' });
    const after = await rowsOf(db(), m.id, item.id);
    expect(after).toMatchObject({ balance: 100, stock: 5 });
    expect(after.ledger).toHaveLength(before.ledger.length + 1);
    expect(after.ledger.at(-1)).toMatchObject({ delta: 70, balance_after: 100, reason: 'store_refund', reference: `store_redemption:${id}`, actor_id: adminId });
    expect(after.redemptions).toEqual([expect.objectContaining({ id, status: 'refunded', handled_by: adminId, handled_at: expect.any(String) })]);
    expect(await notes(m.id)).toEqual([
      { type: 'store_refunded', data: JSON.stringify({ message: 'Your Refund Tee redemption was refunded: 70 points are back in your balance.', link: '/store' }) },
    ]);
    for (const action of ['refund', 'process']) {
      const again = await admin.post(`${ADMIN_STORE}/redemptions/${id}/${action}`);
      expect(again.statusCode, action).toBe(409);
      expect(again.json().message).toBe('This redemption was already refunded.');
    }
    expect(await rowsOf(db(), m.id, item.id)).toEqual(after);
    expect(await notes(m.id)).toHaveLength(1);
    const store = (await m.client.get('/api/r/store')).json().data;
    expect(store.recent_redemptions[0]).toMatchObject({ id, status: 'refunded' });
    expect(store.store_items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ user_purchases: 0, quantity: 5, redeemed_count: 0 });
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('leaves a staff member’s own redemption to another staff member: no refunding or processing it themselves', async () => {
    const item = await createItem(admin, { name: 'Staff Tee', cost: 70, quantity: 5 });
    const moderator = await signedInMember(t.app, 'TeeModerator', 'moderator');
    await givePoints(t.app, moderator.id, 100);
    const id = await redeemed(moderator, item.id);
    const before = await rowsOf(db(), moderator.id, item.id);
    for (const action of ['refund', 'process']) {
      const refused = await moderator.client.post(`${ADMIN_STORE}/redemptions/${id}/${action}`);
      expect([refused.statusCode, refused.json().message], action).toEqual([403, 'You cannot handle your own redemption; another staff member has to.']);
    }
    expect(await rowsOf(db(), moderator.id, item.id)).toEqual(before);
    expect((await admin.post(`${ADMIN_STORE}/redemptions/${id}/process`)).statusCode).toBe(200);
  });

  it('refunds a processed code redemption without putting the used code back in stock', async () => {
    const item = await createItem(admin, { name: 'Code Refund', cost: 20, uses_codes: true, new_codes: 'ONE\nTWO' });
    const m = await member('CodeRefundFan', 100);
    const id = await redeemed(m, item.id);
    expect((await admin.post(`${ADMIN_STORE}/redemptions/${id}/process`)).statusCode).toBe(200);
    expect((await admin.post(`${ADMIN_STORE}/redemptions/${id}/refund`)).statusCode).toBe(200);
    const after = await rowsOf(db(), m.id, item.id);
    expect(after).toMatchObject({ balance: 100, stock: 1 });
    expect(after.codes).toEqual([{ code: 'ONE', redemption_id: id }, { code: 'TWO', redemption_id: null }]);
    expect((await notes(m.id)).map((n) => n.type)).toEqual(['store_processed', 'store_refunded']);
    const listed = (await admin.get(`${ADMIN_STORE}/items`)).json().data.find((i: { id: number }) => i.id === item.id);
    expect(listed).toMatchObject({ quantity: 1, redeemed_count: 0, codes_unused: 1 });
  });
});
