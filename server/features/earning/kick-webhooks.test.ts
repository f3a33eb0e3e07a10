import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type TestClient } from '../../test/client';
import { webhookEnv } from '../../test/kick-webhook';
import { deliver, kickEvents, kickUser, ledgerOf, linkKick, manualClock, mismatches, pointsAndXp, saveRules } from './earning.testkit';
import { WEBHOOK_MESSAGES } from './kick-webhooks';

describe('Kick webhooks: signature, freshness, once per message', () => {
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const t = useTestApp({ env: webhookEnv, now: clock.now });
  let admin: TestClient;
  const db = () => t.database.db;

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RuleKeeper', 'admin');
    // Chat pays 10 points and 5 XP per 5-minute interval; a message keeps a member active for 5 minutes.
    await saveRules(admin, { daily_cap: 0, chat: { enabled: true, points: 10, xp: 5, interval_minutes: 5, active_minutes: 5 } });
    const live = await deliver(t.app, clock, 'livestream.status.updated', kickEvents.live(true, new Date('2026-11-22T11:00:00.000Z')));
    expect(live.statusCode).toBe(200);
  });

  it('a valid chat message credits its interval once the interval has ended, and the same message id twice credits once', async () => {
    clock.set('2026-11-22T12:00:00.000Z');
    const member = await signedInMember(t.app, 'ChattyCathy');
    const sender = await linkKick(db(), member.id, 5001, 'chatty_cathy');
    const body = kickEvents.chat(sender, new Date('2026-11-22T12:01:00.000Z'));
    clock.set('2026-11-22T12:01:05.000Z');
    const first = await deliver(t.app, clock, 'chat.message.sent', body, { messageId: '01JMSGSAMEID0000000000001' });
    const again = await deliver(t.app, clock, 'chat.message.sent', body, { messageId: '01JMSGSAMEID0000000000001' });
    expect(first.json()).toEqual({ success: true, processed: true });
    expect(again.json()).toEqual({ success: true, processed: false });
    expect(await ledgerOf(db(), member.id)).toEqual([]);

    clock.set('2026-11-22T12:05:30.000Z');
    expect(await t.app.services.earning.settleIntervals()).toMatchObject({ credited: 1 });
    expect(await t.app.services.earning.settleIntervals()).toMatchObject({ credited: 0 });
    expect(await ledgerOf(db(), member.id)).toEqual([
      expect.objectContaining({ delta: 10, reason: 'chat_activity', reference: 'kick_chat:5001:2026-11-22T12:00:00.000Z', note: 'Chat activity 12:00–12:05 UTC' }),
    ]);
    expect(await pointsAndXp(db(), member.id)).toEqual({ points: 10, xp: 5 });
    expect(await mismatches(t.app)).toEqual([]);
  });

  it('a late delivery credits the interval the message was sent in, right away', async () => {
    clock.set('2026-11-22T13:00:00.000Z');
    const member = await signedInMember(t.app, 'LateLarry');
    const sender = await linkKick(db(), member.id, 5002, 'late_larry');
    // Sent at 12:31, delivered 29 minutes later (Kick's delays, research §2.8).
    const response = await deliver(t.app, clock, 'chat.message.sent', kickEvents.chat(sender, new Date('2026-11-22T12:31:00.000Z')));
    expect(response.statusCode).toBe(200);
    expect(await ledgerOf(db(), member.id)).toEqual([
      expect.objectContaining({ delta: 10, reference: 'kick_chat:5002:2026-11-22T12:30:00.000Z', note: 'Chat activity 12:30–12:35 UTC' }),
    ]);
  });

  const forgeries: [string, number, string, Parameters<typeof deliver>[4]][] = [
    ['a bad signature', 401, WEBHOOK_MESSAGES.badSignature, { signWith: 'other-key' }],
    ['a body changed after signing', 401, WEBHOOK_MESSAGES.badSignature, { tamper: (body: string) => body.replace('"gg"', '"gg!"') }],
    ['a stale timestamp', 400, WEBHOOK_MESSAGES.stale, { sentAt: new Date('2026-11-22T13:49:00.000Z') }],
    ['a timestamp from the future', 400, WEBHOOK_MESSAGES.stale, { sentAt: new Date('2026-11-22T14:10:00.000Z') }],
  ];
  it.each(forgeries.map((forgery, index) => [...forgery, index] as const))('%s is refused with %i and changes nothing', async (_name, status, message, options, index) => {
    clock.set('2026-11-22T14:00:00.000Z');
    const member = await signedInMember(t.app, `Forged${index}`);
    const sender = await linkKick(db(), member.id, 6000 + index, `forged_${index}`);
    const messageId = `01JFORGED000000000000000${index}`;
    const response = await deliver(t.app, clock, 'chat.message.sent', kickEvents.chat(sender, new Date('2026-11-22T13:40:00.000Z')), { messageId, ...options });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, message });
    const recorded = await db().selectFrom('kick_webhook_messages').select('message_id').where('message_id', '=', messageId).execute();
    expect(recorded).toEqual([]);
    expect(await ledgerOf(db(), member.id)).toEqual([]);
  });

  it.each([
    ['not JSON', '{"broadcaster":'],
    ['a chat message without a sender', JSON.stringify({ broadcaster: { user_id: 1, username: 'x' }, created_at: '2026-11-22T13:59:00Z' })],
    ['a chat message with a non-date created_at', JSON.stringify({ ...kickEvents.chat(kickUser(7001, 'dateless'), new Date()), created_at: 'yesterday' })],
  ])('a malformed body (%s) is refused with 400 and not recorded', async (_name, body) => {
    clock.set('2026-11-22T14:00:00.000Z');
    const messageId = `01JMALFORMED${Math.floor(Math.random() * 1e9)}`;
    const response = await deliver(t.app, clock, 'chat.message.sent', body, { messageId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: WEBHOOK_MESSAGES.malformed });
    expect(await db().selectFrom('kick_webhook_messages').select('message_id').where('message_id', '=', messageId).execute()).toEqual([]);
  });

  it('missing headers are refused with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/webhooks/kick', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(WEBHOOK_MESSAGES.missingHeaders);
  });

  it('an event type the site does not use is acknowledged and ignored', async () => {
    clock.set('2026-11-22T14:00:00.000Z');
    const response = await deliver(t.app, clock, 'kicks.gifted', { anything: true });
    expect(response.json()).toEqual({ success: true, processed: true });
  });

  it('ten parallel deliveries of one message credit once', async () => {
    clock.set('2026-11-22T15:00:00.000Z');
    const member = await signedInMember(t.app, 'ParallelPete');
    const sender = await linkKick(db(), member.id, 5003, 'parallel_pete');
    const body = kickEvents.chat(sender, new Date('2026-11-22T14:20:00.000Z'));
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(t.app, clock, 'chat.message.sent', body, { messageId: '01JPARALLEL00000000000001' })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.json().processed)).toHaveLength(1);
    expect(await ledgerOf(db(), member.id)).toHaveLength(1);
    expect(await mismatches(t.app)).toEqual([]);
  });
});
