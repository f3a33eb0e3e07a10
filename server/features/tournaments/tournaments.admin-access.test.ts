import { beforeAll, describe, expect, it } from 'vitest';
import { expectCsrfRequired, expectHostileIds, expectRoutesListed, expectStaffOnly, type AdminCall, type AdminRoute } from '../../test/admin-access';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { act, createByApi, decide, generatedByApi, seats, TOURNAMENTS, tournamentOf, tournamentSnapshot } from './tournaments-admin.testkit';

const form = { name: 'Sneaky cup', size: 4, slots: seats(4) };

/** Every tournament admin route with a body it would accept; `:id` and `:matchId` are filled in per test. */
const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/tournaments' },
  { method: 'POST', path: '/tournaments', body: form },
  { method: 'GET', path: '/tournaments/:id' },
  { method: 'PUT', path: '/tournaments/:id', body: form },
  { method: 'DELETE', path: '/tournaments/:id' },
  { method: 'POST', path: '/tournaments/:id/generate' },
  { method: 'PUT', path: '/tournaments/:id/matches/:matchId', body: { winner_name: 'Slot 1' } },
  { method: 'POST', path: '/tournaments/:id/predictions/open' },
  { method: 'POST', path: '/tournaments/:id/predictions/close' },
  { method: 'POST', path: '/tournaments/:id/finish' },
];

/** Who may run tournaments (decision 020: moderators and admins, everything), CSRF, and ids that are not ids. */
describe('tournaments admin: access and hostile ids', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let visitor: TestClient;
  let tournamentId: number;
  let matchId: number;

  const call: AdminCall = (client, route, { params = {}, csrf = true } = {}) =>
    client.request(route.method, `/admin-new/api${route.path.replace(':id', String(params.id ?? tournamentId)).replace(':matchId', String(params.matchId ?? matchId))}`, {
      payload: route.body as object,
      csrf,
    });
  const snapshot = () => tournamentSnapshot(t);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'TournamentAccessAdmin', 'admin');
    moderator = await signedIn(t.app, 'TournamentAccessModerator', 'moderator');
    member = await signedIn(t.app, 'TournamentAccessMember', 'vip');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    const tournament = await generatedByApi(admin, { name: 'Access cup', size: 4 });
    tournamentId = tournament.id;
    matchId = tournament.matches[0].id;
  });

  it('lists every tournament admin route here, so a new one cannot skip these checks', () => {
    expectRoutesListed(t.app.routeTable, /^\/tournaments/, ROUTES);
  });

  it('refuses visitors and members on every route (403 staff only), changing nothing', async () => {
    await expectStaffOnly(ROUTES, [visitor, member], call, snapshot);
  });

  it('lets a moderator do everything an admin can but set rewards: create, edit, generate, open and close predictions, results, finish, delete', async () => {
    const draft = await createByApi(moderator, { name: 'Moderated cup', size: 4 });
    tournamentOf(await moderator.put(`${TOURNAMENTS}/${draft.id}`, { ...form, name: 'Moderated again' }));
    const tournament = tournamentOf(await act(moderator, draft.id, 'generate'));
    tournamentOf(await act(moderator, draft.id, 'predictions/open'));
    tournamentOf(await act(moderator, draft.id, 'predictions/close'));
    for (const [number, winner] of [[1, 'Slot 1'], [2, 'Slot 3'], [3, 'Slot 1']] as const) await decide(moderator, tournament, number, winner);
    expect(tournamentOf(await act(moderator, draft.id, 'finish')).status).toBe('completed');
    const spare = await createByApi(moderator, { name: 'Spare cup' });
    expect((await moderator.delete(`${TOURNAMENTS}/${spare.id}`)).json()).toEqual({ success: true, message: 'Tournament deleted.' });
  });

  it('leaves the rewards to admins: a moderator can neither create a tournament that pays points nor change what one pays (403), changing nothing', async () => {
    const adminOnly = [403, 'Only admins can set tournament rewards.'];
    let before = await snapshot();
    const create = await moderator.post(TOURNAMENTS, { ...form, reward_points: [10_000_000] });
    expect([create.statusCode, create.json().message]).toEqual(adminOnly);
    expect(await snapshot()).toEqual(before);

    const rewarded = await createByApi(admin, { name: 'Admin cup', size: 4, reward_points: [500, 250] });
    before = await snapshot();
    for (const reward_points of [[10_000_000, 250], [500], []]) {
      const change = await moderator.put(`${TOURNAMENTS}/${rewarded.id}`, { ...form, name: 'Admin cup', reward_points });
      expect([change.statusCode, change.json().message], JSON.stringify(reward_points)).toEqual(adminOnly);
    }
    expect(await snapshot()).toEqual(before);
    // The rest of the form stays theirs, the rewards as they are; an admin changes them.
    expect(tournamentOf(await moderator.put(`${TOURNAMENTS}/${rewarded.id}`, { ...form, name: 'Renamed cup', reward_points: [500, 250] }))).toMatchObject({ name: 'Renamed cup', reward_points: [500, 250] });
    expect(tournamentOf(await admin.put(`${TOURNAMENTS}/${rewarded.id}`, { ...form, name: 'Renamed cup', reward_points: [800] })).reward_points).toEqual([800]);
  });

  it('refuses a change without the CSRF token (403), changing nothing', async () => {
    await expectCsrfRequired(ROUTES, admin, call, snapshot);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    await expectHostileIds(ROUTES, admin, call, snapshot, /^Tournament not found\.$/);
    await expectHostileIds(ROUTES, admin, call, snapshot, /^Match not found\.$/, 'matchId');
  });
});
