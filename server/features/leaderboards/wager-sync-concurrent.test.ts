import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { FAKE_PARTNER_KEYS, startFakePartners, type FakePartners } from '../../test/fake-partners';
import { createBoard, readLeaderboard, saveSource } from './leaderboards.testkit';

const DAY = 86_400_000;
const periodStart = new Date(Math.floor(Date.now() / DAY) * DAY - DAY).toISOString();

/** The background job runs due sources side by side: one partner hanging until its timeout holds up no other board. */
describe('wager sources synced side by side', () => {
  const clock = manualClock(new Date(Date.parse(periodStart) + DAY).toISOString());
  let t: TestApp;
  let hanging: FakePartners;
  let healthy: FakePartners;
  let admin: TestClient;

  beforeAll(async () => {
    [hanging, healthy] = await Promise.all([startFakePartners(), startFakePartners()]);
    t = await buildTestApp({ now: clock.now, syncRetryBaseMs: 1 });
    admin = await signedIn(t.app, 'SideBySide', 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hanging?.close(), healthy?.close()]);
  });

  it('a healthy source saves its standings while another is still waiting on its partner', async () => {
    hanging.state.failure = 'hang';
    healthy.state.players = [{ username: 'OnTime', wagered: 321 }];
    // Created first, so the hanging source comes first in the job's list: one after another, the healthy board would
    // wait for its three attempts of a second each.
    const stuck = await createBoard(admin, { name: 'Stuck', slug: 'stuck', mask_names: false }, { starts_at: periodStart });
    await saveSource(admin, stuck.leaderboardId, { kind: 'rainbet', base_url: hanging.url, secret: FAKE_PARTNER_KEYS.rainbet, timeout_sec: 1 });
    const fine = await createBoard(admin, { name: 'Fine', slug: 'fine', mask_names: false }, { starts_at: periodStart });
    await saveSource(admin, fine.leaderboardId, { kind: 'packdraw', base_url: healthy.url, secret: FAKE_PARTNER_KEYS.packdraw });

    let settled = false;
    const tick = t.app.services.leaderboardTick().finally(() => {
      settled = true;
    });
    const fineNames = async () => (await readLeaderboard(admin, '?platform=fine')).top_three.map((entry) => entry.displayName);
    while ((await fineNames()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await fineNames()).toEqual(['OnTime']);
    expect(settled).toBe(false);
    expect(hanging.state.requests.length).toBeGreaterThan(0);
    expect(await tick).toMatchObject({ synced: 2 });
  }, 20_000);
});
