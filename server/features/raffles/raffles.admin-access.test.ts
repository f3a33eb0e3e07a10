import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { createByApi, RAFFLES, raffleSnapshot } from './raffles-admin.testkit';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Route = { method: Method; path: string; body?: unknown };

const CSRF_REFUSAL = 'Your security token is missing or has expired. Reload the page and try again.';
const ADMIN = '/admin-new/api';

/** Every raffle admin route with a body it would accept; `:id` is filled in per test. */
const ROUTES: Route[] = [
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

  const urlOf = (route: Route, id: number | string = raffleId) => ADMIN + route.path.replace(':id', String(id));
  const call = (client: TestClient, route: Route, url = urlOf(route), csrf = true) => client.request(route.method, url, { payload: route.body as object, csrf });

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RaffleAccessAdmin', 'admin');
    moderator = await signedIn(t.app, 'RaffleAccessModerator', 'moderator');
    member = await signedIn(t.app, 'RaffleAccessMember', 'vip');
    visitor = new TestClient(t.app);
    await visitor.page('/');
    raffleId = (await createByApi(admin, { title: 'Access raffle' })).id;
  });

  it('lists every raffle admin route here, so a new one cannot skip these checks', () => {
    const registered = t.app.routeTable
      .filter((route) => route.url.startsWith(`${ADMIN}/raffles`) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(ADMIN, '')}`)
      .sort();
    expect(registered).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('refuses visitors and members on every route (403 staff only), changing nothing', async () => {
    const before = await raffleSnapshot(t);
    for (const client of [visitor, member]) {
      for (const route of ROUTES) {
        const response = await call(client, route);
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
        expect(response.json()).toEqual({ success: false, message: 'Staff access required.' });
      }
    }
    expect(await raffleSnapshot(t)).toEqual(before);
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
    const before = await raffleSnapshot(t);
    for (const route of ROUTES.filter((candidate) => candidate.method !== 'GET')) {
      const response = await call(admin, route, urlOf(route), false);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toEqual({ success: false, message: CSRF_REFUSAL });
    }
    expect(await raffleSnapshot(t)).toEqual(before);
  });

  it('answers ids that are not ids with 422 and unknown ids with 404, never 500, changing nothing', async () => {
    const before = await raffleSnapshot(t);
    for (const route of ROUTES.filter((candidate) => candidate.path.includes(':id'))) {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const response = await call(admin, route, urlOf(route, id));
        expect(response.statusCode, `${route.method} ${urlOf(route, id)}`).toBe(422);
        expect(response.json().errors).toHaveProperty('id');
      }
      const unknown = await call(admin, route, urlOf(route, 2_147_483_647));
      expect(unknown.statusCode, `${route.method} ${route.path} unknown`).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: 'Raffle not found.' });
    }
    expect(await raffleSnapshot(t)).toEqual(before);
  });
});
