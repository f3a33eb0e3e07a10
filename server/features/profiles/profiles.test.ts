import { beforeAll, describe, expect, it } from 'vitest';
import { NUL_REFUSAL } from '../../platform/input-guard';
import { useTestApp } from '../../test/app';
import { VISITOR_PROFILE_MAX_AGE_MS } from './profiles.service';
import { signedIn, TestClient, signedInMember } from '../../test/client';

describe('public profiles: GET /api/r/user/:username', () => {
  const t = useTestApp();
  let admin: TestClient;

  const member = (name: string) => signedInMember(t.app, name);
  const visitorGet = (url: string) => t.app.inject({ method: 'GET', url });
  const setXp = (id: number, xp: number) => t.database.db.updateTable('users').set({ xp }).where('id', '=', id).execute();
  const achievementId = async (title: string) =>
    (await t.database.db.selectFrom('achievements').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    admin = await signedIn(t.app, 'ProfileAdmin', 'admin');
  });

  it('shows public facts only, case-insensitively, with no casino names, discord id or points history', async () => {
    const star = await member('ProfileStar');
    await star.client.post('/api/r/profile/update', { bio: 'Slots by night.' });
    await star.client.post('/api/r/profile/update', { crypto: 'SecretCasinoName42', crypto2: 'HiddenCasinoTwo' });
    await star.client.post('/api/r/profile/update', { twitter_user: 'starX', tiktok_user: 'star.tok' });
    await admin.post(`/admin-new/api/members/${star.id}/points`, { delta: 250, reason: 'LedgerSecretNote' });
    await setXp(star.id, 2500);
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', star.id).executeTakeFirstOrThrow();
    expect(row.crypto).toBe('SecretCasinoName42');
    const higher = await t.database.db.selectFrom('users').select('id').where('xp', '>', 2500).execute();

    const response = await visitorGet('/api/r/user/pRoFiLeStAr');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        id: star.id,
        username: 'ProfileStar',
        kick_username: null,
        global_name: null,
        avatar: null,
        avatar_url: `/avatars/${star.id}.svg`,
        banner_url: null,
        role: 'user',
        bio: 'Slots by night.',
        points: 250,
        xp: 2500,
        twitter_user: 'starX',
        instagram_user: null,
        youtube_user: null,
        tiktok_user: 'star.tok',
        created_at: row.created_at,
        last_active: row.last_seen_at,
        is_online: true,
        stats: { bonus_hunt_predictions: 0, tournament_predictions: 0, raffle_entries: 0, achievement_count: 0, friends_count: 0, rank: higher.length + 1 },
        achievements: [],
        recent_activity: { bonus_hunt_predictions: [], tournament_predictions: [], raffle_entries: [] },
        friendship: null,
      },
    });
    for (const secret of ['SecretCasinoName42', 'HiddenCasinoTwo', 'LedgerSecretNote', 'admin_adjustment', 'discord_id', row.discord_id, 'crypto', 'ledger']) {
      expect(response.body, secret).not.toContain(secret);
    }
    const signedInView = await star.client.get('/api/r/user/ProfileStar');
    expect(signedInView.body).not.toContain('SecretCasinoName42');
  });

  it('answers 404 Profile Not Found for an unknown name, and never a 500 for an odd one', async () => {
    const missing = await visitorGet('/api/r/user/NobodyByThisName');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Profile Not Found' });
    expect((await visitorGet(`/api/r/user/${'x'.repeat(100)}`)).json()).toEqual({ success: false, message: 'Profile Not Found' });
    // Longer than Fastify's maxParamLength (100): no route matches, so the answer is a plain 404.
    expect((await visitorGet(`/api/r/user/${'x'.repeat(101)}`)).statusCode).toBe(404);
    const huge = (await visitorGet(`/api/r/user/${'x'.repeat(10_000)}`)).statusCode;
    expect(huge >= 400 && huge < 500, String(huge)).toBe(true);
    for (const name of ["'%20OR%201=1--", '%25', '_']) expect((await visitorGet(`/api/r/user/${name}`)).statusCode, name).toBe(404);
  });

  it('ranks by XP: one plus the members with more, ties share a rank', async () => {
    const [top, tieA, tieB, fourth] = [await member('RankTop'), await member('RankTieA'), await member('RankTieB'), await member('RankFourth')];
    await setXp(top.id, 900_000);
    await setXp(tieA.id, 800_000);
    await setXp(tieB.id, 800_000);
    await setXp(fourth.id, 700_000);
    // Read by a member: a visitor may be shown a copy up to a second old (tested below).
    const rankOf = async (name: string) => (await admin.get(`/api/r/user/${name}`)).json().data.stats.rank as number;
    expect(await rankOf('RankTop')).toBe(1);
    expect(await rankOf('RankTieA')).toBe(2);
    expect(await rankOf('RankTieB')).toBe(2);
    expect(await rankOf('RankFourth')).toBe(4);
    await setXp(fourth.id, 900_000);
    expect(await rankOf('RankFourth')).toBe(1);
    expect(await rankOf('RankTieB')).toBe(3);
  });

  it('lists achievements (newest first) and counts friends', async () => {
    const [hero, pal] = [await member('AchvHero'), await member('AchvPal')];
    const request = (await hero.client.post('/api/r/friends/request', { user_id: pal.id })).json().data.friendship_id as number;
    await pal.client.post(`/api/r/friends/${request}/accept`, {});
    await t.database.db.updateTable('member_achievements').set({ awarded_at: '2020-01-01T00:00:00.000Z' }).where('user_id', '=', hero.id).execute();
    const og = await achievementId('OG');
    expect((await admin.post(`/admin-new/api/members/${hero.id}/achievements`, { achievement_id: og })).statusCode).toBe(200);
    const data = (await visitorGet('/api/r/user/AchvHero')).json().data;
    expect(data.achievements).toEqual([
      { id: og, title: 'OG', description: expect.any(String), category: 'special', icon: 'gem', awarded_at: expect.any(String) },
      { id: await achievementId('First Friend'), title: 'First Friend', description: 'Made your first friend on the site.', category: 'social', icon: 'users', awarded_at: '2020-01-01T00:00:00.000Z' },
    ]);
    expect(data.stats).toMatchObject({ achievement_count: 2, friends_count: 1 });
    expect(JSON.stringify(data)).not.toContain('awarded_by');
  });

  it('tells a signed-in viewer how they stand with the member; null for visitors and on your own profile', async () => {
    const [viewer, owner] = [await member('ViewerVal'), await member('OwnerOli')];
    const id = (await viewer.client.post('/api/r/friends/request', { user_id: owner.id })).json().data.friendship_id as number;
    expect((await viewer.client.get('/api/r/user/ownerOLI')).json().data.friendship).toEqual({
      id, status: 'pending', sender_id: viewer.id, can_send_request: false, can_accept: false, can_decline: false, can_remove: true,
    });
    expect((await owner.client.get('/api/r/user/ViewerVal')).json().data.friendship).toEqual({
      id, status: 'pending', sender_id: viewer.id, can_send_request: false, can_accept: true, can_decline: true, can_remove: false,
    });
    expect((await visitorGet('/api/r/user/OwnerOli')).json().data.friendship).toBeNull();
    expect((await owner.client.get('/api/r/user/ownerOli')).json().data.friendship).toBeNull();
    const stranger = await member('StrangerSam');
    expect((await stranger.client.get('/api/r/user/OwnerOli')).json().data.friendship).toMatchObject({ id: null, status: 'none', can_send_request: true });
  });
});

