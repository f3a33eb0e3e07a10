import { beforeAll, describe, expect, it } from 'vitest';
import { expectCsrfRequired, expectHostileIds, expectRoutesListed, expectStaffOnly, type AdminCall, type AdminRoute } from '../../test/admin-access';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { ADMIN, addGames, huntOf, huntSnapshot, HUNTS } from './hunts-admin.testkit';

/** Every bonus hunt and slot admin route with a body it would accept; `:id` and `:gameId` are filled in per test. */
const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/bonus-hunts' },
  { method: 'POST', path: '/bonus-hunts', body: { start_balance: 100 } },
  { method: 'GET', path: '/bonus-hunts/:id' },
  { method: 'PUT', path: '/bonus-hunts/:id', body: { start_balance: 200 } },
  { method: 'DELETE', path: '/bonus-hunts/:id' },
  { method: 'POST', path: '/bonus-hunts/:id/games', body: { slot_name: 'Sneaky', slot_bet: 1 } },
  { method: 'PATCH', path: '/bonus-hunts/:id/games/:gameId', body: { slot_win: 5 } },
  { method: 'DELETE', path: '/bonus-hunts/:id/games/:gameId' },
  { method: 'PUT', path: '/bonus-hunts/:id/games/order', body: { game_ids: [1] } },
  { method: 'POST', path: '/bonus-hunts/:id/predictions/open' },
  { method: 'POST', path: '/bonus-hunts/:id/predictions/close' },
  { method: 'POST', path: '/bonus-hunts/:id/finish' },
  { method: 'GET', path: '/slots' },
  { method: 'POST', path: '/slots', body: { name: 'Sneaky Slot' } },
  { method: 'PUT', path: '/slots/:id', body: { name: 'Renamed Slot' } },
  { method: 'DELETE', path: '/slots/:id' },
  { method: 'POST', path: '/slots/images' },
  { method: 'POST', path: '/slots/:id/merge', body: { into_id: 1 } },
];

/** Who may run bonus hunts and keep the catalogue (decision 016), CSRF, and ids that are not ids. */
describe('bonus hunts admin: access and hostile ids', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let visitor: TestClient;
  let ids: { hunt: number; game: number; slot: number };

  const urlOf = (route: AdminRoute, id: number | string = route.path.startsWith('/slots') ? ids.slot : ids.hunt, gameId: number | string = ids.game) =>
    ADMIN + route.path.replace(':id', String(id)).replace(':gameId', String(gameId));
  const call: AdminCall = (client, route, { params = {}, csrf = true } = {}) =>
    client.request(route.method, urlOf(route, params.id, params.gameId), { payload: route.body as object, csrf });
  const snapshot = () => huntSnapshot(t);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'AccessAdmin', 'admin');
    moderator = await signedIn(t.app, 'AccessModerator', 'moderator');
    member = await signedIn(t.app, 'AccessMember', 'vip');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    const hunt = huntOf(await admin.post(HUNTS, { start_balance: 500, reward_end_balance: 1000 }));
    const filled = await addGames(admin, hunt.id, [{ slot_name: 'Gates of Olympus', slot_bet: 2 }]);
    ids = { hunt: hunt.id, game: filled.games[0].id, slot: filled.games[0].slot_id };
  });

  it('lists every bonus hunt and slot admin route here, so a new one cannot skip these checks', () => {
    expectRoutesListed(t.app.routeTable, /^\/(bonus-hunts|slots)/, ROUTES);
  });

  it('refuses visitors and members on every route (403 staff only), changing nothing', async () => {
    await expectStaffOnly(ROUTES, [visitor, member], call, snapshot);
    const bare = await t.app.inject({ method: 'POST', url: HUNTS, payload: { start_balance: 1 } });
    expect(bare.statusCode).toBe(403);
  });

  it('lets moderators run hunts, but only admins set the points a hunt pays', async () => {
    expect((await moderator.get(urlOf(ROUTES[2]))).statusCode).toBe(200);
    const before = await huntSnapshot(t);
    for (const rewards of [{ reward_end_balance: 5000 }, { reward_end_balance: 0 }, { reward_end_balance: 1000, reward_game: 1 }]) {
      const response = await moderator.put(`${HUNTS}/${ids.hunt}`, { start_balance: 600, ...rewards });
      expect(response.statusCode, JSON.stringify(rewards)).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Only admins can set prediction rewards.' });
    }
    expect(await huntSnapshot(t)).toEqual(before);
    // Keeping the rewards an admin set is fine.
    expect(huntOf(await moderator.put(`${HUNTS}/${ids.hunt}`, { title: 'Moderated', start_balance: 600, reward_end_balance: 1000 }))).toMatchObject({
      title: 'Moderated',
      start_balance: 600,
      rewards: { end_balance: 1000, highest_multiplier: 0, highest_multiplier_game: 0 },
    });
    const create = await moderator.post(HUNTS, { start_balance: 100, reward_multiplier: 10 });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('Only admins can set prediction rewards.');
  });

  it('refuses a change without the CSRF token (403), changing nothing', async () => {
    await expectCsrfRequired(ROUTES, admin, call, snapshot);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    await expectHostileIds(ROUTES, admin, call, snapshot, /^(Hunt|Slot) not found\.$/);
    await expectHostileIds(ROUTES, admin, call, snapshot, 'That game is not in this hunt.', 'gameId');
  });
});
