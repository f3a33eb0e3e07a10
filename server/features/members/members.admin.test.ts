import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_PER_PAGE } from '../../../common/limits';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';

describe('admin: members', () => {
  const t = useTestApp();
  let admin: TestClient;
  let adminId: number;
  const idOf = async (client: TestClient) => (await client.get('/api/r/session')).json().user.id as number;

  beforeAll(async () => {
    admin = await signedIn(t.app, 'ChiefAdmin', 'admin');
    adminId = await idOf(admin);
  });

  it('lists members newest first with paging, and searches names with LIKE wildcards taken literally', async () => {
    for (const name of ['Under_Score', 'UnderXScore', 'QuoteName']) await signedIn(t.app, name);
    const all = (await admin.get('/admin-new/api/members')).json();
    expect(all.meta).toEqual({ page: 1, per_page: MEMBERS_PER_PAGE, total: all.data.length });
    expect(all.data[0].username).toBe('QuoteName');
    const underscore = (await admin.get('/admin-new/api/members?search=r_s')).json();
    expect(underscore.data.map((m: { username: string }) => m.username)).toEqual(['Under_Score']);
    const literal = (await admin.get('/admin-new/api/members?search=_')).json();
    expect(literal.data.map((m: { username: string }) => m.username)).toEqual(['Under_Score']);
    for (const hostile of ['%', "'", '"', '\\', '%%__', 'x'.repeat(100)]) {
      const response = await admin.get(`/admin-new/api/members?search=${encodeURIComponent(hostile)}`);
      expect(response.statusCode, hostile).toBe(200);
      expect(response.json().data, hostile).toEqual([]);
    }
    const tooLong = await admin.get(`/admin-new/api/members?search=${'x'.repeat(10_000)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.search).toEqual(['At most 100 characters.']);
    const badPage = await admin.get('/admin-new/api/members?page=0');
    expect(badPage.statusCode).toBe(422);
    expect(badPage.json().message).toBe('Page must be 1 or more.');
    expect((await admin.get('/admin-new/api/members?page=abc')).statusCode).toBe(422);
    expect((await admin.get('/admin-new/api/members?role=owner')).statusCode).toBe(422);
  });

  it('pages through more members than fit on one page', async () => {
    for (let index = 0; index < MEMBERS_PER_PAGE + 2; index++) await t.app.services.members.signInLocally(`Bulk${index}`, 'user');
    const first = (await admin.get('/admin-new/api/members?search=bulk')).json();
    const second = (await admin.get('/admin-new/api/members?search=bulk&page=2')).json();
    expect(first.data).toHaveLength(MEMBERS_PER_PAGE);
    expect(second.data).toHaveLength(2);
    expect(second.meta.total).toBe(MEMBERS_PER_PAGE + 2);
    const staff = (await admin.get('/admin-new/api/members?role=staff')).json();
    expect(staff.data.every((m: { role: string }) => m.role === 'admin' || m.role === 'moderator')).toBe(true);
  });

  it('shows a member with their latest ledger entries, and 404 for an unknown id', async () => {
    const member = await signedIn(t.app, 'DetailMember');
    const id = await idOf(member);
    await admin.post(`/admin-new/api/members/${id}/points`, { delta: 250, reason: 'Won the quiz' });
    const detail = (await admin.get(`/admin-new/api/members/${id}`)).json().data;
    expect(detail).toMatchObject({ id, username: 'DetailMember', role: 'user', points: 250 });
    expect(detail.ledger).toEqual([
      expect.objectContaining({ delta: 250, balance_after: 250, reason: 'admin_adjustment', note: 'Won the quiz', actor: { id: adminId, username: 'ChiefAdmin' } }),
    ]);
    expect(detail).not.toHaveProperty('bio');
    const missing = await admin.get('/admin-new/api/members/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Member not found.' });
    for (const bad of ['-1', '0', '1.5', 'abc', '1e309', '..%2F']) {
      expect((await admin.get(`/admin-new/api/members/${bad}`)).statusCode, bad).toBeGreaterThanOrEqual(400);
      expect((await admin.get(`/admin-new/api/members/${bad}`)).statusCode, bad).toBeLessThan(500);
    }
  });

  it('changes a role, notifies the member, and refuses changing your own role', async () => {
    const member = await signedIn(t.app, 'Promoted');
    const id = await idOf(member);
    const response = await admin.patch(`/admin-new/api/members/${id}/role`, { role: 'moderator' });
    expect(response.json()).toMatchObject({ success: true, message: 'Promoted is now moderator.', data: { id, role: 'moderator' } });
    expect((await member.get('/admin-new/api/check-admin-access')).json().has_admin_access).toBe(true);
    const notes = (await member.get('/api/notifications')).json();
    expect(notes[0]).toMatchObject({ type: 'role_changed', data: { message: 'Your role is now Moderator.' } });
    const self = await admin.patch(`/admin-new/api/members/${adminId}/role`, { role: 'user' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ role: ['You cannot change your own role.'] });
    const invalid = await admin.patch(`/admin-new/api/members/${id}/role`, { role: 'superadmin' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.role).toEqual(['Choose a valid role.']);
  });

  it('adjusts points through the ledger with a notification; refusals change nothing', async () => {
    const member = await signedIn(t.app, 'Adjusted');
    const id = await idOf(member);
    const grant = await admin.post(`/admin-new/api/members/${id}/points`, { delta: 1200, reason: 'Bonus hunt winner' });
    expect(grant.json()).toEqual({ success: true, message: 'Balance is now 1,200 points.', balance: 1200 });
    const take = await admin.post(`/admin-new/api/members/${id}/points`, { delta: -200, reason: 'Duplicate payout' });
    expect(take.json().balance).toBe(1000);
    const notes = (await member.get('/api/notifications')).json().map((n: { data: { message: string } }) => n.data.message);
    expect(notes.slice(0, 2)).toEqual(['200 points were deducted: Duplicate payout', 'You received 1,200 points: Bonus hunt winner']);

    const refusals: [unknown, string, string][] = [
      [{ delta: -1001, reason: 'Too much' }, 'delta', 'Adjusted has only 1,000 points; a balance cannot go below 0.'],
      [{ delta: 0, reason: 'Nothing' }, 'delta', 'The change cannot be zero.'],
      [{ delta: 1.5, reason: 'Fraction' }, 'delta', 'Enter a whole number of points.'],
      [{ delta: '100', reason: 'String' }, 'delta', 'Enter a whole number of points.'],
      [{ delta: 10_000_001, reason: 'Huge' }, 'delta', 'At most 10,000,000 points at once.'],
      [{ delta: 5, reason: ' x ' }, 'reason', 'Give a reason of at least 3 characters.'],
      [{ delta: 5 }, 'reason', 'Give a reason; the member sees it in their history.'],
    ];
    for (const [body, field, message] of refusals) {
      const response = await admin.post(`/admin-new/api/members/${id}/points`, body);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message, message).toBe(message);
      expect(response.json().errors[field], message).toEqual([message]);
    }
    const notJson = await admin.request('POST', `/admin-new/api/members/${id}/points`, { payload: '{"delta": 5,', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().success).toBe(false);
    const row = await t.database.db.selectFrom('users').select('points').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.points).toBe(1000);
    expect(await t.database.db.selectFrom('points_ledger').select('id').where('user_id', '=', id).execute()).toHaveLength(2);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('never lets parallel deductions take a balance below zero', async () => {
    const member = await signedIn(t.app, 'Drained');
    const id = await idOf(member);
    await admin.post(`/admin-new/api/members/${id}/points`, { delta: 300, reason: 'Starting balance' });
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => admin.post(`/admin-new/api/members/${id}/points`, { delta: -50, reason: 'Parallel' })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(19);
    const row = await t.database.db.selectFrom('users').select('points').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.points).toBe(0);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('summarises the community on the dashboard', async () => {
    const overview = (await admin.get('/admin-new/api/overview')).json().data;
    const count = await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(overview).toMatchObject({ members: Number(count.n), formatted_total_given_away: '$0.00' });
    expect(overview.staff).toBeGreaterThanOrEqual(1);
    expect(overview.members_active_today).toBeGreaterThanOrEqual(1);
    expect(overview.points_in_circulation).toBeGreaterThan(0);
  });
});

describe('signing in while the settings cache is cold', () => {
  const t = useTestApp();

  it('creates the member (the welcome message reads the settings outside the transaction)', async () => {
    const admin = await signedIn(t.app, 'ColdAdmin', 'admin');
    const visitor = new TestClient(t.app);
    await visitor.page('/login');
    const { success: _success, ...settings } = (await admin.get('/admin-new/api/settings')).json();
    expect((await admin.put('/admin-new/api/settings', { ...settings, site_name: 'Cold Cache' })).statusCode).toBe(200);
    const signIn = await visitor.post('/auth/local', { username: 'ColdStart', role: 'user' });
    expect(signIn.statusCode).toBe(303);
    await visitor.page('/');
    expect((await visitor.get('/api/notifications')).json()[0].data.message).toContain('Welcome to Cold Cache, ColdStart!');
  }, 30_000);
});