describe("a visitor's copy of a profile", () => {
  let clock = Date.parse('2026-11-27T20:00:00.000Z');
  const t = useTestApp({ now: () => new Date(clock) });

  it('is shared for up to a second, while members always read the profile as it is', async () => {
    const star = await signedInMember(t.app, 'CopiedStar');
    const fan = await signedInMember(t.app, 'CopiedFan');
    const visitorBio = async () => (await t.app.inject({ method: 'GET', url: '/api/r/user/CopiedStar' })).json().data.bio as string | null;
    expect(await visitorBio()).toBe(null);

    expect((await star.client.post('/api/r/profile/update', { bio: 'Fresh words.' })).statusCode).toBe(200);
    expect((await star.client.get('/api/r/user/CopiedStar')).json().data.bio).toBe('Fresh words.');
    expect((await fan.client.get('/api/r/user/CopiedStar')).json().data.bio).toBe('Fresh words.');
    clock += VISITOR_PROFILE_MAX_AGE_MS - 1;
    expect(await visitorBio()).toBe(null);
    clock += 1;
    expect(await visitorBio()).toBe('Fresh words.');
  });

  it('keeps no copy of an unknown name: a member who signs up under it is found at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/r/user/LateArrival' })).statusCode).toBe(404);
    await signedInMember(t.app, 'LateArrival');
    expect((await t.app.inject({ method: 'GET', url: '/api/r/user/LateArrival' })).statusCode).toBe(200);
  });
});

