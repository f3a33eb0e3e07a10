import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient, signedInMember } from '../../test/client';

const API = '/admin-new/api';

describe('achievements: admin definitions, awards and rules', () => {
  const t = useTestApp();
  let admin: TestClient;
  let adminId: number;

  const idOf = async (client: TestClient) => (await client.get('/api/r/session')).json().user.id as number;
  const member = (name: string, role: 'user' | 'moderator' = 'user') => signedInMember(t.app, name, role);
  const achievementId = async (title: string) =>
    (await t.database.db.selectFrom('achievements').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
  const awardsOf = (userId: number) =>
    t.database.db.selectFrom('member_achievements').selectAll().where('user_id', '=', userId).orderBy('achievement_id').execute();
  const achievementNotes = async (userId: number) =>
    (await t.database.db.selectFrom('notifications').select('data').where('user_id', '=', userId).where('type', '=', 'achievement').execute()).map(
      (row) => JSON.parse(row.data) as { message: string; link?: string },
    );
  const definitions = () => t.database.db.selectFrom('achievements').selectAll().orderBy('id').execute();
  const valid = { title: 'Night Owl', description: 'Watched ten streams after midnight.', category: 'special', icon: 'star', rule_kind: 'manual' };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'AchvAdmin', 'admin');
    adminId = await idOf(admin);
  });

  it('lists the starter definitions with how many members hold each', async () => {
    const list = (await admin.get(`${API}/achievements`)).json();
    expect(list.success).toBe(true);
    expect(list.data.map((a: { title: string }) => a.title)).toEqual([
      'First Friend', 'Social Butterfly', 'Rising Star', 'Veteran', 'Fortune Teller', 'Bracket Brain', 'Feeling Lucky', 'OG', 'Treat Yourself',
    ]);
    expect(list.data[0]).toEqual({
      id: await achievementId('First Friend'), title: 'First Friend', description: 'Made your first friend on the site.', category: 'social',
      icon: 'users', rule_kind: 'friends', rule_threshold: 1, awarded_count: 0, created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect(list.data.find((a: { title: string }) => a.title === 'OG')).toMatchObject({ rule_kind: 'manual', rule_threshold: null });
    const [one, two] = [await member('CountedOne'), await member('CountedTwo')];
    const og = await achievementId('OG');
    for (const m of [one, two]) await admin.post(`${API}/members/${m.id}/achievements`, { achievement_id: og });
    const after = (await admin.get(`${API}/achievements`)).json().data;
    expect(after.find((a: { id: number }) => a.id === og).awarded_count).toBe(2);
    expect(after.find((a: { title: string }) => a.title === 'Veteran').awarded_count).toBe(0);
  });

  it('creates a definition, with a message per invalid field and nothing saved on refusal', async () => {
    const before = await definitions();
    const bad = await admin.post(`${API}/achievements`, { title: 'x', description: 'ab', category: 'nope', icon: 'skull', rule_kind: 'karma', rule_threshold: 5 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['category', 'description', 'icon', 'rule_kind', 'title']);
    expect(bad.json().errors.title).toEqual(['Give the achievement a title of at least 2 characters.']);
    for (const [threshold, message] of [
      [undefined, 'Automatic achievements need a threshold.'],
      [null, 'Automatic achievements need a threshold.'],
      [0, 'The threshold must be at least 1.'],
      [2.5, 'Enter a whole number.'],
      [1_000_001, 'At most 1,000,000.'],
      ['5', 'Enter a whole number.'],
    ] as const) {
      const response = await admin.post(`${API}/achievements`, { ...valid, rule_kind: 'level', rule_threshold: threshold });
      expect(response.statusCode, String(threshold)).toBe(422);
      expect(response.json().errors, String(threshold)).toEqual({ rule_threshold: [message] });
    }
    expect((await admin.post(`${API}/achievements`, { ...valid, title: 'y'.repeat(61) })).json().errors.title).toEqual(['At most 60 characters.']);
    expect(await definitions()).toEqual(before);

    const created = await admin.post(`${API}/achievements`, { ...valid, title: '  Night Owl  ', rule_threshold: 7 });
    expect(created.statusCode).toBe(200);
    const data = created.json().data;
    expect(created.json()).toEqual({
      success: true,
      message: '“Night Owl” created.',
      data: { id: expect.any(Number), ...valid, rule_threshold: null, awarded_count: 0, created_at: expect.any(String), updated_at: expect.any(String) },
    });
    expect(await t.database.db.selectFrom('achievements').selectAll().where('id', '=', data.id).executeTakeFirst()).toMatchObject({ title: 'Night Owl', rule_threshold: null });
    const automatic = await admin.post(`${API}/achievements`, { ...valid, title: 'Big Spender', rule_kind: 'store_redemptions', rule_threshold: 10 });
    expect(automatic.json().data).toMatchObject({ rule_kind: 'store_redemptions', rule_threshold: 10 });
  });

  it('updates a definition; 404 for a missing one; refusals change nothing', async () => {
    const id = (await admin.post(`${API}/achievements`, { ...valid, title: 'Draft Badge' })).json().data.id as number;
    const saved = await admin.put(`${API}/achievements/${id}`, { ...valid, title: 'Final Badge', category: 'gaming', icon: 'zap', rule_kind: 'raffle_entries', rule_threshold: 3 });
    expect(saved.json()).toMatchObject({ success: true, message: '“Final Badge” saved.', data: { id, title: 'Final Badge', category: 'gaming', icon: 'zap', rule_kind: 'raffle_entries', rule_threshold: 3 } });
    const stored = await t.database.db.selectFrom('achievements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: 'Final Badge', rule_kind: 'raffle_entries', rule_threshold: 3 });
    const refused = await admin.put(`${API}/achievements/${id}`, { ...valid, rule_kind: 'friends', rule_threshold: null });
    expect(refused.json().errors).toEqual({ rule_threshold: ['Automatic achievements need a threshold.'] });
    expect(await t.database.db.selectFrom('achievements').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(stored);
    const missing = await admin.put(`${API}/achievements/999999`, valid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Achievement not found.' });
  });

  it('deletes a definition and takes it back from every member', async () => {
    const id = (await admin.post(`${API}/achievements`, { ...valid, title: 'Short Lived' })).json().data.id as number;
    const holder = await member('HeldItBriefly');
    await admin.post(`${API}/members/${holder.id}/achievements`, { achievement_id: id });
    expect(await awardsOf(holder.id)).toHaveLength(1);
    const deleted = await admin.delete(`${API}/achievements/${id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Achievement deleted, and taken back from every member who had it.' });
    expect(await t.database.db.selectFrom('achievements').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('member_achievements').selectAll().where('achievement_id', '=', id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/r/user/HeldItBriefly' })).json().data.achievements).toEqual([]);
    expect((await admin.delete(`${API}/achievements/${id}`)).statusCode).toBe(404);
  });

  it('lets moderators list but not change definitions, and plain members nothing at all', async () => {
    const moderator = await member('AchvModerator', 'moderator');
    const plain = await member('AchvPlain');
    const og = await achievementId('OG');
    const before = await definitions();
    expect((await moderator.client.get(`${API}/achievements`)).statusCode).toBe(200);
    for (const response of [
      await moderator.client.post(`${API}/achievements`, valid),
      await moderator.client.put(`${API}/achievements/${og}`, { ...valid, title: 'Hijacked' }),
      await moderator.client.delete(`${API}/achievements/${og}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Only admins can do that.' });
    }
    for (const response of [
      await plain.client.get(`${API}/achievements`),
      await plain.client.post(`${API}/achievements`, valid),
      await plain.client.put(`${API}/achievements/${og}`, valid),
      await plain.client.delete(`${API}/achievements/${og}`),
      await plain.client.post(`${API}/members/${plain.id}/achievements`, { achievement_id: og }),
      await plain.client.delete(`${API}/members/${plain.id}/achievements/${og}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Staff access required.' });
    }
    expect(await definitions()).toEqual(before);
    expect(await awardsOf(plain.id)).toEqual([]);
  });

  it('grants once with a notification, revokes, and answers 404 and 409 where they belong', async () => {
    const target = await member('GrantedGina');
    const og = await achievementId('OG');
    const granted = await admin.post(`${API}/members/${target.id}/achievements`, { achievement_id: og });
    expect(granted.json()).toEqual({ success: true, message: 'Achievement awarded to GrantedGina.' });
    expect(await awardsOf(target.id)).toEqual([{ user_id: target.id, achievement_id: og, awarded_by: adminId, awarded_at: expect.any(String) }]);
    expect(await achievementNotes(target.id)).toEqual([{ message: 'Achievement unlocked: OG!', link: '/profile' }]);

    const twice = await admin.post(`${API}/members/${target.id}/achievements`, { achievement_id: og });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The member already has “OG”.');
    expect(await awardsOf(target.id)).toHaveLength(1);
    expect(await achievementNotes(target.id)).toHaveLength(1);

    expect((await admin.post(`${API}/members/999999/achievements`, { achievement_id: og })).json()).toEqual({ success: false, message: 'Member not found.' });
    const unknown = await admin.post(`${API}/members/${target.id}/achievements`, { achievement_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Achievement not found.');
    for (const bad of [{}, { achievement_id: 'OG' }, { achievement_id: -1 }]) {
      const response = await admin.post(`${API}/members/${target.id}/achievements`, bad);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.achievement_id).toBeDefined();
    }

    const revoked = await admin.delete(`${API}/members/${target.id}/achievements/${og}`);
    expect(revoked.json()).toEqual({ success: true, message: 'Achievement revoked.' });
    expect(await awardsOf(target.id)).toEqual([]);
    const again = await admin.delete(`${API}/members/${target.id}/achievements/${og}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'The member does not have that achievement.' });
    expect((await admin.post(`${API}/members/${target.id}/achievements`, { achievement_id: og })).statusCode).toBe(200);
  });

  it('shows kick_user_id, friends_count and achievements on the member detail', async () => {
    const [star, pal, other] = [await member('DetailStar'), await member('DetailPal'), await member('DetailOther')];
    await t.database.db.updateTable('users').set({ kick_user_id: '424242', kick_username: 'StarOnKick' }).where('id', '=', star.id).execute();
    for (const friend of [pal, other]) {
      const id = (await friend.client.post('/api/r/friends/request', { user_id: star.id })).json().data.friendship_id as number;
      await star.client.post(`/api/r/friends/${id}/accept`, {});
    }
    await admin.post(`${API}/members/${star.id}/achievements`, { achievement_id: await achievementId('OG') });
    const detail = (await admin.get(`${API}/members/${star.id}`)).json().data;
    expect(detail).toMatchObject({ id: star.id, kick_user_id: '424242', kick_username: 'StarOnKick', friends_count: 2 });
    expect(detail.achievements.map((a: { title: string }) => a.title).sort()).toEqual(['First Friend', 'OG']);
    expect(detail.achievements[0]).toEqual({ id: expect.any(Number), title: expect.any(String), description: expect.any(String), category: expect.any(String), icon: expect.any(String), awarded_at: expect.any(String) });
    const fresh = (await admin.get(`${API}/members/${pal.id}`)).json().data;
    expect(fresh).toMatchObject({ kick_user_id: null, friends_count: 1 });
  });

  it('progress() awards each reached rule once, inside the caller’s transaction', async () => {
    const climber = await member('ClimberCleo');
    const { progress } = t.app.services.achievements;
    const [rising, veteran] = [await achievementId('Rising Star'), await achievementId('Veteran')];
    const first = await t.database.db.transaction().execute((trx) => progress(trx, climber.id, 'level', 4));
    expect(first).toEqual([]);
    const awarded = await t.database.db.transaction().execute(async (trx) => [await progress(trx, climber.id, 'level', 5), await progress(trx, climber.id, 'level', 5)]);
    expect(awarded).toEqual([[rising], []]);
    expect(await t.database.db.transaction().execute((trx) => progress(trx, climber.id, 'level', 6))).toEqual([]);
    expect((await awardsOf(climber.id)).map((a) => [a.achievement_id, a.awarded_by])).toEqual([[rising, null]]);
    expect(await achievementNotes(climber.id)).toEqual([{ message: 'Achievement unlocked: Rising Star!', link: '/profile' }]);

    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await progress(trx, climber.id, 'level', 30);
        throw new Error('the level change failed');
      }),
    ).rejects.toThrow('the level change failed');
    expect((await awardsOf(climber.id)).map((a) => a.achievement_id)).toEqual([rising]);
    expect(await achievementNotes(climber.id)).toHaveLength(1);

    expect(await t.database.db.transaction().execute((trx) => progress(trx, climber.id, 'level', 30))).toEqual([veteran]);
    expect((await awardsOf(climber.id)).map((a) => a.achievement_id)).toEqual([rising, veteran]);
    expect(await t.database.db.transaction().execute((trx) => progress(trx, climber.id, 'friends', 1_000_000))).toHaveLength(2);
    expect((await awardsOf(climber.id)).map((a) => a.achievement_id)).not.toContain(await achievementId('OG'));
  });
});
