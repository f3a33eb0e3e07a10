import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { startFakeKick } from '../../test/fake-kick';
import { testWebhookPublicKey } from '../../test/kick-webhook';
import { KICK_EVENTS } from './kick-webhooks';

const SUBSCRIPTIONS = '/public/v1/events/subscriptions';

describe('subscribing to Kick events (research/integrations.md §2.7)', () => {
  let kick: Awaited<ReturnType<typeof startFakeKick>>;
  let t: TestApp;
  const subscribe = () => {
    const run = t.app.services.subscribeToKickEvents;
    if (!run) throw new Error('subscribeToKickEvents should exist with Kick credentials');
    return run();
  };
  const posts = () => kick.requests.filter((r) => r.method === 'POST' && r.path === SUBSCRIPTIONS).length;
  const events = () => kick.subscriptions.map((s) => s.event).sort();
  /** Removes a subscription through Kick's DELETE endpoint, as Kick's auto-disable or a developer would. */
  const unsubscribe = async (event: string) => {
    const found = kick.subscriptions.find((s) => s.event === event);
    if (!found) throw new Error(`no subscription for ${event}`);
    const response = await fetch(`${kick.url}${SUBSCRIPTIONS}?id=${found.id}`, { method: 'DELETE', headers: { Authorization: 'Bearer app-token' } });
    expect(response.status).toBe(204);
  };

  beforeAll(async () => {
    kick = await startFakeKick();
    t = await buildTestApp({ env: kick.officialEnv });
  });
  afterAll(async () => {
    await t?.close();
    await kick?.close();
  });

  it('is not offered without Kick app credentials', async () => {
    const plain = await buildTestApp();
    try {
      expect(plain.app.services.subscribeToKickEvents).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('creates all six events for the broadcaster on the first call, in the current schema', async () => {
    const result = await subscribe();
    expect([...result.created].sort()).toEqual([...KICK_EVENTS].sort());
    expect(result.existing).toEqual([]);
    expect(events()).toEqual([...KICK_EVENTS].sort());
    for (const subscription of kick.subscriptions) {
      expect(subscription).toMatchObject({ broadcaster_user_id: 721956, version: 1, method: 'webhook' });
    }
    expect(posts()).toBe(1);
  });

  it('creates nothing on the second call', async () => {
    const result = await subscribe();
    expect(result.created).toEqual([]);
    expect([...result.existing].sort()).toEqual([...KICK_EVENTS].sort());
    expect(posts()).toBe(1);
    expect(kick.subscriptions).toHaveLength(KICK_EVENTS.length);
  });

  it('re-creates only the subscription Kick dropped', async () => {
    await unsubscribe('channel.followed');
    expect(kick.subscriptions).toHaveLength(KICK_EVENTS.length - 1);
    const result = await subscribe();
    expect(result.created).toEqual(['channel.followed']);
    expect(posts()).toBe(2);
    expect(events()).toEqual([...KICK_EVENTS].sort());
  });

  it('rejects, naming the events, when Kick answers the creation with an empty list', async () => {
    await unsubscribe('chat.message.sent');
    await unsubscribe('livestream.status.updated');
    kick.state.subscriptionsPost = 'empty';
    try {
      const failure = await subscribe().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/chat\.message\.sent/);
      expect((failure as Error).message).toMatch(/livestream\.status\.updated/);
      expect((failure as Error).message).not.toMatch(/channel\.followed/);
      expect(kick.subscriptions).toHaveLength(KICK_EVENTS.length - 2);
    } finally {
      kick.state.subscriptionsPost = 'ok';
    }
    // Once Kick behaves again, the next run puts the two back.
    expect((await subscribe()).created.sort()).toEqual(['chat.message.sent', 'livestream.status.updated']);
    expect(events()).toEqual([...KICK_EVENTS].sort());
  });

  it('rejects when Kick fails outright, and creates nothing', async () => {
    await unsubscribe('channel.subscription.gifts');
    kick.state.mode = 'error';
    try {
      await expect(subscribe()).rejects.toThrow();
    } finally {
      kick.state.mode = 'offline';
    }
    expect(kick.subscriptions).toHaveLength(KICK_EVENTS.length - 1);
  });
});

describe('the fake Kick keeps to Kick’s contract (so the tests above mean something)', () => {
  let kick: Awaited<ReturnType<typeof startFakeKick>>;
  beforeAll(async () => {
    kick = await startFakeKick();
  });
  afterAll(() => kick.close());

  const call = (path: string, init: RequestInit = {}, token = 'app-token') =>
    fetch(`${kick.url}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });

  it('answers the old flat schema with 200 and an empty list, and creates nothing', async () => {
    const response = await call(SUBSCRIPTIONS, {
      method: 'POST',
      body: JSON.stringify({ event: 'chat.message.sent', callback_url: 'https://example.com/webhooks/kick', broadcaster_user_id: 721956 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [], message: 'OK' });
    expect(kick.subscriptions).toEqual([]);
  });

  it('needs the app token for subscriptions and the public key, and serves the test key', async () => {
    expect((await call(SUBSCRIPTIONS, {}, 'someone-else')).status).toBe(401);
    expect((await call('/public/v1/public-key', {}, 'someone-else')).status).toBe(401);
    const key = await call('/public/v1/public-key');
    expect(await key.json()).toEqual({ data: { public_key: testWebhookPublicKey }, message: 'OK' });
  });
});