describe('own profile: GET /api/r/profile and POST /api/r/profile/update', () => {
  const t = useTestApp();

  const member = (name: string) => signedInMember(t.app, name);
  const fieldsOf = (id: number) =>
    t.database.db
      .selectFrom('users')
      .select(['bio', 'crypto', 'crypto2', 'crypto3', 'twitter_user', 'instagram_user', 'youtube_user', 'tiktok_user'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const blank = { kick_username: null, bio: null, crypto: null, crypto2: null, crypto3: null, twitter_user: null, instagram_user: null, youtube_user: null, tiktok_user: null };

  it('returns the member’s own editable fields, never cached; 401 for visitors', async () => {
    const { client } = await member('SettingsSue');
    const response = await client.get('/api/r/profile');
    expect(response.json()).toEqual({ success: true, user: { username: 'SettingsSue', ...blank } });
    expect(response.headers['cache-control']).toBe('no-store');
    const visitor = await t.app.inject({ method: 'GET', url: '/api/r/profile' });
    expect(visitor.statusCode).toBe(401);
  });

  it('saves each group with its own message and returns the user', async () => {
    const { client, id } = await member('GroupGwen');
    const bio = await client.post('/api/r/profile/update', { bio: '  Hunting bonuses since 2019.  ' });
    expect(bio.json()).toEqual({ success: true, message: 'Profile updated successfully!', user: { username: 'GroupGwen', ...blank, bio: 'Hunting bonuses since 2019.' } });
    const casino = await client.post('/api/r/profile/update', { crypto: 'gwen_stake', crypto2: 'gwen-roo' });
    expect(casino.json()).toMatchObject({ success: true, message: 'Connections updated successfully!', user: { crypto: 'gwen_stake', crypto2: 'gwen-roo', bio: 'Hunting bonuses since 2019.' } });
    const social = await client.post('/api/r/profile/update', { twitter_user: '@gwen_x', instagram_user: 'gwen.ig', youtube_user: '@Gwen-Tube', tiktok_user: '@gwen.tt' });
    expect(social.json()).toMatchObject({
      success: true,
      message: 'Social media updated successfully!',
      user: { twitter_user: 'gwen_x', instagram_user: 'gwen.ig', youtube_user: 'Gwen-Tube', tiktok_user: 'gwen.tt' },
    });
    expect(await fieldsOf(id)).toEqual({
      bio: 'Hunting bonuses since 2019.', crypto: 'gwen_stake', crypto2: 'gwen-roo', crypto3: null,
      twitter_user: 'gwen_x', instagram_user: 'gwen.ig', youtube_user: 'Gwen-Tube', tiktok_user: 'gwen.tt',
    });
    expect((await client.get('/api/r/profile')).json().user).toEqual({ username: 'GroupGwen', kick_username: null, ...(await fieldsOf(id)) });

    const cleared = await client.post('/api/r/profile/update', { twitter_user: '', instagram_user: '@', youtube_user: null });
    expect(cleared.json().user).toMatchObject({ twitter_user: null, instagram_user: null, youtube_user: null, tiktok_user: 'gwen.tt' });
    await client.post('/api/r/profile/update', { bio: '   ' });
    await client.post('/api/r/profile/update', { crypto: '' });
    expect(await fieldsOf(id)).toMatchObject({ bio: null, crypto: null, crypto2: 'gwen-roo', twitter_user: null, tiktok_user: 'gwen.tt' });
  });

  it('refuses bad input with 422 (a field error where there is a field) and changes nothing', async () => {
    const { client, id } = await member('RefusedRay');
    await client.post('/api/r/profile/update', { bio: 'Kept.' });
    await client.post('/api/r/profile/update', { twitter_user: 'kept_handle' });
    const before = await fieldsOf(id);
    const cases: [unknown, string | null][] = [
      [{ bio: 'New bio', twitter_user: 'newhandle' }, null],
      [{ crypto: 'a', tiktok_user: 'b' }, null],
      [{}, null],
      [undefined, null],
      [{ bio: 'x'.repeat(501) }, 'bio'],
      [{ twitter_user: 'bad handle!' }, 'twitter_user'],
      [{ twitter_user: 'x'.repeat(16) }, 'twitter_user'],
      [{ instagram_user: 'no-dashes' }, 'instagram_user'],
      [{ youtube_user: 'spa ce' }, 'youtube_user'],
      [{ tiktok_user: '<script>' }, 'tiktok_user'],
      [{ crypto3: 'ThirdCasino' }, 'crypto3'],
      [{ crypto: 'x'.repeat(65) }, 'crypto'],
      [{ bio: 42 }, 'bio'],
      [{ bio: 'Sneaky', role: 'admin' }, null],
      [{ points: 1_000_000 }, null],
    ];
    for (const [body, field] of cases) {
      const response = await client.post('/api/r/profile/update', body);
      expect(response.statusCode, String(JSON.stringify(body)).slice(0, 60)).toBe(422);
      expect(response.json().success).toBe(false);
      if (field) expect(response.json().errors?.[field], field).toEqual([expect.any(String)]);
    }
    const twoGroups = await client.post('/api/r/profile/update', { bio: 'New bio', twitter_user: 'newhandle' });
    expect(twoGroups.json().message).toBe('Save one section at a time: the bio, the casino accounts or the social media links.');
    const slot = await client.post('/api/r/profile/update', { crypto3: 'ThirdCasino' });
    expect(slot.json().errors).toEqual({ crypto3: ['Casino account 3 is switched off on this site.'] });
    expect((await client.post('/api/r/profile/update', { bio: 'x'.repeat(501) })).json().errors.bio).toEqual(['The bio can have at most 500 characters.']);
    expect((await client.post('/api/r/profile/update', { instagram_user: 'no-dashes' })).json().errors.instagram_user).toEqual(['An Instagram username uses letters, digits, . and _ only.']);
    expect((await client.post('/api/r/profile/update', { tiktok_user: '<script>' })).json().errors.tiktok_user).toEqual(['A TikTok username uses letters, digits, . and _ only.']);
    expect(await fieldsOf(id)).toEqual(before);
    const row = await t.database.db.selectFrom('users').select(['role', 'points']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'user', points: 0 });
    expect((await client.post('/api/r/profile/update', { bio: 'y'.repeat(500) })).statusCode).toBe(200);
  });

  it('needs the CSRF token and a signed-in member', async () => {
    const { client, id } = await member('CsrfCarl');
    const refused = await client.post('/api/r/profile/update', { bio: 'Forged' }, { csrf: false });
    expect(refused.statusCode).toBe(403);
    expect((await fieldsOf(id)).bio).toBeNull();
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    expect((await visitor.post('/api/r/profile/update', { bio: 'Anonymous' })).statusCode).toBe(401);
  });

  it('refuses text with a NUL character on both databases (PostgreSQL cannot store it) and keeps the old value', async () => {
    const { client, id } = await member('NulNora');
    expect((await client.post('/api/r/profile/update', { bio: 'Before' })).statusCode).toBe(200);
    const response = await client.post('/api/r/profile/update', { bio: 'nul\u0000byte' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NUL_REFUSAL);
    expect((await fieldsOf(id)).bio).toBe('Before');
    expect((await t.app.inject({ method: 'GET', url: '/api/r/user/a%00b' })).statusCode).toBe(400);
  });
});
