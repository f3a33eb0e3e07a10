import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCsrfRequired, expectHostileIds, expectRoutesListed, expectStaffOnly, type AdminCall, type AdminRoute } from '../../test/admin-access';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { createByApi, RAFFLES, raffleSnapshot } from './raffles-admin.testkit';

/** Every raffle admin route with a body it would accept; `:id` is filled in per test. */
const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/raffles' },
  { method: 'POST', path: '/raffles', body: { title: 'Sneaky', end_datetime: '2099-01-01T00:00:00.000Z', allow_passwordless_entry: true } },
  { method: 'GET', path: '/raffles/:id' },
  { method: 'PUT', path: '/raffles/:id', body: { title: 'Renamed', end_datetime: '2099-01-01T00:00:00.000Z', allow_passwordless_entry: true } },
  { method: 'DELETE', path: '/raffles/:id' },
  { method: 'GET', path: '/raffles/:id/entries' },
  { method: 'POST', path: '/raffles/images' },
  { method: 'POST', path: '/raffles/:id/close' },
  { method: 'POST', path: '/raffles/:id/draw' },
  { method: 'POST', path: '/raffles/:id/redraw', body: { position: 1, reason: 'No reply' } },
  { method: 'POST', path: '/raffles/:id/announce' },
];

/** Who may run raffles (decision 019: moderators and admins, everything), CSRF, and ids that are not ids. */
describe('raffles admin: access and hostile ids', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;
  let visitor: TestClient;
  let raffleId: number;

  const call: AdminCall = (client, route, { params = {}, csrf = true } = {}) =>
    client.request(route.method, `/admin-new/api${route.path.replace(':id', String(params.id ?? raffleId))}`, { payload: route.body as object, csrf });
  const snapshot = () => raffleSnapshot(t);

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RaffleAccessAdmin', 'admin');
    moderator = await signedIn(t.app, 'RaffleAccessModerator', 'moderator');
    member = await signedIn(t.app, 'RaffleAccessMember', 'vip');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    raffleId = (await createByApi(admin, { title: 'Access raffle' })).id;
  });

  it('lists every raffle admin route here, so a new one cannot skip these checks', () => {
    expectRoutesListed(t.app.routeTable, /^\/raffles/, ROUTES);
  });

  it('refuses visitors and members on every route (403 staff only), changing nothing', async () => {
    await expectStaffOnly(ROUTES, [visitor, member], call, snapshot);
  });

  it('lets a moderator do everything an admin can: create, edit, upload, close, draw, announce, delete', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#a0f' } }).png().toBuffer();
    const { payload, headers } = await multipart([{ name: 'prize.png', type: 'image/png', data: png }]);
    const upload = await moderator.post(`${RAFFLES}/images`, payload, { headers });
    expect(upload.statusCode, upload.body).toBe(200);
    const raffle = await createByApi(moderator, { title: 'Moderated raffle', image: upload.json().path });
    expect((await moderator.put(`${RAFFLES}/${raffle.id}`, { title: 'Moderated again', end_datetime: raffle.end_datetime, allow_passwordless_entry: true, image: raffle.image })).statusCode).toBe(200);
    const entrant = await signedIn(t.app, 'RaffleAccessEntrant');
    expect((await entrant.post(`/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' })).statusCode).toBe(200);
    for (const action of ['close', 'draw', 'announce']) expect((await moderator.post(`${RAFFLES}/${raffle.id}/${action}`, {})).statusCode, action).toBe(200);
    const spare = await createByApi(moderator, { title: 'Spare raffle' });
    expect((await moderator.delete(`${RAFFLES}/${spare.id}`)).json()).toEqual({ success: true, message: 'Raffle deleted.' });
  });

  it('refuses a change without the CSRF token (403), changing nothing', async () => {
    await expectCsrfRequired(ROUTES, admin, call, snapshot);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    await expectHostileIds(ROUTES, admin, call, snapshot, /^Raffle not found\.$/);
  });
});
