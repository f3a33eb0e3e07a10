import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSAL } from '../../platform/auth/auth';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { STORE_MESSAGES } from './store.service';
import { ADMIN_STORE, createItem, givePoints, names, redeem, rowsOf } from './store.testkit';

type Data = { user_points: number; store_items: Item[]; community_purchases: Purchase[]; recent_redemptions: Own[] };
type Item = { id: number; name: string; quantity: number; user_purchases: number; redeemed_count: number };
type Purchase = { id: number; user: { id: number }; is_processed: boolean };
type Own = Purchase & { status: string; code: string | null };

/** Spec 1 §2 Store, §4 Redemption, §7 store calls, §8 messages, as a member meets them. */
describe('store: members', () => {
  const t = useTestApp();
  let admin: TestClient;
  const member = async (name: string, points = 0, role: 'user' | 'vip' = 'user') => {
    const m = await signedInMember(t.app, name, role);
    if (points) await givePoints(t.app, m.id, points);
    return m;
  };
  const storeOf = async (m: SignedInMember, query = '') => {
    const response = await m.client.get(`/api/r/store${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Data;
  };
  const rows = (m: SignedInMember, itemId: number) => rowsOf(t.database.db, m.id, itemId);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'StoreKeeper', 'admin');
  });

  it('asks visitors to sign in (401) for the store and for redeeming', async () => {
    const item = await createItem(admin, { name: 'Visitor Mug' });
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    const read = await visitor.get('/api/r/store');
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ success: false, message: 'You need to be signed in to do that.' });
    expect((await redeem(visitor, item.id)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('store_redemptions').select('id').where('item_id', '=', item.id).execute()).toEqual([]);
  });

  it('answers with the spec shape: user_points, store_items, community_purchases, recent_redemptions', async () => {
    const item = await createItem(admin, { name: 'Shape Hoodie', description: 'Warm', cost: 150, quantity: 7, max_purchases_per_user: 2 });
    const m = await member('ShapeFan', 400);
    const response = await m.client.get('/api/r/store');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['community_purchases', 'recent_redemptions', 'store_items', 'user_points']);
    expect(body.data.user_points).toBe(400);
    const listed = body.data.store_items.find((i: Item) => i.id === item.id);
    expect(listed).toEqual({
      id: item.id,
      name: 'Shape Hoodie',
      description: 'Warm',
      image: null,
      cost: 150,
      quantity: 7,
      required_role: 'user',
      max_purchases_per_user: 2,
      user_purchases: 0,
      redeemed_count: 0,
      created_at: expect.any(String),
    });
    expect(body.data.recent_redemptions).toEqual([]);
  });

  it('searches names and descriptions, taking % and _ literally', async () => {
    for (const name of ['Zq 50% Voucher', 'Zq 500 Voucher', 'Zq a_b Cap', 'Zq axb Cap']) await createItem(admin, { name });
    await createItem(admin, { name: 'Zq Plain', description: 'has a_b inside' });
    const m = await member('SearchFan');
    const found = async (search: string) => names((await storeOf(m, `?search=${encodeURIComponent(search)}`)).store_items);
    expect(await found('zq 50%')).toEqual(['Zq 50% Voucher']);
    expect(await found('%')).toEqual(['Zq 50% Voucher']);
    expect((await found('A_B')).sort()).toEqual(['Zq Plain', 'Zq a_b Cap']);
    expect(await found('zq a_b')).toEqual(['Zq a_b Cap']);
    expect(await found('zq%voucher')).toEqual([]);
    expect(await found('nothing like this')).toEqual([]);
    expect((await m.client.get(`/api/r/store?search=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });

  it('sorts by price both ways, newest, and popular (most redeemed, refunds not counted); price_asc by default', async () => {
    const one = await createItem(admin, { name: 'Sortie One', cost: 300 });
    await createItem(admin, { name: 'Sortie Two', cost: 100 });
    const three = await createItem(admin, { name: 'Sortie Three', cost: 200 });
    const buyers = await Promise.all([0, 1, 2].map((n) => member(`SortBuyer${n}`, 5000)));
    for (const b of buyers.slice(0, 2)) expect((await redeem(b.client, one.id)).statusCode).toBe(200);
    const threes = [];
    for (const b of buyers) threes.push((await redeem(b.client, three.id)).json().data.redemption.id as number);
    for (const id of threes.slice(0, 2)) expect((await admin.post(`${ADMIN_STORE}/redemptions/${id}/refund`)).statusCode).toBe(200);
    const m = buyers[0];
    const sorted = async (sort: string) => names((await storeOf(m, `?search=sortie${sort ? `&sort=${sort}` : ''}`)).store_items);
    expect(await sorted('')).toEqual(['Sortie Two', 'Sortie Three', 'Sortie One']);
    expect(await sorted('price_asc')).toEqual(['Sortie Two', 'Sortie Three', 'Sortie One']);
    expect(await sorted('price_desc')).toEqual(['Sortie One', 'Sortie Three', 'Sortie Two']);
    expect(await sorted('newest')).toEqual(['Sortie Three', 'Sortie Two', 'Sortie One']);
    expect(await sorted('popular')).toEqual(['Sortie One', 'Sortie Three', 'Sortie Two']);
    const counts = (await storeOf(m, '?search=sortie')).store_items.map((i) => [i.name, i.redeemed_count]);
    expect(counts).toEqual([['Sortie Two', 0], ['Sortie Three', 1], ['Sortie One', 2]]);
    const bad = await m.client.get('/api/r/store?sort=cheapest');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Sort by price_asc, price_desc, popular or newest.');
  });

  it('filters by the four price ranges and refuses any other (422)', async () => {
    for (const cost of [500, 1000, 3000, 7000, 20000]) await createItem(admin, { name: `Ranged ${cost}`, cost });
    const m = await member('RangeFan');
    const inRange = async (range: string) => names((await storeOf(m, `?search=ranged&price_range=${encodeURIComponent(range)}`)).store_items);
    expect(await inRange('0-1000')).toEqual(['Ranged 500', 'Ranged 1000']);
    expect(await inRange('1000-5000')).toEqual(['Ranged 1000', 'Ranged 3000']);
    expect(await inRange('5000-10000')).toEqual(['Ranged 7000']);
    expect(await inRange('10000+')).toEqual(['Ranged 20000']);
    expect(names((await storeOf(m, '?search=ranged')).store_items)).toHaveLength(5);
    const bad = await m.client.get('/api/r/store?price_range=1-2');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ success: false, message: 'Choose a price range from the list.' });
  });

  it('hides items above your role and hidden items, and answers 404 when you redeem them, changing nothing', async () => {
    const vipOnly = await createItem(admin, { name: 'Velvet Rope Pass', required_role: 'vip', cost: 10 });
    const hidden = await createItem(admin, { name: 'Vault Secret', cost: 10, is_active: false });
    const user = await member('PlainUser', 1000);
    const vip = await member('VipUser', 1000, 'vip');
    expect(names((await storeOf(user)).store_items)).not.toContain('Velvet Rope Pass');
    expect(names((await storeOf(vip)).store_items)).toContain('Velvet Rope Pass');
    for (const m of [user, vip]) expect(names((await storeOf(m)).store_items)).not.toContain('Vault Secret');
    for (const [m, id] of [[user, vipOnly.id], [user, hidden.id], [vip, hidden.id], [user, 999_999]] as const) {
      const before = await rows(m, id === 999_999 ? vipOnly.id : id);
      const response = await redeem(m.client, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: STORE_MESSAGES.notFound });
      expect(await rows(m, id === 999_999 ? vipOnly.id : id)).toEqual(before);
    }
    expect((await redeem(vip.client, vipOnly.id)).statusCode).toBe(200);
  });

  it('refuses out of stock, the limit and too few points with the spec messages, changing nothing', async () => {
    const empty = await createItem(admin, { name: 'Sold Out Scarf', quantity: 0 });
    const limited = await createItem(admin, { name: 'Once Only Pin', cost: 100, max_purchases_per_user: 1 });
    const dear = await createItem(admin, { name: 'Golden Ticket', cost: 1500 });
    const m = await member('Refused', 250);
    expect((await redeem(m.client, limited.id)).statusCode).toBe(200);
    const cases = [
      [empty.id, 'This item is out of stock.'],
      [limited.id, 'You have reached the limit of 1 for this item.'],
      [dear.id, 'You need 1,500 points for this item; you have 150.'],
    ] as const;
    for (const [id, message] of cases) {
      const before = await rows(m, id);
      const response = await redeem(m.client, id);
      expect(response.statusCode, message).toBe(409);
      expect(response.json()).toEqual({ success: false, message });
      expect(await rows(m, id), message).toEqual(before);
    }
    expect(STORE_MESSAGES.outOfStock).toBe(cases[0][1]);
    const seen = (await storeOf(m)).store_items.find((i) => i.id === limited.id);
    expect(seen).toMatchObject({ user_purchases: 1, quantity: 9 });
  });

  it('redeems: message, balance down by the cost, one store_redemption ledger row, stock -1, pending for you, seen by others', async () => {
    const item = await createItem(admin, { name: 'Signed Poster', cost: 120, quantity: 4 });
    const buyer = await member('PosterBuyer', 500);
    const other = await member('PosterWatcher');
    const before = await rows(buyer, item.id);
    const response = await redeem(buyer.client, item.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Item redeemed successfully!', data: { balance: 380 } });
    const after = await rows(buyer, item.id);
    expect(after.balance).toBe(380);
    expect(after.stock).toBe(before.stock - 1);
    expect(after.ledger).toHaveLength(before.ledger.length + 1);
    expect(after.ledger.at(-1)).toMatchObject({ delta: -120, balance_after: 380, reason: 'store_redemption' });
    expect(after.redemptions).toEqual([expect.objectContaining({ id: body.data.redemption.id, user_id: buyer.id, cost: 120, status: 'pending', handled_by: null })]);
    const own = await storeOf(buyer);
    expect(own.user_points).toBe(380);
    expect(own.recent_redemptions[0]).toMatchObject({ id: body.data.redemption.id, item: { name: 'Signed Poster', cost: 120 }, is_processed: false, status: 'pending', code: null });
    expect(own.community_purchases.map((p) => p.user.id)).not.toContain(buyer.id);
    const seen = (await storeOf(other)).community_purchases.find((p) => p.id === body.data.redemption.id);
    expect(seen).toMatchObject({ item: { name: 'Signed Poster', cost: 120 }, user: { id: buyer.id, username: 'PosterBuyer' }, is_processed: false });
    expect(seen).not.toHaveProperty('code');
    expect((await storeOf(other)).recent_redemptions).toEqual([]);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('hands one code from the pool to the buyer only; stock follows the unused codes', async () => {
    const item = await createItem(admin, { name: 'Gift Card', cost: 50, quantity: 99, uses_codes: true, new_codes: 'GIFT-AAA-111\nGIFT-BBB-222\nGIFT-CCC-333' });
    expect(item).toMatchObject({ quantity: 3, codes_unused: 3, uses_codes: true });
    const buyer = await member('CardBuyer', 500);
    const second = await member('CardBuyerTwo', 500);
    const watcher = await member('CardWatcher');
    const response = await redeem(buyer.client, item.id);
    expect(response.statusCode, response.body).toBe(200);
    const code = response.json().data.redemption.code as string;
    expect(code).toBe('GIFT-AAA-111');
    expect((await storeOf(buyer)).recent_redemptions[0]).toMatchObject({ code, status: 'pending' });
    const codeRows = (await rows(buyer, item.id)).codes;
    expect(codeRows.filter((c) => c.redemption_id !== null)).toEqual([{ code, redemption_id: response.json().data.redemption.id }]);
    const secondRedeem = await redeem(second.client, item.id);
    expect(secondRedeem.json().data.redemption.code).toBe('GIFT-BBB-222');
    for (const raw of [secondRedeem.body, (await watcher.client.get('/api/r/store')).body, (await second.client.get('/api/r/store')).body]) {
      expect(raw).not.toContain(code);
    }
    expect((await admin.get(`${ADMIN_STORE}/redemptions?status=all`)).body).not.toContain(code);
    const adminView = (await admin.get(`${ADMIN_STORE}/items`)).json().data.find((i: { id: number }) => i.id === item.id);
    expect(adminView).toMatchObject({ quantity: 1, codes_unused: 1 });
    expect((await storeOf(watcher)).store_items.find((i) => i.id === item.id)?.quantity).toBe(1);
  });

  it('refuses a redeem without the CSRF token (403), changing nothing', async () => {
    const item = await createItem(admin, { name: 'Forged Badge', cost: 10 });
    const m = await member('CsrfVictim', 100);
    const before = await rows(m, item.id);
    const response = await m.client.post(`/api/r/store/${item.id}/redeem`, undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CSRF_REFUSAL);
    const forged = await m.client.post(`/api/r/store/${item.id}/redeem`, undefined, { csrf: false, headers: { 'x-csrf-token': 'forged' } });
    expect(forged.statusCode).toBe(403);
    expect(await rows(m, item.id)).toEqual(before);
  });
});
