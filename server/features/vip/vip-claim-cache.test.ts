import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../../platform/cache';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, TestClient } from '../../test/client';
import { ADMIN, createBoard, importWagers } from '../leaderboards/leaderboards.testkit';
import { createLeaderboardsService } from '../leaderboards/leaderboards.service';
import { createVipService, VIP_MESSAGES } from './vip.service';

/**
 * A claim commits, then moves the leaderboards' generation so every page showing the tier is built again. When the
 * cache cannot be told (Redis away), the claim has still been paid: the member must hear that, not an error that would
 * have them try again (decision 015, addendum).
 */
describe('VIP claims when the cache is away', () => {
  const t = useTestApp();
  let member: SignedInMember;
  let tierId: number;
  const balance = async (client: TestClient) => (await client.get('/api/r/session')).json<{ user: { points: number } }>().user.points;

  beforeAll(async () => {
    const admin = await signedIn(t.app, 'VipCacheStaff', 'admin');
    const board = await createBoard(admin, { name: 'Roobet', slug: 'roobet', casino_slot: 1 });
    await importWagers(admin, board.periodId, [['Steady_Hand', 2000]]);
    const tier = { platform_id: board.platform.id, name: 'Bronze', description: 'About Bronze.', reward_type: 'points', reward_amount: 500, min_wagered: 1000 };
    expect((await admin.post(`${ADMIN}/vip/tiers`, tier)).statusCode).toBe(200);
    tierId = (await admin.get(`${ADMIN}/vip/tiers`)).json<{ data: { id: number }[] }>().data[0].id;
    member = await signedInMember(t.app, 'VipSteadyHand');
    expect((await member.client.post('/api/r/profile/update', { crypto: 'Steady_Hand' })).statusCode).toBe(200);
  });

  it('pays a claim and says so when the cache cannot be told of it after the commit', async () => {
    // A real Redis client with no server behind it: every command fails at once, as when Redis goes away.
    const away = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const warnings: string[] = [];
    const { settings, points, notifications, wagers } = t.app.services;
    const leaderboards = createLeaderboardsService({ db: t.database.db, cache: new RedisCache(away), log: { warn: (_details, message) => warnings.push(message) } });
    const vip = createVipService({ db: t.database.db, now: () => new Date(), wagers, settings, points, notifications, leaderboards });
    const before = await balance(member.client);
    try {
      expect(await vip.claim(member, tierId)).toEqual({ message: VIP_MESSAGES.claimedPoints(500) });
    } finally {
      away.disconnect();
    }
    expect(await balance(member.client)).toBe(before + 500);
    expect(warnings).toEqual([expect.stringContaining('leaderboard cache not told of a change')]);
    const again = await member.client.post(`/api/r/vip-rewards/${tierId}/claim`, {});
    expect(again.json().message).toBe(VIP_MESSAGES.alreadyClaimed);
  });
});
