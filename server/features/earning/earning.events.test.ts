import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type TestClient } from '../../test/client';
import { webhookEnv } from '../../test/kick-webhook';
import { deliver, kickEvents, kickUser, ledgerOf, linkKick, manualClock, mismatches, pointsAndXp, saveRules } from './earning.testkit';

describe('earning from Kick stream events: follows, subscriptions, gifts', () => {
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const t = useTestApp({ env: webhookEnv, now: clock.now });
  let admin: TestClient;
  const db = () => t.database.db;

  /** A signed delivery that must be accepted and processed. */
  async function send(type: string, body: unknown) {
    const response = await deliver(t.app, clock, type, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, processed: true });
    return response;
  }
  const notificationsOf = async (userId: number, type = 'points_earned') =>
    (await db().selectFrom('notifications').select('data').where('user_id', '=', userId).where('type', '=', type).orderBy('id').execute()).map(
      (row) => JSON.parse(row.data) as { message: string; link?: string },
    );
  const ledgerSize = async () => Number((await db().selectFrom('points_ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RuleKeeper', 'admin');
  });
  afterEach(async () => {
    // Whatever a test did, every balance is still the sum of its ledger.
    expect(await mismatches(t.app)).toEqual([]);
  });

  it('a follow credits once ever per Kick account, with a notification', async () => {
    await saveRules(admin, {});
    const member = await signedInMember(t.app, 'FollowerFiona');
    const fiona = await linkKick(db(), member.id, 7001, 'fiona_follows');
    await send('channel.followed', kickEvents.follow(fiona));
    expect(await ledgerOf(db(), member.id)).toEqual([
      expect.objectContaining({ delta: 100, balance_after: 100, reason: 'kick_follow', reference: 'kick_follow:7001', note: 'Followed the channel on Kick' }),
    ]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 100, xp: 50 });
    expect(await notificationsOf(member.id)).toEqual([{ message: 'Thanks for following on Kick: +100 points.', link: '/profile?tab=stats' }]);

    // Unfollow and follow again (a new message id), now and days later: nothing more.
    await send('channel.followed', kickEvents.follow(fiona));
    clock.advance(3 * 86_400_000);
    await send('channel.followed', kickEvents.follow(fiona));
    expect(await ledgerOf(db(), member.id)).toHaveLength(1);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 100, xp: 50 });
    expect(await notificationsOf(member.id)).toHaveLength(1);
  });

  it('a new subscription and a renewal each credit the subscription amount', async () => {
    await saveRules(admin, {});
    const member = await signedInMember(t.app, 'SubscriberSam');
    const sam = await linkKick(db(), member.id, 7011, 'sam_subs');
    await send('channel.subscription.new', kickEvents.subscription(sam, 1));
    await send('channel.subscription.renewal', kickEvents.subscription(sam, 3));
    expect(await ledgerOf(db(), member.id)).toEqual([
      expect.objectContaining({ delta: 500, balance_after: 500, reason: 'kick_subscription', note: 'Subscribed on Kick' }),
      expect.objectContaining({ delta: 500, balance_after: 1000, reason: 'kick_subscription', note: 'Renewed the Kick subscription (3 months)' }),
    ]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 1000, xp: 500 });
    expect((await notificationsOf(member.id)).map((n) => n.message)).toEqual([
      'Thanks for subscribing: +500 points.',
      'Thanks for renewing your subscription: +500 points.',
    ]);
  });

  it('gifted subscriptions credit the gifter per gift; giftees and anonymous gifts credit nobody', async () => {
    await saveRules(admin, {});
    const gifter = await signedInMember(t.app, 'GenerousGina');
    const giftee = await signedInMember(t.app, 'LuckyLuke');
    const gina = await linkKick(db(), gifter.id, 7021, 'generous_gina');
    const luke = await linkKick(db(), giftee.id, 7022, 'lucky_luke');
    await send('channel.subscription.gifts', kickEvents.gifts(gina, [luke, kickUser(7023, 'someone'), kickUser(7024, 'another')]));
    expect(await ledgerOf(db(), gifter.id)).toEqual([
      expect.objectContaining({ delta: 750, reason: 'kick_gifted_subscriptions', note: 'Gifted 3 subscriptions on Kick' }),
    ]);
    expect(await pointsAndXp(db(), gifter.id)).toEqual({ points: 750, xp: 300 });
    expect(await notificationsOf(gifter.id)).toEqual([expect.objectContaining({ message: 'Thanks for gifting 3 subscriptions: +750 points.' })]);
    expect(await ledgerOf(db(), giftee.id)).toEqual([]);

    const before = await ledgerSize();
    await send('channel.subscription.gifts', kickEvents.gifts(null, [luke, kickUser(7025, 'third')]));
    expect(await ledgerSize()).toBe(before);
    expect(await pointsAndXp(db(), giftee.id)).toEqual({ points: 0, xp: 0 });
  });

  it('an unlinked Kick account earns nothing (and can still earn its follow once linked)', async () => {
    await saveRules(admin, {});
    const before = await ledgerSize();
    const stranger = kickUser(7031, 'stranger_danger');
    await send('channel.followed', kickEvents.follow(stranger));
    await send('channel.subscription.new', kickEvents.subscription(stranger));
    await send('channel.subscription.gifts', kickEvents.gifts(stranger, [kickUser(7032, 'giftee')]));
    expect(await ledgerSize()).toBe(before);
    expect(await db().selectFrom('earning_claims').select('key').where('key', '=', 'follow:7031').execute()).toEqual([]);

    const member = await signedInMember(t.app, 'StrangerNoMore');
    await linkKick(db(), member.id, 7031, 'stranger_danger');
    await send('channel.followed', kickEvents.follow(stranger));
    expect(await ledgerOf(db(), member.id)).toEqual([expect.objectContaining({ delta: 100, reason: 'kick_follow' })]);
  });

  it('linking is by Kick user id: a renamed account still earns to the same member', async () => {
    await saveRules(admin, {});
    const member = await signedInMember(t.app, 'RenamedRita');
    await linkKick(db(), member.id, 7041, 'rita_old_name');
    const renamed = kickUser(7041, 'rita_brand_new');
    await send('channel.followed', kickEvents.follow(renamed));
    await send('channel.subscription.new', kickEvents.subscription(renamed));
    expect((await ledgerOf(db(), member.id)).map((row) => [row.reason, row.delta])).toEqual([
      ['kick_follow', 100],
      ['kick_subscription', 500],
    ]);
    // Someone who took over the old name is a different Kick account and earns nothing for Rita.
    await send('channel.subscription.new', kickEvents.subscription(kickUser(7042, 'rita_old_name')));
    expect(await ledgerOf(db(), member.id)).toHaveLength(2);
  });

  it('accounts on the ignore list earn nothing, whatever the case of their name', async () => {
    await saveRules(admin, { ignored_kick_accounts: ['BotRix', 'KickBot'] });
    const bot = await signedInMember(t.app, 'BotOwner');
    const botrix = await linkKick(db(), bot.id, 7051, 'botrix');
    const shouting = kickUser(7051, 'BOTRIX');
    await send('channel.followed', kickEvents.follow(botrix));
    await send('channel.subscription.new', kickEvents.subscription(shouting));
    await send('channel.subscription.gifts', kickEvents.gifts(shouting, [kickUser(7052, 'giftee')]));
    expect(await ledgerOf(db(), bot.id)).toEqual([]);

    // Off the list, the same account earns: the list was the reason.
    await saveRules(admin, { ignored_kick_accounts: ['KickBot'] });
    await send('channel.followed', kickEvents.follow(botrix));
    expect(await ledgerOf(db(), bot.id)).toEqual([expect.objectContaining({ reason: 'kick_follow', delta: 100 })]);
  });

  it('a source switched off credits nothing', async () => {
    const off = { enabled: false, points: 100, xp: 50 };
    await saveRules(admin, { follow: off, subscription: { ...off, points: 500 }, gifted_subscription: { ...off, points: 250 } });
    const member = await signedInMember(t.app, 'SwitchedOffSue');
    const sue = await linkKick(db(), member.id, 7061, 'sue_off');
    await send('channel.followed', kickEvents.follow(sue));
    await send('channel.subscription.new', kickEvents.subscription(sue));
    await send('channel.subscription.renewal', kickEvents.subscription(sue, 2));
    await send('channel.subscription.gifts', kickEvents.gifts(sue, [kickUser(7062, 'giftee')]));
    expect(await ledgerOf(db(), member.id)).toEqual([]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 0, xp: 0 });
    expect(await notificationsOf(member.id)).toEqual([]);

    await saveRules(admin, {});
    await send('channel.followed', kickEvents.follow(sue));
    expect(await ledgerOf(db(), member.id)).toEqual([expect.objectContaining({ reason: 'kick_follow' })]);
  });

  it('a VIP earns floor(points × vip multiplier) on events; a subscriber badge does not multiply events', async () => {
    await saveRules(admin, { multipliers: { vip: 1.5, subscriber: 2 }, follow: { enabled: true, points: 101, xp: 33 } });
    const vip = await signedInMember(t.app, 'VeryImportantVal', 'vip');
    const regular = await signedInMember(t.app, 'RegularRon');
    const val = await linkKick(db(), vip.id, 7071, 'val_vip');
    await linkKick(db(), regular.id, 7072, 'ron_regular');
    await send('channel.followed', kickEvents.follow(val));
    await send('channel.subscription.new', kickEvents.subscription(kickUser(7071, 'val_vip', [{ type: 'subscriber', text: 'Subscriber' }])));
    await send('channel.subscription.new', kickEvents.subscription(kickUser(7072, 'ron_regular', [{ type: 'subscriber', text: 'Subscriber' }])));
    expect(await ledgerOf(db(), vip.id)).toEqual([
      expect.objectContaining({ delta: 151, note: 'Followed the channel on Kick (×1.5)' }),
      expect.objectContaining({ delta: 750, note: 'Subscribed on Kick (×1.5)' }),
    ]);
    // XP is multiplied and floored too: floor(33 × 1.5) + 250 × 1.5.
    expect(await pointsAndXp(db(), vip.id)).toEqual({ points: 901, xp: 49 + 375 });
    expect(await ledgerOf(db(), regular.id)).toEqual([expect.objectContaining({ delta: 500, note: 'Subscribed on Kick' })]);
  });

  it('a multiplier in cents is applied exactly: floor(100 × 1.15) is 115, not 114', async () => {
    await saveRules(admin, { multipliers: { vip: 1.15, subscriber: 2 }, follow: { enabled: true, points: 100, xp: 100 } });
    const vip = await signedInMember(t.app, 'CentsyCelia', 'vip');
    await send('channel.followed', kickEvents.follow(await linkKick(db(), vip.id, 7075, 'celia_cents')));
    expect(await ledgerOf(db(), vip.id)).toEqual([expect.objectContaining({ delta: 115, note: 'Followed the channel on Kick (×1.15)' })]);
    expect(await pointsAndXp(db(), vip.id)).toEqual({ points: 115, xp: 115 });
  });

  it('XP adds up on the member and reaching level 5 awards the seeded level achievement once', async () => {
    await saveRules(admin, { subscription: { enabled: true, points: 10, xp: 2000 } });
    const member = await signedInMember(t.app, 'LevelingLeo');
    const leo = await linkKick(db(), member.id, 7081, 'leo_levels');
    const awards = () =>
      db()
        .selectFrom('member_achievements')
        .innerJoin('achievements', 'achievements.id', 'member_achievements.achievement_id')
        .select('achievements.title')
        .where('member_achievements.user_id', '=', member.id)
        .execute();
    await send('channel.subscription.new', kickEvents.subscription(leo));
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 10, xp: 2000 });
    expect(await awards()).toEqual([]);
    await send('channel.subscription.renewal', kickEvents.subscription(leo, 2));
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 20, xp: 4000 });
    expect(await awards()).toEqual([{ title: 'Rising Star' }]);
    expect(await notificationsOf(member.id, 'achievement')).toEqual([expect.objectContaining({ message: 'Achievement unlocked: Rising Star!' })]);
    await send('channel.subscription.renewal', kickEvents.subscription(leo, 3));
    expect(await awards()).toEqual([{ title: 'Rising Star' }]);
    expect(await notificationsOf(member.id, 'achievement')).toHaveLength(1);
  });

  it('the daily cap holds under 30 parallel deliveries for one member, and the next day earns again', async () => {
    await saveRules(admin, { daily_cap: 1200 });
    clock.set('2026-11-26T23:50:00.000Z');
    const member = await signedInMember(t.app, 'ParallelPaula');
    const paula = await linkKick(db(), member.id, 7091, 'paula_parallel');
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(t.app, clock, 'channel.followed', kickEvents.follow(paula))),
      ...Array.from({ length: 20 }, (_, i) => deliver(t.app, clock, `channel.subscription.${i % 2 ? 'new' : 'renewal'}`, kickEvents.subscription(paula))),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const ledger = await ledgerOf(db(), member.id);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(1200);
    expect(ledger.every((row) => row.delta > 0)).toBe(true);
    expect(ledger.filter((row) => row.reason === 'kick_follow').length).toBeLessThanOrEqual(1);
    expect((await pointsAndXp(db(), member.id)).points).toBe(1200);
    expect(await notificationsOf(member.id)).toHaveLength(ledger.length);
    const day = await db().selectFrom('daily_earnings').select(['day', 'points']).where('user_id', '=', member.id).execute();
    expect(day.map((row) => ({ day: row.day, points: Number(row.points) }))).toEqual([{ day: '2026-11-26', points: 1200 }]);

    // Past midnight (UTC, the rules' time zone) the allowance starts again.
    clock.set('2026-11-27T00:05:00.000Z');
    await send('channel.subscription.renewal', kickEvents.subscription(paula, 2));
    expect((await ledgerOf(db(), member.id)).at(-1)).toMatchObject({ delta: 500, balance_after: 1700 });
  });
});
