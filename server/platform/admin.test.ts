import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { signedIn, TestClient } from '../test/client';
import { ADMIN_API_PREFIX } from './admin';

describe('admin access', () => {
  const t = useTestApp();

  it('check-admin-access answers has_admin_access true for staff only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${ADMIN_API_PREFIX}/check-admin-access` });
    expect(anonymous.json()).toEqual({ success: true, has_admin_access: false });
    for (const [role, expected] of [['user', false], ['vip', false], ['moderator', true], ['admin', true]] as const) {
      const client = await signedIn(t.app, `Access_${role}`, role);
      const response = await client.get(`${ADMIN_API_PREFIX}/check-admin-access`);
      expect(response.json(), role).toEqual({ success: true, has_admin_access: expected });
    }
  });

  it('every admin endpoint refuses anonymous visitors and non-staff members with 403, before anything runs', async () => {
    const endpoints = t.app.routeTable.filter(
      (route) => route.url.startsWith(`${ADMIN_API_PREFIX}/`) && !route.url.endsWith('/check-admin-access') && route.method !== 'HEAD',
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(6);
    const anonymous = new TestClient(t.app);
    await anonymous.page('/');
    const members = [anonymous, await signedIn(t.app, 'GuardUser', 'user'), await signedIn(t.app, 'GuardVip', 'vip')];
    for (const client of members) {
      for (const { method, url } of endpoints) {
        const response = await client.request(method as 'GET', url.replace(/:(\w+)/g, '1'), { payload: method === 'GET' ? undefined : {} });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().success).toBe(false);
      }
    }
    const unknown = await members[1].get(`${ADMIN_API_PREFIX}/no-such-thing`);
    expect(unknown.statusCode).toBe(403);
    expect((await members[1].delete(`${ADMIN_API_PREFIX}/no-such-thing`)).statusCode).toBe(403);
    const staff = await signedIn(t.app, 'GuardMod', 'moderator');
    const missing = await staff.get(`${ADMIN_API_PREFIX}/no-such-thing`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: `No such endpoint: GET ${ADMIN_API_PREFIX}/no-such-thing` });
  });

  it('lets moderators read but keeps admin-only actions for admins', async () => {
    const moderator = await signedIn(t.app, 'PolicyMod', 'moderator');
    const target = await signedIn(t.app, 'PolicyTarget', 'user');
    const targetId = (await target.get('/api/r/session')).json().user.id;
    expect((await moderator.get(`${ADMIN_API_PREFIX}/members`)).statusCode).toBe(200);
    expect((await moderator.get(`${ADMIN_API_PREFIX}/settings`)).statusCode).toBe(200);
    const role = await moderator.patch(`${ADMIN_API_PREFIX}/members/${targetId}/role`, { role: 'admin' });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe('Only admins can change roles.');
    const points = await moderator.post(`${ADMIN_API_PREFIX}/members/${targetId}/points`, { delta: 100, reason: 'Nice try' });
    expect([points.statusCode, points.json().message]).toEqual([403, 'Only admins can adjust points.']);
    // Refused before the form is read: a moderator learns nothing of what the form takes.
    for (const [path, payload, message] of [
      ['role', { role: 'owner' }, 'Only admins can change roles.'],
      ['points', { delta: 'lots' }, 'Only admins can adjust points.'],
    ] as const) {
      const formless = await moderator.request(path === 'role' ? 'PATCH' : 'POST', `${ADMIN_API_PREFIX}/members/${targetId}/${path}`, { payload });
      expect([formless.statusCode, formless.json()], path).toEqual([403, { success: false, message }]);
    }
    const settings = (await moderator.get(`${ADMIN_API_PREFIX}/settings`)).json();
    const { success: _success, ...body } = settings;
    expect((await moderator.put(`${ADMIN_API_PREFIX}/settings`, body)).statusCode).toBe(403);
    const after = await t.database.db.selectFrom('users').select(['role', 'points']).where('id', '=', targetId).executeTakeFirstOrThrow();
    expect(after).toEqual({ role: 'user', points: 0 });
  });

  it('tells a moderator "admins only" before checking the form of an admin-only change', async () => {
    const moderator = await signedIn(t.app, 'FormlessMod', 'moderator');
    for (const [method, path] of [['PUT', '/settings'], ['PUT', '/earning-rules'], ['POST', '/achievements'], ['PUT', '/achievements/1'], ['DELETE', '/achievements/1']] as const) {
      const response = await moderator.request(method, `${ADMIN_API_PREFIX}${path}`, method === 'DELETE' ? {} : { payload: { site_name: 7 } });
      expect([response.statusCode, response.json()], `${method} ${path}`).toEqual([403, { success: false, message: 'Only admins can do that.' }]);
    }
  });

  it('takes a role change away immediately: a demoted admin is refused on the next request', async () => {
    const admin = await signedIn(t.app, 'SoonDemoted', 'admin');
    const id = (await admin.get('/api/r/session')).json().user.id;
    expect((await admin.get(`${ADMIN_API_PREFIX}/members`)).statusCode).toBe(200);
    const boss = await signedIn(t.app, 'TheBoss', 'admin');
    expect((await boss.patch(`${ADMIN_API_PREFIX}/members/${id}/role`, { role: 'user' })).statusCode).toBe(200);
    expect((await admin.get(`${ADMIN_API_PREFIX}/members`)).statusCode).toBe(403);
  });
});
