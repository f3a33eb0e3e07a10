import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSource } from '../../../common/contracts/leaderboards';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { FAKE_PARTNER_KEYS, startFakePartners, type FakePartners } from '../../test/fake-partners';
import { ADMIN, createBoard, platforms, saveSource } from './leaderboards.testkit';

const DAY = 86_400_000;
const periodStart = new Date(Math.floor(Date.now() / DAY) * DAY - DAY).toISOString();

/**
 * As production runs (WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES=false): an admin's partner address on this machine or a
 * private network is never called, by the sync or by Test connection, and staff see why.
 */
describe('wager sources on a private address, where only public ones are allowed', () => {
  let t: TestApp;
  let fake: FakePartners;
  let admin: TestClient;
  const refusal = (host: string) => `The partner's address ${host} is on a private or local network; only public addresses are synced.`;

  beforeAll(async () => {
    fake = await startFakePartners();
    t = await buildTestApp({ env: { WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES: 'false' } });
    admin = await signedIn(t.app, 'AddressKeeper', 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses the partner on this machine in Test connection and in the sync, without calling it', async () => {
    const board = await createBoard(admin, { name: 'Local', slug: 'local', mask_names: false }, { starts_at: periodStart });
    const source = { kind: 'rainbet' as const, base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet };
    const host = new URL(fake.url).hostname;

    const tested = await admin.post(`${ADMIN}/leaderboards/${board.leaderboardId}/source/test`, source);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({ ok: false, rows: 0, sample: [], message: refusal(host) });

    await saveSource(admin, board.leaderboardId, source);
    const synced = await admin.post(`${ADMIN}/leaderboards/${board.leaderboardId}/source/sync`);
    expect(synced.json().message).toBe(`Sync failed: ${refusal(host)}`);
    const saved = (await platforms(admin)).flatMap((platform) => platform.leaderboards).find((row) => row.id === board.leaderboardId)!.source as AdminSource;
    expect(saved).toMatchObject({ last_error: refusal(host), consecutive_failures: 1 });
    expect(fake.state.requests).toEqual([]);
  });

  it('refuses a generic partner named localhost, and the cloud metadata address', async () => {
    const board = await createBoard(admin, { name: 'Generic', slug: 'generic-local', mask_names: false }, { starts_at: periodStart });
    const generic = (url: string) => ({
      kind: 'generic' as const,
      secret: 'key',
      options: { url, rows_path: 'data', fields: { username: 'name', wagered: 'wagered' } },
    });
    for (const [url, host] of [[`http://localhost:${new URL(fake.url).port}/generic?key={secret}`, 'localhost'], ['http://169.254.169.254/latest/meta-data/', '169.254.169.254']]) {
      const tested = await admin.post(`${ADMIN}/leaderboards/${board.leaderboardId}/source/test`, generic(url));
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json().data).toMatchObject({ ok: false, message: refusal(host) });
    }
    expect(fake.state.requests).toEqual([]);
  });
});
