import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site-settings-defaults';
import { buildTestApp, type TestApp } from '../../test/app';
import { startFakeKick } from '../../test/fake-kick';

let channelCounter = 0;

async function statusFor(t: TestApp, options: { freshChannel?: boolean } = {}) {
  if (options.freshChannel !== false) {
    await t.app.services.settings.update({ ...DEFAULT_SITE_SETTINGS, kick_channel: `channel${++channelCounter}` });
  }
  const started = Date.now();
  const response = await t.app.inject({ method: 'GET', url: '/api/r/stream/status' });
  expect(response.statusCode).toBe(200);
  return { ...response.json().data, tookMs: Date.now() - started };
}

describe('stream status from the public channel endpoint (no Kick credentials)', () => {
  let t: TestApp;
  let kick: Awaited<ReturnType<typeof startFakeKick>>;
  beforeAll(async () => {
    kick = await startFakeKick();
    t = await buildTestApp({ env: kick.legacyEnv });
  });
  afterAll(async () => {
    await t.close();
    await kick.close();
  });
  afterEach(() => {
    kick.state.mode = 'offline';
  });

  it('reports offline when the channel has no livestream, with the channel link', async () => {
    const status = await statusFor(t);
    expect(status).toMatchObject({ channel: `channel${channelCounter}`, url: `${kick.url}/channel${channelCounter}`, status: 'offline', viewer_count: null });
  });

  it('reports live with viewers and title when the channel has a livestream', async () => {
    kick.state.mode = 'live';
    expect(await statusFor(t)).toMatchObject({ status: 'live', viewer_count: 912, title: 'Legacy hunt' });
  });

  it('asks Kick once per minute however many visitors ask', async () => {
    await statusFor(t);
    const before = kick.requests.length;
    await Promise.all(Array.from({ length: 20 }, () => statusFor(t, { freshChannel: false })));
    expect(kick.requests.length).toBe(before);
  });

  it.each(['error', 'html'] as const)('answers unknown (never an error) when Kick fails: %s', async (mode) => {
    kick.state.mode = mode;
    expect((await statusFor(t)).status).toBe('unknown');
  });

  it('gives up on a Kick that hangs within about 4 seconds, and the page never waits for it', async () => {
    kick.state.mode = 'hang';
    const pending = statusFor(t);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const status = await pending;
    expect(status.status).toBe('unknown');
    expect(status.tookMs).toBeLessThan(6000);
  }, 10_000);
});

describe('stream status from the official API (Kick credentials set)', () => {
  it('gets an app token once and reads stream.is_live', async () => {
    const kick = await startFakeKick();
    const t = await buildTestApp({ env: kick.officialEnv });
    try {
      kick.state.mode = 'live';
      expect(await statusFor(t)).toMatchObject({ status: 'live', viewer_count: 1834, title: 'Bonus hunt tonight' });
      kick.state.mode = 'offline';
      expect(await statusFor(t)).toMatchObject({ status: 'offline', viewer_count: null, title: null });
      expect(kick.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
      expect(kick.requests.filter((r) => r.path.startsWith('/public/v1/channels?slug='))).toHaveLength(2);
    } finally {
      await t.close();
      await kick.close();
    }
  });
});
