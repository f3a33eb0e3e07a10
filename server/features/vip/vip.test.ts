import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { vipDataResponseSchema, vipHistoryResponseSchema } from '../../../common/contracts/vip';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site-settings-defaults';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { multipart } from '../../test/multipart';
import { ADMIN, addLeaderboard, createBoard, importWagers, platforms } from '../leaderboards/leaderboards.testkit';
import { VIP_MESSAGES } from './vip.service';

const DAY = 86_400_000;
/** The weekly periods started two days ago at midnight (UTC); the clock moves through their days by hand. */
const day0 = Math.floor(Date.now() / DAY) * DAY - 2 * DAY;
const dayOf = (offset: number) => new Date(day0 + offset * DAY).toISOString().slice(0, 10);
const onDay = (offset: number, hours = 12) => new Date(day0 + offset * DAY + hours * 3_600_000).toISOString();

/**
 * The member's side of VIP rewards (spec 2 /vip-rewards, §3 VIP data and claim history, §4, §7, §8;
 * docs/decisions/015-vip-rewards.md): wagers per platform from the casino names, tiers and their dates,
 * the exact shapes of both reads, and claims as they change points, history and notifications.
 */
describe('VIP rewards for members', () => {
  const clock = manualClock(onDay(0));
  const t = useTestApp({ now: clock.now });
  let admin: TestClient;
  let whale: SignedInMember;
  let logo: string;
  const platformIds: Record<string, number> = {};
  const tierIds: Record<string, number> = {};
  let roobetPeriod: number;

  const createTier = async (platform: string, fields: Record<string, unknown>) => {
    const response = await admin.post(`${ADMIN}/vip/tiers`, { platform_id: platformIds[platform], description: `About ${fields.name}.`, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const tiers = (await admin.get(`${ADMIN}/vip/tiers`)).json<{ data: { id: number; name: string }[] }>().data;
    tierIds[fields.name as string] = tiers.find((tier) => tier.name === fields.name)!.id;
  };
  const casinoSlots = async (enabled: [boolean, boolean, boolean]) => {
    const casino = { ...DEFAULT_SITE_SETTINGS.casino, crypto1_enabled: enabled[0], crypto2_enabled: enabled[1], crypto3_enabled: enabled[2] };
    expect((await admin.put('/admin-new/api/settings', { ...DEFAULT_SITE_SETTINGS, casino })).statusCode).toBe(200);
  };
  const setPlatformActive = async (name: string, is_active: boolean) => {
    const { id, leaderboards: _, ...platform } = (await platforms(admin)).find((row) => row.name === name)!;
    expect((await admin.put(`${ADMIN}/leaderboards/platforms/${id}`, { ...platform, is_active })).statusCode).toBe(200);
  };
  const member = async (name: string, names: Record<string, string>) => {
    const signed = await signedInMember(t.app, name);
    if (Object.keys(names).length) expect((await signed.client.post('/api/r/profile/update', names)).statusCode).toBe(200);
    return signed;
  };
  const read = async (client: TestClient, url = '/api/r/vip-rewards') => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return vipDataResponseSchema.parse(response.json()).data;
  };
  const history = async (client: TestClient) => vipHistoryResponseSchema.parse((await client.get('/api/r/vip-rewards/history')).json()).data;
  const claim = (client: TestClient, tier: string) => client.post(`/api/r/vip-rewards/${tierIds[tier]}/claim`, {});
  const balance = async (client: TestClient) => (await client.get('/api/r/session')).json<{ user: { points: number } }>().user.points;

  /** A tier as the member sees it, with the fields every tier of this test shares filled in. */
  const tier = (name: string, fields: Record<string, unknown>) => ({
    id: tierIds[name], name, description: `About ${name}.`, image: null, uses_date_filter: false, count_wager_after_date: null,
    user_wagered_for_tier: null, already_claimed: false, ...fields,
  });

  beforeAll(async () => {
    admin = await signedIn(t.app, 'VipStaff', 'admin');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a0f' } }).png().toBuffer();
    const { payload, headers } = await multipart([{ name: 'logo.png', type: 'image/png', data: png }]);
    logo = (await admin.post(`${ADMIN}/leaderboards/platform-images`, payload, { headers })).json<{ path: string }>().path;
    const starts_at = new Date(day0).toISOString();
    const roobet = await createBoard(admin, { name: 'Roobet', slug: 'roobet', casino_slot: 1, image: logo, display_order: 1 }, { starts_at });
    const stake = await createBoard(admin, { name: 'Stake', slug: 'stake', casino_slot: 2, display_order: 2 }, { starts_at });
    const stakeSports = await addLeaderboard(admin, stake.platform.id, { leaderboard_type: 'sports_bet', starts_at });
    const gamdom = await createBoard(admin, { name: 'Gamdom', slug: 'gamdom', casino_slot: 3, display_order: 3 }, { starts_at });
    const shuffle = await createBoard(admin, { name: 'Shuffle', slug: 'shuffle', casino_slot: null, display_order: 4 }, { starts_at });
    for (const board of [roobet, stake, gamdom, shuffle]) platformIds[board.platform.name] = board.platform.id;
    roobetPeriod = roobet.periodId;

    // Day 0: the partners' figures, names in any case; Shuffle maps to no casino slot, so its wagers never count.
    await importWagers(admin, roobet.periodId, [['whale_One', 1000], ['Racer', 5000], ['Racer2', 5000]]);
    await importWagers(admin, stake.periodId, [['Whale-Two', 1000.25]]);
    await importWagers(admin, stakeSports.periodId, [['WHALE-TWO', 250.5]]);
    await importWagers(admin, gamdom.periodId, [['whale3', 77]]);
    await importWagers(admin, shuffle.periodId, [['WHALE_ONE', 5000]]);
    // Day 2: the whale's Roobet total grows by 234.56, which is all that tiers dated from day 1 or 2 count.
    clock.set(onDay(2));
    await importWagers(admin, roobet.periodId, [['WHALE_ONE', 1234.56]]);

    await createTier('Roobet', { name: 'Bronze', reward_type: 'points', reward_amount: 500, min_wagered: 1000, display_order: 1 });
    await createTier('Roobet', { name: 'Gold', reward_type: 'cash', reward_amount: 100, min_wagered: 1234.57, display_order: 2 });
    await createTier('Roobet', { name: 'Silver', reward_type: 'cash', reward_amount: 25.5, min_wagered: 1234.56, display_order: 2 });
    await createTier('Roobet', { name: 'Day one on', reward_type: 'points', reward_amount: 50, min_wagered: 234.57, count_wager_after_date: dayOf(1), display_order: 3 });
    await createTier('Roobet', { name: 'Day two on', reward_type: 'points', reward_amount: 50, min_wagered: 234.56, count_wager_after_date: dayOf(2), display_order: 3 });
    await createTier('Roobet', { name: 'From tomorrow', reward_type: 'other', min_wagered: 0.01, count_wager_after_date: dayOf(3), display_order: 4 });
    await createTier('Roobet', { name: 'Switched off', reward_type: 'points', reward_amount: 5, min_wagered: 1, is_active: false });
    await createTier('Stake', { name: 'Stake Hoodie', reward_type: 'other', min_wagered: 1250.75 });
    await createTier('Gamdom', { name: 'Gamdom Perk', reward_type: 'points', reward_amount: 10, min_wagered: 1 });
    await createTier('Shuffle', { name: 'Shuffle Perk', reward_type: 'points', reward_amount: 10, min_wagered: 1 });

    // The third casino slot is off by default: the whale saves a name there while it is on, then staff switch it off.
    await casinoSlots([true, true, true]);
    whale = await member('VipWhale', { crypto: 'WHALE_one', crypto2: 'whale-two', crypto3: 'Whale3' });
    await casinoSlots([true, true, false]);
  });

  it('answers the spec’s VIP data exactly: wagers per linked platform from the names in any case, each active tier with its progress', async () => {
    const response = await whale.client.get('/api/r/vip-rewards?_=1763884800000');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      message: 'VIP rewards loaded.',
      data: {
        user_stats: { total_wagered: 2485.31 },
        tiers_by_platform: {
          Roobet: {
            platform: { id: platformIds.Roobet, name: 'Roobet', image: logo },
            user_wagered: 1234.56,
            tiers: [
              tier('Bronze', { reward_type: 'points', reward_amount: 500, min_wagered: 1000, can_claim: true }),
              tier('Silver', { reward_type: 'cash', reward_amount: 25.5, min_wagered: 1234.56, can_claim: true }),
              tier('Gold', { reward_type: 'cash', reward_amount: 100, min_wagered: 1234.57, can_claim: false }),
              tier('Day two on', { reward_type: 'points', reward_amount: 50, min_wagered: 234.56, uses_date_filter: true, count_wager_after_date: dayOf(2), user_wagered_for_tier: 234.56, can_claim: true }),
              tier('Day one on', { reward_type: 'points', reward_amount: 50, min_wagered: 234.57, uses_date_filter: true, count_wager_after_date: dayOf(1), user_wagered_for_tier: 234.56, can_claim: false }),
              tier('From tomorrow', { reward_type: 'other', reward_amount: 0, min_wagered: 0.01, uses_date_filter: true, count_wager_after_date: dayOf(3), user_wagered_for_tier: 0, can_claim: false }),
            ],
          },
          Stake: {
            platform: { id: platformIds.Stake, name: 'Stake', image: null },
            user_wagered: 1250.75,
            tiers: [tier('Stake Hoodie', { reward_type: 'other', reward_amount: 0, min_wagered: 1250.75, can_claim: true })],
          },
        },
      },
    });
    expect(Object.keys(response.json().data.tiers_by_platform)).toEqual(['Roobet', 'Stake']);
  });

  it('follows the site’s casino slots and the platforms staff switch off', async () => {
    expect((await claim(whale.client, 'Gamdom Perk')).json()).toEqual({ success: false, message: VIP_MESSAGES.notLinked('Gamdom') });
    await casinoSlots([true, true, true]);
    const withThird = await read(whale.client);
    expect(withThird.user_stats.total_wagered).toBe(2562.31);
    expect(withThird.tiers_by_platform.Gamdom).toEqual({
      platform: { id: platformIds.Gamdom, name: 'Gamdom', image: null },
      user_wagered: 77,
      tiers: [tier('Gamdom Perk', { reward_type: 'points', reward_amount: 10, min_wagered: 1, can_claim: true })],
    });
    await casinoSlots([false, true, true]);
    await setPlatformActive('Stake', false);
    const data = await read(whale.client);
    expect(data).toEqual({ user_stats: { total_wagered: 77 }, tiers_by_platform: { Gamdom: withThird.tiers_by_platform.Gamdom } });
    expect((await claim(whale.client, 'Bronze')).json().message).toBe(VIP_MESSAGES.notLinked('Roobet'));
    expect((await claim(whale.client, 'Stake Hoodie')).json().message).toBe(VIP_MESSAGES.notLinked('Stake'));
    await setPlatformActive('Stake', true);
    await casinoSlots([true, true, false]);
    expect((await read(whale.client)).user_stats.total_wagered).toBe(2485.31);
  });

  it('shows a linked platform with nothing wagered yet, and nothing to a member without names', async () => {
    const { client } = await member('VipNewcomer', { crypto: 'nobody-wagered-yet' });
    const data = await read(client);
    expect(data.user_stats).toEqual({ total_wagered: 0 });
    expect(Object.keys(data.tiers_by_platform)).toEqual(['Roobet']);
    expect(data.tiers_by_platform.Roobet.user_wagered).toBe(0);
    expect(data.tiers_by_platform.Roobet.tiers.filter((row) => row.can_claim)).toEqual([]);
    expect((await claim(client, 'Bronze')).json()).toEqual({ success: false, message: 'You have wagered $0.00 of the $1,000.00 this reward needs.' });
    const { client: unnamed } = await member('VipUnnamed', {});
    expect(await read(unnamed)).toEqual({ user_stats: { total_wagered: 0 }, tiers_by_platform: {} });
    expect((await unnamed.get('/api/r/vip-rewards/history')).json()).toEqual({ success: true, data: [] });
  });

  it('follows the member’s casino names from their next read on, and a claim reads them as stored', async () => {
    const { client, id } = await member('VipRenamer', {});
    expect((await read(client)).tiers_by_platform).toEqual({});
    expect((await client.post('/api/r/profile/update', { crypto: 'racer' })).statusCode).toBe(200);
    expect((await read(client)).tiers_by_platform.Roobet.user_wagered).toBe(5000);
    // Staff (or another program) clear the name straight in the database: the page and a claim both follow it.
    await t.database.db.updateTable('users').set({ crypto: null }).where('id', '=', id).execute();
    expect((await read(client)).tiers_by_platform).toEqual({});
    expect((await claim(client, 'Bronze')).json()).toEqual({ success: false, message: VIP_MESSAGES.notLinked('Roobet') });
  });

  it('shows new wagers and staff’s change to a tier at the member’s next read', async () => {
    const { client } = await member('VipWatcher', { crypto: 'vip-watcher' });
    expect((await read(client)).tiers_by_platform.Roobet.user_wagered).toBe(0);
    await importWagers(admin, roobetPeriod, [['VIP-watcher', 12.5]]);
    expect((await read(client)).tiers_by_platform.Roobet.user_wagered).toBe(12.5);
    const bronze = () => read(client).then((data) => data.tiers_by_platform.Roobet.tiers.find((row) => row.name === 'Bronze'));
    const edit = (fields: Record<string, unknown>) =>
      admin.put(`${ADMIN}/vip/tiers/${tierIds.Bronze}`, { platform_id: platformIds.Roobet, name: 'Bronze', description: 'About Bronze.', reward_type: 'points', reward_amount: 500, min_wagered: 1000, display_order: 1, ...fields });
    expect(await bronze()).toMatchObject({ min_wagered: 1000, reward_amount: 500 });
    expect((await edit({ min_wagered: 6000, reward_amount: 700 })).statusCode).toBe(200);
    expect(await bronze()).toMatchObject({ min_wagered: 6000, reward_amount: 700 });
    expect((await edit({ is_active: false })).statusCode).toBe(200);
    expect(await bronze()).toBeUndefined();
    expect((await edit({})).statusCode).toBe(200);
    expect(await bronze()).toMatchObject({ min_wagered: 1000, reward_amount: 500 });
  });

  it('decides a claim from the platform as stored, not as the pages keep it', async () => {
    const { client } = await member('VipSlotMover', { crypto: 'vip-slot-mover' });
    expect(Object.keys((await read(client)).tiers_by_platform)).toContain('Roobet');
    expect((await claim(client, 'Bronze')).json()).toEqual({ success: false, message: 'You have wagered $0.00 of the $1,000.00 this reward needs.' });
    // Moved off its casino slot outside the site (no generation bump): the kept platforms still map it to slot 1.
    await t.database.db.updateTable('partner_platforms').set({ casino_slot: null }).where('id', '=', platformIds.Roobet).execute();
    try {
      expect((await claim(client, 'Bronze')).json()).toEqual({ success: false, message: VIP_MESSAGES.notLinked('Roobet') });
    } finally {
      await t.database.db.updateTable('partner_platforms').set({ casino_slot: 1 }).where('id', '=', platformIds.Roobet).execute();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('shows staff’s change to a tier on another instance at the member’s next read', async () => {
    const { client } = await member('VipTwinWatcher', { crypto: 'vip-twin-watcher' });
    const twin = new TestClient(await t.twin({ now: clock.now }));
    for (const [name, value] of client.cookies) twin.cookies.set(name, value);
    const names = async () => Object.values((await read(twin)).tiers_by_platform).flatMap((platform) => platform.tiers.map((row) => row.name));
    expect(await names()).toContain('Day one on');
    const dayOne = (await admin.get(`${ADMIN}/vip/tiers`)).json<{ data: { id: number; name: string }[] }>().data.find((row) => row.name === 'Day one on')!;
    const fields = { platform_id: platformIds.Roobet, name: 'Day one on', description: 'About Day one on.', reward_type: 'points', reward_amount: 50, min_wagered: 234.57, count_wager_after_date: dayOf(1), display_order: 3 };
    expect((await admin.put(`${ADMIN}/vip/tiers/${dayOne.id}`, { ...fields, is_active: false })).statusCode).toBe(200);
    expect(await names()).not.toContain('Day one on');
    expect((await admin.put(`${ADMIN}/vip/tiers/${dayOne.id}`, { ...fields, is_active: true })).statusCode).toBe(200);
    expect(await names()).toContain('Day one on');
  });

  it('refuses signed-out visitors on all three calls', async () => {
    const visitor = new TestClient(t.app);
    await visitor.page('/vip-rewards');
    const refusal = { success: false, message: 'You need to be signed in to do that.' };
    for (const response of [await visitor.get('/api/r/vip-rewards'), await visitor.get('/api/r/vip-rewards/history'), await claim(visitor, 'Bronze')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(refusal);
    }
  });

  it('refuses with the reason: a cent short, not yet dated wagers, unknown, switched off, another platform’s name missing', async () => {
    const refused = async (name: string, status: number, message: string) => {
      const response = await claim(whale.client, name);
      expect(response.statusCode, name).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    };
    await refused('Gold', 409, 'You have wagered $1,234.56 of the $1,234.57 this reward needs.');
    await refused('Day one on', 409, VIP_MESSAGES.notEligible(234.56, 234.57));
    await refused('From tomorrow', 409, VIP_MESSAGES.notEligible(0, 0.01));
    await refused('Switched off', 404, VIP_MESSAGES.notFound);
    await refused('Shuffle Perk', 409, VIP_MESSAGES.notLinked('Shuffle'));
    expect((await whale.client.post('/api/r/vip-rewards/987654/claim', {})).json()).toEqual({ success: false, message: VIP_MESSAGES.notFound });
    // A tier switched off after the page showed it is refused at claim time.
    const hoodie = (await admin.get(`${ADMIN}/vip/tiers`)).json<{ data: { id: number; [key: string]: unknown }[] }>().data.find((row) => row.id === tierIds['Stake Hoodie'])!;
    const input = { platform_id: platformIds.Stake, name: hoodie.name, description: hoodie.description, reward_type: 'other', min_wagered: hoodie.min_wagered };
    expect((await admin.put(`${ADMIN}/vip/tiers/${hoodie.id}`, { ...input, is_active: false })).statusCode).toBe(200);
    await refused('Stake Hoodie', 404, VIP_MESSAGES.notFound);
    expect((await admin.put(`${ADMIN}/vip/tiers/${hoodie.id}`, input)).statusCode).toBe(200);
    expect(await history(whale.client)).toEqual([]);
  });

  it('credits points through the ledger, queues cash, and answers the claim history exactly, newest first', async () => {
    const before = await balance(whale.client);
    const bronzeOnPage = async () => (await read(whale.client)).tiers_by_platform.Roobet.tiers.find((row) => row.name === 'Bronze');
    expect(await bronzeOnPage()).toMatchObject({ already_claimed: false, can_claim: true });
    expect((await claim(whale.client, 'Bronze')).json()).toEqual({ success: true, message: 'Reward claimed! 500 points have been added to your balance.' });
    expect(await bronzeOnPage()).toMatchObject({ already_claimed: true, can_claim: false });
    const bronzeAt = clock.now().toISOString();
    clock.set(onDay(2, 13));
    expect((await claim(whale.client, 'Silver')).json()).toEqual({ success: true, message: VIP_MESSAGES.claimedPending });
    clock.set(onDay(2, 14));
    expect((await claim(whale.client, 'Day two on')).json()).toEqual({ success: true, message: VIP_MESSAGES.claimedPoints(50) });
    expect((await claim(whale.client, 'Bronze')).json()).toEqual({ success: false, message: VIP_MESSAGES.alreadyClaimed });

    const items = await history(whale.client);
    expect(items.map((item) => item.tier.name)).toEqual(['Day two on', 'Silver', 'Bronze']);
    const [dated, silver, bronze] = items;
    expect(bronze).toEqual({
      id: bronze.id, tier: { name: 'Bronze', description: 'About Bronze.', image: null }, reward_type: 'points', reward_amount: 500,
      created_at: bronzeAt, processed_at: bronzeAt, processed: true, wagered_amount_at_claim: 1234.56, status: 'processed', reject_reason: null,
    });
    expect(silver).toEqual({
      id: silver.id, tier: { name: 'Silver', description: 'About Silver.', image: null }, reward_type: 'cash', reward_amount: 25.5,
      created_at: onDay(2, 13), processed_at: null, processed: false, wagered_amount_at_claim: 1234.56, status: 'pending', reject_reason: null,
    });
    // A dated tier records what it counted: the wagers from its date on.
    expect(dated).toMatchObject({ reward_type: 'points', reward_amount: 50, processed: true, wagered_amount_at_claim: 234.56 });

    expect(await balance(whale.client)).toBe(before + 550);
    const ledger = await t.database.db.selectFrom('points_ledger').select(['delta', 'reason', 'reference', 'note', 'balance_after']).where('user_id', '=', whale.id).orderBy('id').execute();
    expect(ledger.filter((row) => row.reason === 'vip_reward')).toEqual([
      { delta: 500, reason: 'vip_reward', reference: `vip_claim:${bronze.id}`, note: 'Bronze', balance_after: before + 500 },
      { delta: 50, reason: 'vip_reward', reference: `vip_claim:${dated.id}`, note: 'Day two on', balance_after: before + 550 },
    ]);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(before + 550);
    const notes = (await whale.client.get('/api/notifications')).json<{ type: string; data: { message?: string; link?: string } }[]>();
    expect(notes.filter((note) => note.type === 'vip_reward').map((note) => note.data).sort((a, b) => a.message!.localeCompare(b.message!))).toEqual([
      { message: 'VIP reward “Bronze”: 500 points added to your balance.', link: '/vip-rewards' },
      { message: 'VIP reward “Day two on”: 50 points added to your balance.', link: '/vip-rewards' },
    ]);

    const roobet = (await read(whale.client)).tiers_by_platform.Roobet.tiers;
    expect(roobet.filter((row) => row.already_claimed).map((row) => [row.name, row.can_claim])).toEqual([['Bronze', false], ['Silver', false], ['Day two on', false]]);
  });

  it('of 20 parallel claims of a cash tier, one queues a claim and none touches points', async () => {
    const racer = await member('VipCashRacer', { crypto: 'racer' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim(racer.client, 'Silver')));
    expect(responses.filter((response) => response.statusCode === 200).map((response) => response.json())).toEqual([{ success: true, message: VIP_MESSAGES.claimedPending }]);
    expect(responses.filter((response) => response.statusCode === 409).map((response) => response.json().message)).toEqual(Array(19).fill(VIP_MESSAGES.alreadyClaimed));
    const rows = await t.database.db.selectFrom('vip_claims').select(['status', 'wagered_cents_at_claim']).where('user_id', '=', racer.id).execute();
    expect(rows).toEqual([{ status: 'pending', wagered_cents_at_claim: 500_000 }]);
    expect(await t.database.db.selectFrom('points_ledger').select('id').where('user_id', '=', racer.id).where('reason', '=', 'vip_reward').execute()).toEqual([]);
  });

  it('of 20 claims of a points tier spread over two app instances, one credits the points once', async () => {
    const racer = await member('VipTwinRacer', { crypto: 'Racer2' });
    const twin = new TestClient(await t.twin({ now: clock.now }));
    for (const [name, value] of racer.client.cookies) twin.cookies.set(name, value);
    twin.csrfToken = racer.client.csrfToken;
    const before = await balance(racer.client);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => claim(index % 2 ? twin : racer.client, 'Bronze')));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await balance(racer.client)).toBe(before + 500);
    const credits = await t.database.db.selectFrom('points_ledger').select('delta').where('user_id', '=', racer.id).where('reason', '=', 'vip_reward').execute();
    expect(credits).toEqual([{ delta: 500 }]);
    expect((await history(twin)).map((item) => [item.tier.name, item.status])).toEqual([['Bronze', 'processed']]);
  });
});
