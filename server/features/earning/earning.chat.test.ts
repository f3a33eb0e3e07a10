import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../test/app';
import { signedIn, signedInMember, type TestClient } from '../../test/client';
import { webhookEnv } from '../../test/kick-webhook';
import { deliver, kickEvents, kickUser, ledgerOf, linkKick, manualClock, mismatches, pointsAndXp, saveRules } from './earning.testkit';

type Clock = ReturnType<typeof manualClock>;
type Sender = ReturnType<typeof kickUser>;
const at = (iso: string) => new Date(iso);

/** The sender's chat message, sent at `sentAt` and delivered when the clock says (late if the clock is past it). */
async function chat(app: FastifyInstance, clock: Clock, sender: Sender, sentAt: string) {
  const response = await deliver(app, clock, 'chat.message.sent', kickEvents.chat(sender, at(sentAt)));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, processed: true });
}
/** Chat pays 10 points and 5 XP per 5-minute interval unless a test says otherwise; no daily cap. */
const CHAT = { enabled: true, points: 10, xp: 5, interval_minutes: 5, active_minutes: 5 };

const intervalsOf = (t: TestApp, kickUserId: number) =>
  t.database.db.selectFrom('chat_intervals').select(['starts_at', 'outcome']).where('kick_user_id', '=', String(kickUserId)).orderBy('starts_at').execute();
const chatCredits = async (t: TestApp, userId: number) =>
  (await ledgerOf(t.database.db, userId)).map((row) => ({ reference: row.reference, delta: row.delta }));

describe('chat earns only while the stream is live', () => {
  const clock = manualClock('2026-11-20T10:00:00.000Z');
  const t = useTestApp({ env: webhookEnv, now: clock.now });

  it('skips intervals with no live session, credits those inside one, and skips them again after is_live false', async () => {
    const admin = await signedIn(t.app, 'RuleKeeper', 'admin');
    await saveRules(admin, { daily_cap: 0, chat: CHAT });
    const member = await signedInMember(t.app, 'LiveLily');
    const lily = await linkKick(t.database.db, member.id, 8001, 'lily_live');
    const settle = () => t.app.services.earning.settleIntervals();

    clock.set('2026-11-20T10:01:00.000Z');
    await chat(t.app, clock, lily, '2026-11-20T10:01:00.000Z');
    clock.set('2026-11-20T10:06:00.000Z');
    expect(await settle()).toEqual({ credited: 0, skipped: 1 });
    expect(await ledgerOf(t.database.db, member.id)).toEqual([]);

    clock.set('2026-11-20T10:20:00.000Z');
    expect((await deliver(t.app, clock, 'livestream.status.updated', kickEvents.live(true, at('2026-11-20T10:20:00.000Z')))).statusCode).toBe(200);
    clock.set('2026-11-20T10:21:00.000Z');
    await chat(t.app, clock, lily, '2026-11-20T10:21:00.000Z');
    clock.set('2026-11-20T10:26:00.000Z');
    expect(await settle()).toEqual({ credited: 1, skipped: 0 });

    // The stream ends at 10:40: the 10:35 interval overlaps the session, the 10:40 one does not.
    clock.set('2026-11-20T10:36:00.000Z');
    await chat(t.app, clock, lily, '2026-11-20T10:36:00.000Z');
    clock.set('2026-11-20T10:40:00.000Z');
    expect((await deliver(t.app, clock, 'livestream.status.updated', kickEvents.live(false, at('2026-11-20T10:40:00.000Z')))).statusCode).toBe(200);
    clock.set('2026-11-20T10:41:00.000Z');
    // This message also settles Lily's ended 10:35 interval, right away.
    await chat(t.app, clock, lily, '2026-11-20T10:41:00.000Z');
    clock.set('2026-11-20T10:46:00.000Z');
    expect(await settle()).toEqual({ credited: 0, skipped: 1 });

    expect(await chatCredits(t, member.id)).toEqual([
      { reference: 'kick_chat:8001:2026-11-20T10:20:00.000Z', delta: 10 },
      { reference: 'kick_chat:8001:2026-11-20T10:35:00.000Z', delta: 10 },
    ]);
    expect((await intervalsOf(t, 8001)).map((row) => row.outcome)).toEqual(['skipped', 'credited', 'credited', 'skipped']);
    expect(await t.database.db.selectFrom('stream_sessions').select(['started_at', 'ended_at', 'source']).execute()).toEqual([
      { started_at: '2026-11-20T10:20:00.000Z', ended_at: '2026-11-20T10:40:00.000Z', source: 'webhook' },
    ]);
    expect(await pointsAndXp(t.database.db, member.id)).toEqual({ points: 20, xp: 10 });
    expect(await mismatches(t.app)).toEqual([]);
  });
});

