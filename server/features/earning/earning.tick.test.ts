import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site-settings-defaults';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, signedInMember } from '../../test/client';
import { startFakeKick } from '../../test/fake-kick';
import { webhookEnv } from '../../test/kick-webhook';
import { deliver, kickEvents, ledgerOf, linkKick, manualClock, mismatches, saveRules } from './earning.testkit';

describe('the earning tick follows the polled stream status (official Kick API)', () => {
  const clock = manualClock('2026-11-22T20:00:00.000Z');
  let kick: Awaited<ReturnType<typeof startFakeKick>>;
  let t: TestApp;
  let channels = 0;
  const sessions = () => t.database.db.selectFrom('stream_sessions').select(['started_at', 'ended_at', 'source']).orderBy('id').execute();
  /**
   * The app keeps Kick's answer for 60 seconds of real time: each step asks about a channel it has not
   * cached yet, so the tick sees the fake's current state (as stream.test.ts does).
   */
  async function kickSays(mode: 'live' | 'offline' | 'error') {
    kick.state.mode = mode;
    await t.app.services.settings.update({ ...DEFAULT_SITE_SETTINGS, kick_channel: `tickchannel${++channels}` });
  }
  async function chatAt(sender: Parameters<typeof kickEvents.chat>[0], iso: string) {
    clock.set(iso);
    const response = await deliver(t.app, clock, 'chat.message.sent', kickEvents.chat(sender, new Date(iso)));
    expect(response.statusCode).toBe(200);
  }

  beforeAll(async () => {
    kick = await startFakeKick();
    t = await buildTestApp({ env: { ...kick.officialEnv, ...webhookEnv }, now: clock.now });
    const admin = await signedIn(t.app, 'RuleKeeper', 'admin');
    await saveRules(admin, { daily_cap: 0, chat: { enabled: true, points: 10, xp: 5, interval_minutes: 5, active_minutes: 5 } });
  });
  afterAll(async () => {
    await t?.close();
    await kick?.close();
  });
  afterEach(async () => {
    kick.state.mode = 'offline';
    expect(await mismatches(t.app)).toEqual([]);
  });

  it('opens a poll session when Kick says live, keeps one while live, and closes it when Kick says offline', async () => {
    const member = await signedInMember(t.app, 'TickingTina');
    const tina = await linkKick(t.database.db, member.id, 8701, 'tina_ticks');
    const tick = () => t.app.services.earning.tick();

    await kickSays('offline');
    await chatAt(tina, '2026-11-22T20:01:00.000Z');
    clock.set('2026-11-22T20:06:00.000Z');
    expect(await tick()).toEqual({ stream: 'offline', credited: 0, skipped: 1 });
    expect(await sessions()).toEqual([]);

    await kickSays('live');
    clock.set('2026-11-22T20:10:00.000Z');
    expect(await tick()).toMatchObject({ stream: 'live' });
    expect(await sessions()).toEqual([{ started_at: '2026-11-22T20:10:00.000Z', ended_at: null, source: 'poll' }]);

    await chatAt(tina, '2026-11-22T20:11:00.000Z');
    clock.set('2026-11-22T20:16:00.000Z');
    expect(await tick()).toEqual({ stream: 'live', credited: 1, skipped: 0 });
    expect(await sessions()).toHaveLength(1);

    await kickSays('offline');
    clock.set('2026-11-22T20:20:00.000Z');
    expect(await tick()).toMatchObject({ stream: 'offline' });
    expect(await sessions()).toEqual([{ started_at: '2026-11-22T20:10:00.000Z', ended_at: '2026-11-22T20:20:00.000Z', source: 'poll' }]);

    await chatAt(tina, '2026-11-22T20:21:00.000Z');
    clock.set('2026-11-22T20:26:00.000Z');
    expect(await tick()).toEqual({ stream: 'offline', credited: 0, skipped: 1 });
    expect((await ledgerOf(t.database.db, member.id)).map((row) => row.reference)).toEqual(['kick_chat:8701:2026-11-22T20:10:00.000Z']);
  });

  it('a status Kick cannot give (unknown) neither opens nor closes a session', async () => {
    clock.set('2026-11-22T21:00:00.000Z');
    await kickSays('error');
    expect(await t.app.services.earning.tick()).toMatchObject({ stream: 'unknown' });
    expect((await sessions()).filter((s) => s.ended_at === null)).toEqual([]);

    await kickSays('live');
    clock.set('2026-11-22T21:01:00.000Z');
    await t.app.services.earning.tick();
    await kickSays('error');
    clock.set('2026-11-22T21:02:00.000Z');
    expect(await t.app.services.earning.tick()).toMatchObject({ stream: 'unknown' });
    expect((await sessions()).filter((s) => s.ended_at === null)).toEqual([{ started_at: '2026-11-22T21:01:00.000Z', ended_at: null, source: 'poll' }]);
  });

  it('for three minutes after a webhook changed the state, the (cached, possibly stale) poll leaves it alone', async () => {
    clock.set('2026-11-22T22:00:00.000Z');
    const live = await deliver(t.app, clock, 'livestream.status.updated', kickEvents.live(false, clock.now()));
    expect(live.statusCode).toBe(200);
    await kickSays('live');
    clock.set('2026-11-22T22:02:59.000Z');
    await t.app.services.earning.tick();
    expect((await sessions()).filter((s) => s.ended_at === null)).toEqual([]);

    await kickSays('live');
    clock.set('2026-11-22T22:03:00.000Z');
    await t.app.services.earning.tick();
    expect((await sessions()).filter((s) => s.ended_at === null)).toEqual([{ started_at: '2026-11-22T22:03:00.000Z', ended_at: null, source: 'poll' }]);
  });
});
