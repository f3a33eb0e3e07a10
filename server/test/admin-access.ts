import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN_API_PREFIX } from '../platform/admin';
import { CSRF_REFUSAL } from '../platform/auth/auth';
import type { TestClient } from './client';

/* The checks every admin area's access test makes of each of its routes, each proving nothing changed. */

export type AdminRoute = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
/** Makes the route's call; `params` replace the path's placeholders the test would otherwise fill in. */
export type AdminCall = (client: TestClient, route: AdminRoute, options?: { params?: Record<string, number | string>; csrf?: boolean }) => Promise<LightMyRequestResponse>;
type Snapshot = () => Promise<unknown>;

const label = (route: AdminRoute) => `${route.method} ${route.path}`;

/** The area's registered admin routes (those whose path below /admin-new/api matches) are exactly `routes`. */
export function expectRoutesListed(registered: readonly { method: string; url: string }[], area: RegExp, routes: readonly AdminRoute[]) {
  const listed = registered
    .filter((route) => route.method !== 'HEAD' && route.url.startsWith(`${ADMIN_API_PREFIX}/`))
    .map((route) => ({ method: route.method, path: route.url.slice(ADMIN_API_PREFIX.length) }))
    .filter((route) => area.test(route.path))
    .map((route) => `${route.method} ${route.path}`)
    .sort();
  expect(listed).toEqual(routes.map(label).sort());
}

/** Visitors and members are refused on every route before anything runs. */
export async function expectStaffOnly(routes: readonly AdminRoute[], outsiders: readonly TestClient[], call: AdminCall, snapshot: Snapshot) {
  const before = await snapshot();
  for (const client of outsiders) {
    for (const route of routes) {
      const response = await call(client, route);
      expect(response.statusCode, label(route)).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Staff access required.' });
    }
  }
  expect(await snapshot()).toEqual(before);
}

/** Every change without the page's CSRF token is refused. */
export async function expectCsrfRequired(routes: readonly AdminRoute[], staff: TestClient, call: AdminCall, snapshot: Snapshot) {
  const before = await snapshot();
  for (const route of routes.filter((candidate) => candidate.method !== 'GET')) {
    const response = await call(staff, route, { csrf: false });
    expect(response.statusCode, label(route)).toBe(403);
    expect(response.json()).toEqual({ success: false, message: CSRF_REFUSAL });
  }
  expect(await snapshot()).toEqual(before);
}

/** Ids that are not ids are 422 naming the parameter, an unknown id is 404 with `notFound`: never a 500. */
export async function expectHostileIds(routes: readonly AdminRoute[], staff: TestClient, call: AdminCall, snapshot: Snapshot, notFound: string | RegExp, param = 'id') {
  const before = await snapshot();
  for (const route of routes.filter((candidate) => candidate.path.includes(`:${param}`))) {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await call(staff, route, { params: { [param]: id } });
      expect(response.statusCode, `${label(route)} with ${id}`).toBe(422);
      expect(response.json().errors).toHaveProperty(param);
    }
    const unknown = await call(staff, route, { params: { [param]: 2_147_483_647 } });
    expect(unknown.statusCode, `${label(route)} unknown`).toBe(404);
    expect(unknown.json().message).toMatch(notFound);
  }
  expect(await snapshot()).toEqual(before);
}