describe('chat activity rules (the stream is live throughout)', () => {
  const clock = manualClock('2026-11-21T00:00:00.000Z');
  const t = useTestApp({ env: webhookEnv, now: clock.now });
  let admin: TestClient;
  const db = () => t.database.db;
  const settle = () => t.app.services.earning.settleIntervals();

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RuleKeeper', 'admin');
    expect((await deliver(t.app, clock, 'livestream.status.updated', kickEvents.live(true, clock.now()))).statusCode).toBe(200);
  });
  afterEach(async () => {
    expect(await mismatches(t.app)).toEqual([]);
  });

  it('unlinked accounts, the broadcaster and ignored accounts (any case) earn nothing; a renamed account still earns', async () => {
    await saveRules(admin, { daily_cap: 0, chat: CHAT, ignored_kick_accounts: ['BotRix', 'KickBot'] });
    const streamer = await signedInMember(t.app, 'TheStreamer');
    const bot = await signedInMember(t.app, 'BotKeeper');
    const renamed = await signedInMember(t.app, 'RenamedRob');
    const self = await linkKick(db(), streamer.id, 721956, 'NightSpin');
    await linkKick(db(), bot.id, 8102, 'kickbot');
    await linkKick(db(), renamed.id, 8103, 'rob_old_name');

    clock.set('2026-11-21T01:01:00.000Z');
    await chat(t.app, clock, kickUser(8101, 'nobody_linked'), '2026-11-21T01:01:00.000Z');
    await chat(t.app, clock, self, '2026-11-21T01:01:00.000Z');
    await chat(t.app, clock, kickUser(8102, 'KICKBOT'), '2026-11-21T01:01:00.000Z');
    await chat(t.app, clock, kickUser(8103, 'rob_new_name'), '2026-11-21T01:01:00.000Z');
    clock.set('2026-11-21T01:06:00.000Z');
    expect(await settle()).toEqual({ credited: 1, skipped: 1 });

    expect(await intervalsOf(t, 8101)).toEqual([{ starts_at: '2026-11-21T01:00:00.000Z', outcome: 'skipped' }]);
    expect(await intervalsOf(t, 721956)).toEqual([]);
    expect(await intervalsOf(t, 8102)).toEqual([]);
    expect(await ledgerOf(db(), streamer.id)).toEqual([]);
    expect(await ledgerOf(db(), bot.id)).toEqual([]);
    expect(await chatCredits(t, renamed.id)).toEqual([{ reference: 'kick_chat:8103:2026-11-21T01:00:00.000Z', delta: 10 }]);
  });

  it('with active_minutes 15 one message credits its interval and the two after; many parallel messages still credit each interval once', async () => {
    await saveRules(admin, { daily_cap: 0, chat: { ...CHAT, active_minutes: 15 } });
    const once = await signedInMember(t.app, 'OneMessageOlga');
    const busy = await signedInMember(t.app, 'BusyBoris');
    const olga = await linkKick(db(), once.id, 8201, 'olga_once');
    const boris = await linkKick(db(), busy.id, 8202, 'boris_busy');

    clock.set('2026-11-21T02:04:30.000Z');
    await chat(t.app, clock, olga, '2026-11-21T02:01:00.000Z');
    await Promise.all(Array.from({ length: 10 }, (_, i) => chat(t.app, clock, boris, new Date(Date.parse('2026-11-21T02:01:00.000Z') + i * 20_000).toISOString())));
    expect(await ledgerOf(db(), busy.id)).toEqual([]);

    // 16 minutes on: late messages and the job race to settle the same intervals.
    clock.set('2026-11-21T02:20:30.000Z');
    await Promise.all([
      ...Array.from({ length: 5 }, () => chat(t.app, clock, boris, '2026-11-21T02:02:00.000Z')),
      ...Array.from({ length: 5 }, () => settle()),
    ]);
    const expected = (kickId: number) =>
      ['02:00', '02:05', '02:10'].map((time) => ({ reference: `kick_chat:${kickId}:2026-11-21T${time}:00.000Z`, delta: 10 }));
    expect(await chatCredits(t, once.id)).toEqual(expected(8201));
    expect(await chatCredits(t, busy.id)).toEqual(expected(8202));
    expect(await pointsAndXp(db(), busy.id)).toEqual({ points: 30, xp: 15 });
    expect(await ledgerOf(db(), busy.id)).toEqual(
      ['02:00–02:05', '02:05–02:10', '02:10–02:15'].map((label) => expect.objectContaining({ note: `Chat activity ${label} UTC` })),
    );
  });

  it('multipliers: VIP role × subscriber badge on the message, floored, and shown in the note', async () => {
    await saveRules(admin, { daily_cap: 0, multipliers: { vip: 1.5, subscriber: 2 }, chat: { ...CHAT, points: 7 } });
    const badge = [{ type: 'subscriber', text: 'Subscriber' }];
    const members = {
      plain: await signedInMember(t.app, 'PlainPat'),
      sub: await signedInMember(t.app, 'SubSally'),
      vip: await signedInMember(t.app, 'VipVince', 'vip'),
      both: await signedInMember(t.app, 'VipSubWendy', 'vip'),
    };
    const ids = { plain: 8301, sub: 8302, vip: 8303, both: 8304 };
    for (const [key, member] of Object.entries(members)) await linkKick(db(), member.id, ids[key as keyof typeof ids], `${key}_chatter`);

    clock.set('2026-11-21T04:02:00.000Z');
    await chat(t.app, clock, kickUser(8301, 'plain_chatter'), '2026-11-21T04:01:00.000Z');
    // The badge on any message of the interval counts, even after a message without it.
    await chat(t.app, clock, kickUser(8302, 'sub_chatter'), '2026-11-21T04:01:00.000Z');
    await chat(t.app, clock, kickUser(8302, 'sub_chatter', badge), '2026-11-21T04:02:00.000Z');
    await chat(t.app, clock, kickUser(8303, 'vip_chatter'), '2026-11-21T04:01:00.000Z');
    await chat(t.app, clock, kickUser(8304, 'both_chatter', badge), '2026-11-21T04:01:00.000Z');
    clock.set('2026-11-21T04:06:00.000Z');
    expect(await settle()).toEqual({ credited: 4, skipped: 0 });

    const only = async (userId: number) => (await ledgerOf(db(), userId)).map((row) => ({ delta: row.delta, note: row.note }));
    const note = 'Chat activity 04:00–04:05 UTC';
    expect(await only(members.plain.id)).toEqual([{ delta: 7, note }]);
    expect(await only(members.sub.id)).toEqual([{ delta: 14, note: `${note} (×2)` }]);
    expect(await only(members.vip.id)).toEqual([{ delta: 10, note: `${note} (×1.5)` }]);
    expect(await only(members.both.id)).toEqual([{ delta: 21, note: `${note} (×3)` }]);
    expect((await pointsAndXp(db(), members.vip.id)).xp).toBe(7);
    expect((await pointsAndXp(db(), members.both.id)).xp).toBe(15);
  });

  it('VIP 1.2 × subscriber 1.5 pays exactly floor(100 × 1.8) = 180, noted as ×1.8', async () => {
    await saveRules(admin, { daily_cap: 0, multipliers: { vip: 1.2, subscriber: 1.5 }, chat: { ...CHAT, points: 100, xp: 10 } });
    const member = await signedInMember(t.app, 'ExactEsther', 'vip');
    await linkKick(db(), member.id, 8305, 'esther_exact');
    clock.set('2026-11-21T04:11:00.000Z');
    await chat(t.app, clock, kickUser(8305, 'esther_exact', [{ type: 'subscriber', text: 'Subscriber' }]), '2026-11-21T04:11:00.000Z');
    clock.set('2026-11-21T04:16:00.000Z');
    await settle();
    expect(await ledgerOf(db(), member.id)).toEqual([expect.objectContaining({ delta: 180, note: 'Chat activity 04:10–04:15 UTC (×1.8)' })]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 180, xp: 18 });
  });

  it('chat switched off credits nothing, also for intervals marked before it was switched off', async () => {
    const member = await signedInMember(t.app, 'QuietQuinn');
    const quinn = await linkKick(db(), member.id, 8401, 'quinn_quiet');

    await saveRules(admin, { daily_cap: 0, chat: { ...CHAT, enabled: false } });
    clock.set('2026-11-21T05:01:00.000Z');
    await chat(t.app, clock, quinn, '2026-11-21T05:01:00.000Z');
    clock.set('2026-11-21T05:06:00.000Z');
    await settle();
    expect(await intervalsOf(t, 8401)).toEqual([]);

    await saveRules(admin, { daily_cap: 0, chat: CHAT });
    clock.set('2026-11-21T05:11:00.000Z');
    await chat(t.app, clock, quinn, '2026-11-21T05:11:00.000Z');
    await saveRules(admin, { daily_cap: 0, chat: { ...CHAT, enabled: false } });
    clock.set('2026-11-21T05:16:00.000Z');
    await settle();
    expect(await intervalsOf(t, 8401)).toEqual([{ starts_at: '2026-11-21T05:10:00.000Z', outcome: 'skipped' }]);

    // Switched back on, the same member earns: the switch was the reason.
    await saveRules(admin, { daily_cap: 0, chat: CHAT });
    clock.set('2026-11-21T05:21:00.000Z');
    await chat(t.app, clock, quinn, '2026-11-21T05:21:00.000Z');
    clock.set('2026-11-21T05:26:00.000Z');
    await settle();
    expect(await chatCredits(t, member.id)).toEqual([{ reference: 'kick_chat:8401:2026-11-21T05:20:00.000Z', delta: 10 }]);
  });

  it('the daily cap pays 10 + 10 + 5, then nothing (XP included), and a new day starts at midnight in the rules’ time zone', async () => {
    // Midnight in New York is 05:00 UTC in November: 04:30–04:50 UTC is still 22 November there.
    await saveRules(admin, { daily_cap: 25, time_zone: 'America/New_York', chat: CHAT });
    const member = await signedInMember(t.app, 'CappedCarla');
    const carla = await linkKick(db(), member.id, 8501, 'carla_capped');
    for (const time of ['04:31', '04:36', '04:41', '04:46']) {
      clock.set(`2026-11-23T${time}:00.000Z`);
      await chat(t.app, clock, carla, `2026-11-23T${time}:00.000Z`);
    }
    clock.set('2026-11-23T04:50:30.000Z');
    await settle();
    expect((await ledgerOf(db(), member.id)).map((row) => row.delta)).toEqual([10, 10, 5]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 25, xp: 15 });
    expect((await intervalsOf(t, 8501)).filter((row) => row.outcome === null)).toEqual([]);

    // 05:01 UTC: a new day in New York (still the same day in UTC).
    clock.set('2026-11-23T05:01:00.000Z');
    await chat(t.app, clock, carla, '2026-11-23T05:01:00.000Z');
    clock.set('2026-11-23T05:06:00.000Z');
    await settle();
    expect((await ledgerOf(db(), member.id)).map((row) => row.delta)).toEqual([10, 10, 5, 10]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 35, xp: 20 });
    const days = await db().selectFrom('daily_earnings').select(['day', 'points']).where('user_id', '=', member.id).orderBy('day').execute();
    expect(days.map((row) => [row.day, Number(row.points)])).toEqual([
      ['2026-11-22', 25],
      ['2026-11-23', 10],
    ]);
  });

  it('parallel settlement never pays past the cap', async () => {
    await saveRules(admin, { daily_cap: 25, chat: CHAT });
    const member = await signedInMember(t.app, 'RacingRay');
    const ray = await linkKick(db(), member.id, 8601, 'ray_racing');
    // Five intervals' messages arrive late, all at once, while the job runs five times.
    clock.set('2026-11-24T06:30:00.000Z');
    await Promise.all([
      ...['06:01', '06:06', '06:11', '06:16', '06:21'].map((time) => chat(t.app, clock, ray, `2026-11-24T${time}:00.000Z`)),
      ...Array.from({ length: 5 }, () => settle()),
    ]);
    await settle();
    const ledger = await ledgerOf(db(), member.id);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(25);
    expect(ledger.map((row) => row.delta).sort((a, b) => b - a)).toEqual([10, 10, 5]);
    expect((await intervalsOf(t, 8601)).map((row) => row.outcome)).toEqual(Array(5).fill('credited'));
  });
});
