import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeQuerySchema } from '../../../common/contracts/store';
import { STORE_RECENT_PURCHASES } from '../../../common/limits';
import { createEventBus } from '../../platform/events';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { createStoreView } from './store-view';
import { ADMIN_STORE, createItem, givePoints, redeem } from './store.testkit';

type Data = {
  user_points: number;
  store_items: { id: number; quantity: number; user_purchases: number }[];
  community_purchases: { id: number; user: { id: number } }[];
  recent_redemptions: { id: number; status: string; is_processed: boolean }[];
};

const storeOn = async (client: TestClient) => {
  const response = await client.get('/api/r/store');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Data;
};

/** The store is kept as ready text (store-view.ts): what a member reads must still be what the database holds. */
describe('store: the kept view stays exact', () => {
  const t = useTestApp();
  let admin: TestClient;
  const member = async (name: string, points: number) => {
    const m = await signedInMember(t.app, name);
    await givePoints(t.app, m.id, points);
    return m;
  };
  /** The member's browser, its requests now answered by another instance of the site. */
  const sameBrowserOnTwin = async (m: SignedInMember) => {
    const client = new TestClient(await t.twin());
    for (const [name, value] of m.client.cookies) client.cookies.set(name, value);
    return client;
  };
  const redeemed = async (m: SignedInMember, itemId: number) => {
    const response = await redeem(m.client, itemId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.redemption.id as number;
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'ViewKeeper', 'admin');
  });

  it('shows a member their own purchase on their next read on another instance, and staff handling it at once', async () => {
    const item = await createItem(admin, { name: 'Twin Shoutout', cost: 40, quantity: 5 });
    const buyer = await member('TwinBuyer', 100);
    const onTwin = await sameBrowserOnTwin(buyer);
    const before = await storeOn(onTwin);
    expect(before.user_points).toBe(100);

    const id = await redeemed(buyer, item.id);
    const after = await storeOn(onTwin);
    expect(after.user_points).toBe(60);
    expect(after.store_items.find((each) => each.id === item.id)?.user_purchases).toBe(1);
    expect(after.recent_redemptions.map((each) => each.id)).toEqual([id]);

    // Processing changes no balance: the store's change alone must reach the buyer's next read.
    expect((await storeOn(buyer.client)).recent_redemptions[0].is_processed).toBe(false);
    expect((await admin.post(`${ADMIN_STORE}/redemptions/${id}/process`)).statusCode).toBe(200);
    expect((await storeOn(buyer.client)).recent_redemptions[0]).toMatchObject({ id, status: 'processed', is_processed: true });
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('shows everyone on another instance the stock and the purchase as soon as the change is heard', async () => {
    const item = await createItem(admin, { name: 'Heard Elsewhere', cost: 10, quantity: 3 });
    const buyer = await member('HeardBuyer', 50);
    const watcher = await signedInMember(t.app, 'HeardWatcher');
    const onTwin = await sameBrowserOnTwin(watcher);
    expect((await storeOn(onTwin)).store_items.find((each) => each.id === item.id)?.quantity).toBe(3);

    const id = await redeemed(buyer, item.id);
    // Well inside the kept copy's 5-second safety net: the event, not the clock, brings the change.
    const deadline = Date.now() + 1_000;
    let seen = await storeOn(onTwin);
    while (seen.store_items.find((each) => each.id === item.id)?.quantity !== 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await storeOn(onTwin);
    }
    expect(seen.store_items.find((each) => each.id === item.id)?.quantity).toBe(2);
    expect(seen.community_purchases[0].id).toBe(id);
  });

  it("keeps a member's answer only while it is true: their points, their role and their search each give a new one", async () => {
    const item = await createItem(admin, { name: 'Lucky Charm', cost: 10 });
    const vipItem = await createItem(admin, { name: 'Lounge Key', cost: 10, required_role: 'vip' });
    const m = await member('KeptAnswer', 100);
    const shown = async (query = '') => {
      const response = await m.client.get(`/api/r/store${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Omit<Data, 'store_items'> & { store_items: { id: number; name: string }[] };
    };
    const first = await shown();
    expect(first.user_points).toBe(100);
    expect(await shown()).toEqual(first);
    await givePoints(t.app, m.id, 5);
    expect((await shown()).user_points).toBe(105);
    expect((await shown('?search=charm')).store_items.map((each) => each.name)).toEqual(['Lucky Charm']);
    expect((await shown('?search=lucky%20charm')).store_items.map((each) => each.name)).toEqual(['Lucky Charm']);
    expect((await shown('?search=charm&price_range=1000-5000')).store_items).toEqual([]);
    const cheapest = (await shown()).store_items.map((each) => each.id);
    expect((await shown('?sort=price_desc')).store_items.map((each) => each.id)).not.toEqual(cheapest);
    expect((await shown()).store_items.map((each) => each.id)).not.toContain(vipItem.id);
    await t.database.db.updateTable('users').set({ role: 'vip' }).where('id', '=', m.id).execute();
    expect((await shown()).store_items.map((each) => each.id)).toEqual(expect.arrayContaining([item.id, vipItem.id]));
  });

  it("builds a member's part once however many of their requests arrive together", async () => {
    await createItem(admin, { name: 'Many Tabs', cost: 10 });
    const m = await member('ManyTabs', 100);
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        queries += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const view = createStoreView({ db: t.database.db.withPlugin(counting), avatarOf: t.app.services.members.avatarOf, events: createEventBus() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => view.json({ id: m.id, role: 'user', points: 100 }, storeQuerySchema.parse({}))));
    // The items and the latest purchases everyone shares, then the member's counts and redemptions: once each.
    expect(queries).toBe(4);
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]).data.store_items.map((each: { name: string }) => each.name)).toContain('Many Tabs');
  });

  it('still lists the latest purchases by others for a member who made most of the recent ones', async () => {
    const item = await createItem(admin, { name: 'Penny Sweet', cost: 1, quantity: 1000 });
    const other = await member('OtherSweetTooth', 100);
    const busy = await member('BusySweetTooth', 100);
    const byOther: number[] = [];
    for (let i = 0; i < STORE_RECENT_PURCHASES; i++) byOther.push(await redeemed(other, item.id));
    const byBusy: number[] = [];
    for (let i = 0; i < STORE_RECENT_PURCHASES * 3; i++) byBusy.push(await redeemed(busy, item.id));

    const seenByBusy = (await storeOn(busy.client)).community_purchases;
    expect(seenByBusy.map((each) => each.id)).toEqual(byOther.toReversed());
    expect(seenByBusy.every((each) => each.user.id === other.id)).toBe(true);
    const seenByOther = (await storeOn(other.client)).community_purchases;
    expect(seenByOther.map((each) => each.id)).toEqual(byBusy.toReversed().slice(0, STORE_RECENT_PURCHASES));
  });
});
