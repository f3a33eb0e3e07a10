import { beforeAll, describe, expect, it } from 'vitest';
import { expectCsrfRequired, expectHostileIds, expectRoutesListed, expectStaffOnly, type AdminCall, type AdminRoute } from '../../test/admin-access';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient } from '../../test/client';
import { approve, CHALLENGES, challengeForm, challengeOf, challengeSnapshot, claimOf, CLAIMS, createByApi, reject, uploadImage } from './challenges-admin.testkit';
import { insertClaim } from './challenges.testkit';

const form = challengeForm({ slot_name: 'Sneaky slot' });

/** Every challenge admin route with a body it would accept; `:id` is filled in per test (a challenge or a claim). */
const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/challenges' },
  { method: 'POST', path: '/challenges', body: form },
  { method: 'POST', path: '/challenges/image' },
  { method: 'GET', path: '/challenges/:id' },
  { method: 'PUT', path: '/challenges/:id', body: form },
  { method: 'DELETE', path: '/challenges/:id' },
  { method: 'GET', path: '/challenge-claims' },
  { method: 'GET', path: '/challenge-claims/:id' },
  { method: 'POST', path: '/challenge-claims/:id/approve', body: { admin_notes: 'Sneaky' } },
  { method: 'POST', path: '/challenge-claims/:id/reject', body: { admin_notes: 'Sneaky' } },
];
const CHALLENGE_ROUTES = ROUTES.filter((route) => route.path.startsWith('/challenges'));
const CLAIM_ROUTES = ROUTES.filter((route) => route.path.startsWith('/challenge-claims'));

/** Who may run challenges and review claims (decision 021: moderators and admins), CSRF, and ids that are not ids. */
describe('challenges admin: access and hostile ids', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let visitor: TestClient;
  let challengeId: number;
  let claimId: number;

  const call: AdminCall = (client, route, { params = {}, csrf = true } = {}) =>
    client.request(route.method, `/admin-new/api${route.path.replace(':id', String(params.id ?? (route.path.startsWith('/challenge-claims') ? claimId : challengeId)))}`, {
      payload: route.body as object,
      csrf,
    });
  const snapshot = () => challengeSnapshot(t);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'ChallengeAccessAdmin', 'admin');
    moderator = await signedIn(t.app, 'ChallengeAccessModerator', 'moderator');
    member = await signedIn(t.app, 'ChallengeAccessMember', 'vip');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    challengeId = (await createByApi(admin, { slot_name: 'Access slot' })).id;
    const claimer = await signedInMember(t.app, 'ChallengeAccessClaimer');
    claimId = await insertClaim(t.database.db, { challenge_id: challengeId, user_id: claimer.id });
  });

  it('lists every challenge admin route here, so a new one cannot skip these checks', () => {
    expectRoutesListed(t.app.routeTable, /^\/challenge/, ROUTES);
  });

  it('refuses visitors and members (vip included) on every route (403 staff only), changing nothing', async () => {
    await expectStaffOnly(ROUTES, [visitor, member], call, snapshot);
  });

  it('lets a moderator do everything an admin can: upload, create, edit, delete, list, approve and reject', async () => {
    const image = await uploadImage(moderator);
    const created = await createByApi(moderator, { slot_name: 'Moderated slot', image });
    expect(challengeOf(await moderator.put(`${CHALLENGES}/${created.id}`, challengeForm({ slot_name: 'Moderated again', image }))).slot_name).toBe('Moderated again');
    expect((await moderator.get(`${CHALLENGES}?status=active`)).statusCode).toBe(200);
    const [first, second] = await Promise.all(['ModClaimerOne', 'ModClaimerTwo'].map((name) => signedInMember(t.app, name)));
    const approved = await insertClaim(t.database.db, { challenge_id: created.id, user_id: first.id });
    const rejected = await insertClaim(t.database.db, { challenge_id: created.id, user_id: second.id });
    expect(claimOf(await reject(moderator, rejected, 'Bet too small.')).status).toBe('rejected');
    expect(claimOf(await approve(moderator, approved)).status).toBe('approved');
    expect((await moderator.get(`${CLAIMS}?status=all&challenge_id=${created.id}`)).json().total).toBe(2);
    const spare = await createByApi(moderator, { slot_name: 'Spare slot' });
    expect((await moderator.delete(`${CHALLENGES}/${spare.id}`)).json()).toEqual({ success: true, message: 'Challenge deleted.' });
  });

  it('refuses a change without the CSRF token (403), changing nothing', async () => {
    await expectCsrfRequired(ROUTES, admin, call, snapshot);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    await expectHostileIds(CHALLENGE_ROUTES, admin, call, snapshot, /^Challenge not found\.$/);
    await expectHostileIds(CLAIM_ROUTES, admin, call, snapshot, /^Claim not found\.$/);
  });

  it('answers query strings that are not filters with per-field 422s, never 500', async () => {
    for (const [url, field] of [
      [`${CHALLENGES}?status=finished`, 'status'],
      [`${CHALLENGES}?page=0`, 'page'],
      [`${CHALLENGES}?search=${'x'.repeat(101)}`, 'search'],
      [`${CLAIMS}?status=open`, 'status'],
      [`${CLAIMS}?challenge_id=abc`, 'challenge_id'],
      [`${CLAIMS}?page=-2`, 'page'],
    ] as const) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toHaveProperty(field);
    }
  });
});
