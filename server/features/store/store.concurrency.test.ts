import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, type TestClient } from '../../test/client';
import { STORE_MESSAGES } from './store.service';
import { createItem, givePoints, redeem, rowsOf, statuses } from './store.testkit';

/** Real parallel requests (Promise.all over app.inject): one transaction per redemption must hold. */
describe('store under concurrent redeems', () => {
  const t = useTestApp();
  let admin: TestClient;
  const db = () => t.database.db;

  /** Members signed in 20 at a time, each given `points`. */
  async function members(prefix: string, count: number, points: number) {
    const made: SignedInMember[] = [];
    for (let start = 0; start < count; start += 20) {
      const batch = Array.from({ length: Math.min(20, count - start) }, (_, index) => signedInMember(t.app, `${prefix}${start + index}`));
      made.push(...(await Promise.all(batch)));
    }
    await Promise.all(made.map((m) => givePoints(t.app, m.id, points)));
    return made;
  }
  const balances = async (ids: number[]) =>
    new Map((await db().selectFrom('users').select(['id', 'points']).where('id', 'in', ids).execute()).map((row) => [row.id, Number(row.points)]));
  const messages = (responses: { statusCode: number; json(): { message: string } }[]) => [...new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().message))];

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RushKeeper', 'admin');
  });

  it('the same member redeeming twice at the same instant with points for one is charged once', async () => {
    const item = await createItem(admin, { name: 'Twin Click', cost: 100, quantity: 10 });
    const [m] = await members('TwinClicker', 1, 150);
    const responses = await Promise.all([redeem(m.client, item.id), redeem(m.client, item.id)]);
    expect(statuses(responses)).toEqual({ 200: 1, 409: 1 });
    expect(messages(responses)).toEqual([STORE_MESSAGES.points(100, 50)]);
    const rows = await rowsOf(db(), m.id, item.id);
    expect(rows).toMatchObject({ balance: 50, stock: 9 });
    expect(rows.redemptions).toHaveLength(1);
    expect(rows.ledger.filter((entry) => entry.reason === 'store_redemption')).toHaveLength(1);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('200 members on an item with stock 50: exactly 50 purchases, stock 0, the rest out of stock, ledgers whole', { timeout: 120_000 }, async () => {
    const item = await createItem(admin, { name: 'Limited Drop', cost: 100, quantity: 50 });
    const crowd = await members('Crowd', 200, 250);
    const responses = await Promise.all(crowd.map((m) => redeem(m.client, item.id)));
    expect(statuses(responses)).toEqual({ 200: 50, 409: 150 });
    expect(messages(responses)).toEqual([STORE_MESSAGES.outOfStock]);
    const redemptions = await db().selectFrom('store_redemptions').select(['user_id', 'cost']).where('item_id', '=', item.id).execute();
    expect(redemptions).toHaveLength(50);
    const winners = new Set(redemptions.map((r) => r.user_id));
    expect(winners.size).toBe(50);
    const stock = await db().selectFrom('store_items').select(['quantity', 'redeemed_count']).where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(stock).toEqual({ quantity: 0, redeemed_count: 50 });
    const after = await balances(crowd.map((m) => m.id));
    crowd.forEach((m, index) => {
      expect(responses[index].statusCode === 200, m.name).toBe(winners.has(m.id));
      expect(after.get(m.id), m.name).toBe(winners.has(m.id) ? 150 : 250);
    });
    const charges = await db().selectFrom('points_ledger').select('user_id').where('reason', '=', 'store_redemption').where('reference', 'like', 'store_redemption:%').where('user_id', 'in', crowd.map((m) => m.id)).execute();
    expect(charges).toHaveLength(50);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('one member firing 20 redeems at once with points for exactly 3 gets exactly 3, ending at 0', async () => {
    const item = await createItem(admin, { name: 'Triple Treat', cost: 40, quantity: 100 });
    const [m] = await members('Hammer', 1, 120);
    const responses = await Promise.all(Array.from({ length: 20 }, () => redeem(m.client, item.id)));
    expect(statuses(responses)).toEqual({ 200: 3, 409: 17 });
    expect(messages(responses)).toEqual([STORE_MESSAGES.points(40, 0)]);
    const okBalances = responses.filter((r) => r.statusCode === 200).map((r) => r.json().data.balance as number);
    expect(okBalances.sort((a, b) => a - b)).toEqual([0, 40, 80]);
    const rows = await rowsOf(db(), m.id, item.id);
    expect(rows).toMatchObject({ balance: 0, stock: 97 });
    expect(rows.redemptions).toHaveLength(3);
    expect(rows.ledger.every((entry) => Number(entry.balance_after) >= 0)).toBe(true);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('a member at the limit cannot pass it with parallel clicks', async () => {
    const item = await createItem(admin, { name: 'Two Per Head', cost: 10, quantity: 100, max_purchases_per_user: 2 });
    const [m] = await members('Limiter', 1, 1000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => redeem(m.client, item.id)));
    expect(statuses(responses)).toEqual({ 200: 2, 409: 8 });
    expect(messages(responses)).toEqual([STORE_MESSAGES.limit(2)]);
    expect(await rowsOf(db(), m.id, item.id)).toMatchObject({ balance: 980, stock: 98 });
  });

  it('5 codes and 20 parallel redeemers: 5 successes, 5 distinct codes, each bound to its redemption', async () => {
    const codes = ['RUSH-1', 'RUSH-2', 'RUSH-3', 'RUSH-4', 'RUSH-5'];
    const item = await createItem(admin, { name: 'Rush Codes', cost: 25, quantity: 0, uses_codes: true, new_codes: codes.join('\n') });
    expect(item.quantity).toBe(5);
    const crowd = await members('CodeRush', 20, 100);
    const responses = await Promise.all(crowd.map((m) => redeem(m.client, item.id)));
    expect(statuses(responses)).toEqual({ 200: 5, 409: 15 });
    expect(messages(responses)).toEqual([STORE_MESSAGES.outOfStock]);
    const handed = responses.filter((r) => r.statusCode === 200).map((r) => r.json().data.redemption.code as string);
    expect([...handed].sort()).toEqual(codes);
    const rows = await db().selectFrom('store_item_codes').innerJoin('store_redemptions as r', 'r.id', 'store_item_codes.redemption_id').select(['code', 'r.user_id']).where('store_item_codes.item_id', '=', item.id).execute();
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(5);
    crowd.forEach((m, index) => {
      if (responses[index].statusCode !== 200) return;
      const code = responses[index].json().data.redemption.code;
      expect(rows.find((row) => row.code === code)?.user_id).toBe(m.id);
    });
    expect((await db().selectFrom('store_items').select('quantity').where('id', '=', item.id).executeTakeFirstOrThrow()).quantity).toBe(0);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('staff refunding and processing the same redemption at once: one wins, points back at most once', async () => {
    const item = await createItem(admin, { name: 'Double Handle', cost: 60, quantity: 5 });
    const [m] = await members('DoubleHandled', 1, 60);
    const id = (await redeem(m.client, item.id)).json().data.redemption.id as number;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => admin.post(`/admin-new/api/store/redemptions/${id}/${index % 2 ? 'process' : 'refund'}`)),
    );
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const rows = await rowsOf(db(), m.id, item.id);
    const refunds = rows.ledger.filter((entry) => entry.reason === 'store_refund');
    expect(refunds.length).toBeLessThanOrEqual(1);
    expect(rows.balance).toBe(refunds.length ? 60 : 0);
    expect(rows.stock).toBe(refunds.length ? 5 : 4);
    const counted = await db().selectFrom('store_items').select('redeemed_count').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(Number(counted.redeemed_count)).toBe(refunds.length ? 0 : 1);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });
});
