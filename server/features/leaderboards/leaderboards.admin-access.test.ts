import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { ADMIN, createBoard, importWagers } from './leaderboards.testkit';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Route = { method: Method; path: string; body?: unknown };

const CSRF_REFUSAL = 'Your security token is missing or has expired. Reload the page and try again.';
const TABLES = ['partner_platforms', 'leaderboards', 'leaderboard_periods', 'leaderboard_prizes', 'wager_entries', 'wager_daily', 'wager_sources'] as const;

/** Every leaderboard admin route with a body it would accept; `:id` and `:entryId` are filled in per test. */
const ROUTES: Route[] = [
  { method: 'GET', path: '/leaderboards/platforms' },
  { method: 'POST', path: '/leaderboards/platforms', body: { name: 'Sneaky', slug: 'sneaky' } },
  { method: 'PUT', path: '/leaderboards/platforms/:id', body: { name: 'Renamed', slug: 'renamed' } },
  { method: 'DELETE', path: '/leaderboards/platforms/:id' },
  { method: 'POST', path: '/leaderboards/platform-images' },
  { method: 'POST', path: '/leaderboards/platforms/:id/leaderboards', body: { leaderboard_type: 'live_games', period_length: 'weekly' } },
  { method: 'PUT', path: '/leaderboards/:id', body: { period_length: 'monthly' } },
  { method: 'DELETE', path: '/leaderboards/:id' },
  { method: 'GET', path: '/leaderboards/:id/periods' },
  { method: 'PUT', path: '/leaderboards/:id/period', body: { starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-08T00:00:00Z' } },
  { method: 'POST', path: '/leaderboards/:id/end-period' },
  { method: 'PUT', path: '/leaderboards/:id/prizes', body: { prizes: [100, 50] } },
  { method: 'POST', path: '/leaderboard-periods/:id/pay-prizes' },
  { method: 'GET', path: '/leaderboard-periods/:id/entries' },
  { method: 'POST', path: '/leaderboard-periods/:id/entries', body: { username: 'Sneak', wagered: 5 } },
  { method: 'DELETE', path: '/leaderboard-periods/:id/entries/:entryId' },
  { method: 'POST', path: '/leaderboard-periods/:id/import', body: { csv: 'Sneak,5' } },
  { method: 'PUT', path: '/leaderboards/:id/source', body: { kind: 'rainbet', base_url: 'http://127.0.0.1:9', secret: 'key', interval_sec: 60, timeout_sec: 1 } },
  { method: 'DELETE', path: '/leaderboards/:id/source' },
  { method: 'POST', path: '/leaderboards/:id/source/test', body: { kind: 'rainbet', base_url: 'http://127.0.0.1:9', secret: 'key', interval_sec: 60, timeout_sec: 1 } },
  { method: 'POST', path: '/leaderboards/:id/source/sync' },
];
const changes = ROUTES.filter((route) => route.method !== 'GET');

/** Who may do what on the leaderboard admin API, CSRF, and ids that are not ids. */
describe('leaderboards admin: access and hostile ids', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let visitor: TestClient;
  let ids: { platform: number; leaderboard: number; period: number; entry: number };

  /** Everything the leaderboards keep, to show a refused call changed nothing. */
  const snapshot = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await t.database.db.selectFrom(table).selectAll().execute()])));
  const urlOf = (route: Route, id: number | string = route.path.startsWith('/leaderboard-periods') ? ids.period : route.path.includes('platforms/') ? ids.platform : ids.leaderboard, entryId: number | string = ids.entry) =>
    ADMIN + route.path.replace(':id', String(id)).replace(':entryId', String(entryId));
  const call = (client: TestClient, route: Route, url = urlOf(route), body = route.body, csrf = true) => client.request(route.method, url, { payload: body as object, csrf });

  beforeAll(async () => {
    admin = await signedIn(t.app, 'AccessAdmin', 'admin');
    moderator = await signedIn(t.app, 'AccessModerator', 'moderator');
    member = await signedIn(t.app, 'AccessMember');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    const board = await createBoard(admin, { name: 'Roobet', slug: 'roobet' });
    await importWagers(admin, board.periodId, [['Alice', 100]]);
    const entry = (await admin.get(`${ADMIN}/leaderboard-periods/${board.periodId}/entries`)).json().data[0].id as number;
    ids = { platform: board.platform.id, leaderboard: board.leaderboardId, period: board.periodId, entry };
  });

  it('lists every leaderboard admin route here, so a new one cannot skip these checks', () => {
    const registered = t.app.routeTable
      .filter((route) => /^\/admin-new\/api\/leaderboard/.test(route.url) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(ADMIN, '')}`)
      .sort();
    expect(registered).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('refuses visitors and members on every route (403 staff only), changing nothing', async () => {
    const before = await snapshot();
    for (const client of [visitor, member]) {
      for (const route of ROUTES) {
        const response = await call(client, route);
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
        expect(response.json()).toEqual({ success: false, message: 'Staff access required.' });
      }
    }
    // Without a session cookie at all, and without the CSRF token: still the same answer.
    const bare = await t.app.inject({ method: 'POST', url: `${ADMIN}/leaderboards/platforms`, payload: { name: 'Bare', slug: 'bare' } });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe('Staff access required.');
    expect(await snapshot()).toEqual(before);
  });

  it('lets moderators read platforms, periods and standings', async () => {
    const listed = await moderator.get(`${ADMIN}/leaderboards/platforms`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((platform: { slug: string }) => platform.slug)).toEqual(['roobet']);
    const periods = await moderator.get(`${ADMIN}/leaderboards/${ids.leaderboard}/periods`);
    expect(periods.statusCode).toBe(200);
    expect(periods.json().data).toMatchObject([{ id: ids.period, status: 'current', entries_count: 1 }]);
    const entries = await moderator.get(`${ADMIN}/leaderboard-periods/${ids.period}/entries`);
    expect(entries.statusCode).toBe(200);
    expect(entries.json().data).toMatchObject([{ id: ids.entry, rank: 1, username: 'Alice', wagered: 100, source: 'import' }]);
  });

  it('refuses moderators every change with 403 "Only admins can do that.", before looking at the body', async () => {
    const before = await snapshot();
    for (const route of changes) {
      for (const body of [route.body, { nonsense: true, slug: 'BAD SLUG', wagered: -1, csv: '' }]) {
        const response = await call(moderator, route, urlOf(route), body);
        expect(response.statusCode, `${route.method} ${route.path} ${JSON.stringify(body)}`).toBe(403);
        expect(response.json()).toEqual({ success: false, message: 'Only admins can do that.' });
      }
    }
    // A hostile id is refused for the role before it is read as an id.
    expect((await moderator.delete(`${ADMIN}/leaderboards/abc`)).json().message).toBe('Only admins can do that.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an admin’s change without the CSRF token (403), changing nothing', async () => {
    const before = await snapshot();
    for (const route of changes) {
      const response = await call(admin, route, urlOf(route), route.body, false);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toEqual({ success: false, message: CSRF_REFUSAL });
      const forged = await admin.request(route.method, urlOf(route), { payload: route.body as object, csrf: false, headers: { 'x-csrf-token': moderator.csrfToken } });
      expect(forged.statusCode, `${route.method} ${route.path} with another session's token`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    // The same call with the token goes through.
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${ids.period}/entries`, { username: 'Alice', wagered: 101 })).statusCode).toBe(200);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    const before = await snapshot();
    for (const route of ROUTES.filter((candidate) => candidate.path.includes(':id'))) {
      const nul = await call(admin, route, urlOf(route, '%00'));
      expect(nul.statusCode, `${route.method} ${route.path} %00`).toBe(400);
      expect(nul.json().message).toEqual(expect.any(String));
      for (const id of ['abc', '0', '-1', '1.5', '1e3x', '99999999999', '1%20OR%201=1']) {
        const response = await call(admin, route, urlOf(route, id));
        expect(response.statusCode, `${route.method} ${urlOf(route, id)}`).toBe(422);
        expect(response.json().success).toBe(false);
        expect(response.json().errors).toHaveProperty('id');
      }
      const unknown = await call(admin, route, urlOf(route, 2_147_483_647));
      expect(unknown.statusCode, `${route.method} ${route.path} unknown`).toBe(404);
      expect(unknown.json().message, `${route.method} ${route.path} unknown`).toMatch(/^((Platform|Leaderboard|Leaderboard period) not found|This leaderboard has no (running period|source))\.$/);
    }
    const entryRoute = ROUTES.find((route) => route.path.endsWith(':entryId'))!;
    for (const entryId of ['abc', '0', '-5', '99999999999']) {
      const response = await call(admin, entryRoute, urlOf(entryRoute, ids.period, entryId));
      expect(response.statusCode, entryId).toBe(422);
      expect(response.json().errors).toHaveProperty('entryId');
    }
    const unknownEntry = await call(admin, entryRoute, urlOf(entryRoute, ids.period, 2_147_483_647));
    expect(unknownEntry.statusCode).toBe(404);
    expect(unknownEntry.json().message).toBe('That player is not in this period.');
    expect(await snapshot()).toEqual(before);
  });
});
