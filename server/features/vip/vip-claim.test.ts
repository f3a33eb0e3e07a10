import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { vipDataResponseSchema, vipHistoryResponseSchema, type VipTier } from '../../../common/contracts/vip';
import { RedisCache } from '../../platform/cache';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, TestClient } from '../../test/client';
import { ADMIN, createBoard, importWagers } from '../leaderboards/leaderboards.testkit';
import { createLeaderboardsService } from '../leaderboards/leaderboards.service';
import { createVipService, VIP_MESSAGES } from './vip.service';

/** VIP rewards as members see them (spec 2 /vip-rewards, §3, §7, §8): eligibility from wager data, claims. */
describe('VIP rewards', () => {
  const t = useTestApp();
  let admin: TestClient;
  let platformId: number;
  const tierIds: Record<string, number> = {};

  const createTier = async (fields: Record<string, unknown>) => {
    const response = await admin.post(`${ADMIN}/vip/tiers`, { platform_id: platformId, description: 'A tier.', ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const tiers = (await admin.get(`${ADMIN}/vip/tiers`)).json<{ data: { id: number; name: string }[] }>().data;
    tierIds[fields.name as string] = tiers.find((tier) => tier.name === fields.name)!.id;
  };

  const member = async (name: string, casinoName: string | null): Promise<SignedInMember> => {
    const signed = await signedInMember(t.app, name);
    if (casinoName) expect((await signed.client.post('/api/r/profile/update', { crypto: casinoName })).statusCode).toBe(200);
    return signed;
  };

  const vipData = async (client: TestClient) => {
    const response = await client.get('/api/r/vip-rewards');
    expect(response.statusCode, response.body).toBe(200);
    return vipDataResponseSchema.parse(response.json()).data;
  };
  const tierOf = async (client: TestClient, name: string): Promise<VipTier> =>
    (await vipData(client)).tiers_by_platform.Roobet.tiers.find((tier) => tier.name === name)!;
  const balance = async (client: TestClient) => (await client.get('/api/r/session')).json<{ user: { points: number } }>().user.points;
  const claim = (client: TestClient, name: string) => client.post(`/api/r/vip-rewards/${tierIds[name]}/claim`, {});

  beforeAll(async () => {
    admin = await signedIn(t.app, 'VipKeeper', 'admin');
    const board = await createBoard(admin, { name: 'Roobet', slug: 'roobet', casino_slot: 1 });
    platformId = board.platform.id;
    // Casino names are unique per member, so each member below has a high roller of their own.
    await importWagers(admin, board.periodId, [...['High1', 'High2', 'High3', 'High4', 'High5'].map((name): [string, number] => [name, 6000]), ['MidRoller', 1500], ['MidRoller2', 1500], ['PassedAround', 6000], ['SteadyHand', 2000]]);
    await createTier({ name: 'Bronze', reward_type: 'points', reward_amount: 500, min_wagered: 1000, display_order: 1 });
    await createTier({ name: 'Gold', reward_type: 'cash', reward_amount: 25, min_wagered: 5000, display_order: 2 });
    await createTier({ name: 'Hoodie', reward_type: 'other', min_wagered: 2000, display_order: 3 });
    await createTier({ name: 'Old wagers only', reward_type: 'points', reward_amount: 10, min_wagered: 100, count_wager_after_date: '2020-01-01' });
    await createTier({ name: 'From next year', reward_type: 'points', reward_amount: 10, min_wagered: 100, count_wager_after_date: `${new Date().getUTCFullYear() + 1}-01-01` });
    await createTier({ name: 'Switched off', reward_type: 'points', reward_amount: 10, min_wagered: 1, is_active: false });
  });

  it('answers each linked platform with the member’s wagers and each active tier’s eligibility', async () => {
    const { client } = await member('VipMid', 'midroller');
    const data = await vipData(client);
    expect(data.user_stats).toEqual({ total_wagered: 1500 });
    expect(Object.keys(data.tiers_by_platform)).toEqual(['Roobet']);
    const roobet = data.tiers_by_platform.Roobet;
    expect(roobet.platform).toMatchObject({ id: platformId, name: 'Roobet' });
    expect(roobet.user_wagered).toBe(1500);
    expect(roobet.tiers.map((tier) => tier.name)).not.toContain('Switched off');
    const bronze = roobet.tiers.find((tier) => tier.name === 'Bronze')!;
    expect(bronze).toMatchObject({ reward_type: 'points', reward_amount: 500, min_wagered: 1000, uses_date_filter: false, user_wagered_for_tier: null, already_claimed: false, can_claim: true });
    expect(roobet.tiers.find((tier) => tier.name === 'Gold')).toMatchObject({ reward_type: 'cash', reward_amount: 25, can_claim: false });
    expect(roobet.tiers.find((tier) => tier.name === 'Hoodie')).toMatchObject({ reward_type: 'other', reward_amount: 0, can_claim: false });
  });

  it('counts only wagers from a tier’s date on when it has one', async () => {
    const { client } = await member('VipDated', 'High1');
    expect(await tierOf(client, 'Old wagers only')).toMatchObject({ uses_date_filter: true, count_wager_after_date: '2020-01-01', user_wagered_for_tier: 6000, can_claim: true });
    expect(await tierOf(client, 'From next year')).toMatchObject({ uses_date_filter: true, user_wagered_for_tier: 0, can_claim: false });
    expect((await claim(client, 'From next year')).json()).toMatchObject({ message: VIP_MESSAGES.notEligible(0, 100) });
  });

  it('shows no platform to a member without a casino name, and a claim says where to add one', async () => {
    const { client } = await member('VipNobody', null);
    expect(await vipData(client)).toEqual({ user_stats: { total_wagered: 0 }, tiers_by_platform: {} });
    const response = await claim(client, 'Bronze');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(VIP_MESSAGES.notLinked('Roobet'));
  });

  it('refuses a tier the member has not reached, saying how far they are', async () => {
    const { client } = await member('VipShort', 'MidRoller2');
    const response = await claim(client, 'Gold');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(VIP_MESSAGES.notEligible(1500, 5000));
    expect((await client.get('/api/r/vip-rewards/history')).json().data).toEqual([]);
  });

  it('refuses switched-off and unknown tiers, and signed-out visitors', async () => {
    const { client } = await member('VipCurious', 'High2');
    expect((await claim(client, 'Switched off')).json()).toMatchObject({ message: VIP_MESSAGES.notFound });
    expect((await client.post('/api/r/vip-rewards/999999/claim', {})).statusCode).toBe(404);
    expect((await client.post('/api/r/vip-rewards/abc/claim', {})).statusCode).toBe(422);
    expect((await new TestClient(t.app).get('/api/r/vip-rewards')).statusCode).toBe(401);
  });

  it('credits a points reward once through the ledger, even for 20 claims at the same moment', async () => {
    const { client, id } = await member('VipRacer', 'High3');
    const before = await balance(client);
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim(client, 'Bronze')));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(responses.find((response) => response.statusCode === 200)!.json().message).toBe(VIP_MESSAGES.claimedPoints(500));
    expect(responses.find((response) => response.statusCode === 409)!.json().message).toBe(VIP_MESSAGES.alreadyClaimed);
    expect(await balance(client)).toBe(before + 500);
    const ledger = await t.database.db.selectFrom('points_ledger').select(['delta', 'reason']).where('user_id', '=', id).where('reason', '=', 'vip_reward').execute();
    expect(ledger).toEqual([{ delta: 500, reason: 'vip_reward' }]);
    expect(await tierOf(client, 'Bronze')).toMatchObject({ already_claimed: true, can_claim: false });
    const [item] = vipHistoryResponseSchema.parse((await client.get('/api/r/vip-rewards/history')).json()).data;
    expect(item).toMatchObject({ tier: { name: 'Bronze' }, reward_type: 'points', reward_amount: 500, processed: true, status: 'processed', wagered_amount_at_claim: 6000 });
  });

  it('queues a cash reward for staff, who process it (a payout) and the member is told', async () => {
    const { client } = await member('VipCash', 'High4');
    const response = await claim(client, 'Gold');
    expect(response.json()).toMatchObject({ success: true, message: VIP_MESSAGES.claimedPending });
    const queued = (await admin.get(`${ADMIN}/vip/claims?status=pending`)).json<{ data: { id: number; user: { id: number; username: string; avatar: string } }[] }>().data;
    const mine = queued.find((row) => row.user.username === 'VipCash')!;
    expect(mine).toMatchObject({ tier: { name: 'Gold' }, casino_username: 'High4', reward_type: 'cash', reward_amount: 25, wagered_amount_at_claim: 6000, status: 'pending' });
    expect(mine.user).toMatchObject({ username: 'VipCash', avatar: `/avatars/${mine.user.id}.svg` });
    expect((await admin.post(`${ADMIN}/vip/claims/${mine.id}/process`, {})).statusCode).toBe(200);
    expect((await admin.post(`${ADMIN}/vip/claims/${mine.id}/process`, {})).statusCode).toBe(409);
    expect(await t.database.db.selectFrom('payouts').select(['amount_cents']).where('source', '=', 'vip').execute()).toEqual([{ amount_cents: 2500 }]);
    const [item] = (await client.get('/api/r/vip-rewards/history')).json().data;
    expect(item).toMatchObject({ status: 'processed', processed: true });
    const notes = (await client.get('/api/notifications')).json<{ type: string; data: { message?: string; link?: string } }[]>();
    expect(notes.filter((note) => note.data.message?.includes('Gold')).map((note) => note.data.link)).toEqual(['/vip-rewards']);
  });

  it('pays a tier once per casino account: a name handed on to another member cannot claim it again', async () => {
    const first = await member('VipFirstHolder', 'PassedAround');
    expect((await claim(first.client, 'Bronze')).statusCode).toBe(200);
    expect((await first.client.post('/api/r/profile/update', { crypto: '' })).statusCode).toBe(200);
    const next = await member('VipNextHolder', 'passedaround');
    expect(await tierOf(next.client, 'Bronze')).toMatchObject({ already_claimed: true, can_claim: false });
    const before = await balance(next.client);
    const again = await claim(next.client, 'Bronze');
    expect([again.statusCode, again.json().message]).toEqual([409, VIP_MESSAGES.accountClaimed('passedaround')]);
    expect(await balance(next.client)).toBe(before);
    expect((await next.client.get('/api/r/vip-rewards/history')).json().data).toEqual([]);
    // The account's other tiers stay open to whoever holds its name now.
    expect(await tierOf(next.client, 'Hoodie')).toMatchObject({ already_claimed: false, can_claim: true });
    expect((await claim(next.client, 'Hoodie')).statusCode).toBe(200);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('lets staff reject an "other" reward with a reason the member sees', async () => {
    const { client } = await member('VipHoodie', 'High5');
    expect((await claim(client, 'Hoodie')).statusCode).toBe(200);
    const queued = (await admin.get(`${ADMIN}/vip/claims?status=pending`)).json<{ data: { id: number; user: { username: string } }[] }>().data;
    const mine = queued.find((row) => row.user.username === 'VipHoodie')!;
    const tooShort = await admin.post(`${ADMIN}/vip/claims/${mine.id}/reject`, { reason: 'no' });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.body).toContain('Say why the claim is rejected (at least 3 characters).');
    expect((await admin.post(`${ADMIN}/vip/claims/${mine.id}/reject`, { reason: 'Sizes are sold out.' })).statusCode).toBe(200);
    const [item] = (await client.get('/api/r/vip-rewards/history')).json().data;
    expect(item).toMatchObject({ status: 'rejected', processed: false, reject_reason: 'Sizes are sold out.' });
    expect((await admin.post(`${ADMIN}/vip/claims/${mine.id}/process`, {})).statusCode).toBe(409);
  });

  // The claim commits, then moves the leaderboards' generation; when the cache cannot be told, the claim has still been
  // paid, and the member must hear that, not an error that would have them try again (decision 015, addendum).
  it('pays a claim and says so when the cache cannot be told of it after the commit', async () => {
    const steady = await member('VipSteadyHand', 'SteadyHand');
    // A real Redis client with no server behind it: every command fails at once, as when Redis goes away.
    const away = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const warnings: string[] = [];
    const { settings, points, notifications, wagers } = t.app.services;
    const cache = new RedisCache(away);
    const leaderboards = createLeaderboardsService({ db: t.database.db, cache, log: { warn: (_details, message) => warnings.push(message) } });
    const vip = createVipService({ db: t.database.db, now: () => new Date(), wagers, settings, points, notifications, leaderboards });
    const before = await balance(steady.client);
    try {
      expect(await vip.claim(steady, tierIds.Bronze)).toEqual({ message: VIP_MESSAGES.claimedPoints(500) });
    } finally {
      await cache.close();
      away.disconnect();
    }
    expect(await balance(steady.client)).toBe(before + 500);
    expect(warnings).toEqual([expect.stringContaining('leaderboard cache not told of a change')]);
    expect((await claim(steady.client, 'Bronze')).json().message).toBe(VIP_MESSAGES.alreadyClaimed);
  });
});
