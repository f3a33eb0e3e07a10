import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { multipart, type MultipartFile } from '../../test/multipart';
import { ADMIN, createBoard, importWagers, platforms, setPrizes } from './leaderboards.testkit';

const PLATFORMS = `${ADMIN}/leaderboards/platforms`;
const IMAGES = `${ADMIN}/leaderboards/platform-images`;
const png = () => sharp({ create: { width: 80, height: 40, channels: 3, background: '#7c3aed' } }).png().toBuffer();

/** Partner platforms in the admin API: fields and their messages, one default, logos, and what deleting takes with it. */
describe('leaderboards admin: platforms', () => {
  const t = useTestApp();
  let admin: TestClient;
  const db = () => t.database.db;
  const rows = () => db().selectFrom('partner_platforms').select(['slug', 'name', 'is_default', 'casino_slot', 'image']).orderBy('id').execute();
  const bySlug = async (slug: string) => (await platforms(admin)).find((platform) => platform.slug === slug)!;
  const defaults = async () => (await platforms(admin)).filter((platform) => platform.is_default).map((platform) => platform.slug);
  const upload = async (files: MultipartFile[]) => {
    const { payload, headers } = await multipart(files);
    return admin.post(IMAGES, payload, { headers });
  };
  /** A refused save: 422, the message and the field it belongs to. */
  const refused = async (response: Awaited<ReturnType<TestClient['post']>>, field: string, message: string) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().success).toBe(false);
    expect(response.json().errors[field], response.body).toContain(message);
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'PlatformKeeper', 'admin');
  });

  it('creates a platform with the documented defaults and lists it as staff see it', async () => {
    const created = await admin.post(PLATFORMS, { name: '  Roobet ', slug: 'roobet' });
    expect(created.json()).toEqual({ success: true, message: '“Roobet” added.' });
    expect(await bySlug('roobet')).toEqual({
      id: expect.any(Number),
      name: 'Roobet',
      slug: 'roobet',
      image: null,
      currency_symbol: '$',
      amount_format: 'currency',
      display_order: 0,
      is_default: false,
      mask_names: true,
      casino_slot: null,
      is_active: true,
      leaderboards: [],
    });
    const xp = await admin.post(PLATFORMS, { name: 'Packdraw', slug: 'pack-draw-2', currency_symbol: 'XP', amount_format: 'xp', display_order: 3, mask_names: false, casino_slot: 3, is_active: false });
    expect(xp.statusCode, xp.body).toBe(200);
    expect(await bySlug('pack-draw-2')).toMatchObject({ currency_symbol: 'XP', amount_format: 'xp', display_order: 3, mask_names: false, casino_slot: 3, is_active: false });
  });

  it('refuses each bad field with its own message and saves nothing', async () => {
    const before = await rows();
    const base = { name: 'Shuffle', slug: 'shuffle' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slug: 'shuffle' }, 'name', 'Give the platform a name.'],
      [{ ...base, name: ' S ' }, 'name', 'Give the platform a name of at least 2 characters.'],
      [{ ...base, name: 'S'.repeat(41) }, 'name', 'At most 40 characters.'],
      [{ name: 'Shuffle' }, 'slug', 'Give the platform a slug.'],
      ...['Shuffle', 'shuf fle', '-shuffle', 's', 'shuffle_1', 'ß-bet', 's'.repeat(41)].map(
        (slug): [Record<string, unknown>, string, string] => [{ ...base, slug }, 'slug', 'Use 2 to 40 lower-case letters, digits and dashes, such as roobet.'],
      ),
      [{ ...base, slug: 'roobet' }, 'slug', 'Another platform already uses this slug.'],
      [{ ...base, currency_symbol: '' }, 'currency_symbol', 'Enter a currency symbol, such as $.'],
      [{ ...base, currency_symbol: '   ' }, 'currency_symbol', 'Enter a currency symbol, such as $.'],
      [{ ...base, currency_symbol: 'DOLLAR' }, 'currency_symbol', 'At most 5 characters.'],
      [{ ...base, display_order: 1.5 }, 'display_order', 'Enter a whole number.'],
      [{ ...base, display_order: -1 }, 'display_order', 'Must be 0 or more.'],
      [{ ...base, display_order: 1001 }, 'display_order', 'At most 1,000.'],
      [{ ...base, amount_format: 'gold' }, 'amount_format', 'Choose currency or XP.'],
      [{ ...base, is_default: 'yes' }, 'is_default', 'Choose yes or no.'],
      [{ ...base, mask_names: 1 }, 'mask_names', 'Choose yes or no.'],
      ...[0, 4, -1, '1', 1.5].map((slot): [Record<string, unknown>, string, string] => [{ ...base, casino_slot: slot }, 'casino_slot', 'Choose casino account 1, 2 or 3, or none.']),
      [{ ...base, casino_slot: 3 }, 'casino_slot', 'Another platform already uses casino account 3.'],
      ...['../../etc/passwd', 'store/0123456789abcdef0123456789abcdef.webp', 'https://evil.example/logo.png'].map(
        (image): [Record<string, unknown>, string, string] => [{ ...base, image }, 'image', 'Upload the logo again.'],
      ),
    ];
    for (const [body, field, message] of cases) await refused(await admin.post(PLATFORMS, body), field, message);
    expect(await rows()).toEqual(before);
  });

  it('keeps one default platform: a new default unsets the old one', async () => {
    await admin.post(PLATFORMS, { name: 'Alpha', slug: 'alpha', is_default: true });
    expect(await defaults()).toEqual(['alpha']);
    await admin.post(PLATFORMS, { name: 'Beta', slug: 'beta', is_default: true });
    expect(await defaults()).toEqual(['beta']);
    const alpha = await bySlug('alpha');
    expect((await admin.put(`${PLATFORMS}/${alpha.id}`, { name: 'Alpha', slug: 'alpha', is_default: true })).statusCode).toBe(200);
    expect(await defaults()).toEqual(['alpha']);
    // Saving the default again keeps it; another platform saved without the flag changes nothing.
    await admin.put(`${PLATFORMS}/${alpha.id}`, { name: 'Alpha A', slug: 'alpha', is_default: true });
    await admin.put(`${PLATFORMS}/${(await bySlug('beta')).id}`, { name: 'Beta', slug: 'beta', is_default: false });
    expect(await defaults()).toEqual(['alpha']);
    // Unticking it leaves none (the page then falls back to the first by display order).
    await admin.put(`${PLATFORMS}/${alpha.id}`, { name: 'Alpha A', slug: 'alpha', is_default: false });
    expect(await defaults()).toEqual([]);
    // A refused save does not take the flag away from the current default.
    await admin.put(`${PLATFORMS}/${alpha.id}`, { name: 'Alpha A', slug: 'alpha', is_default: true });
    await refused(await admin.post(PLATFORMS, { name: 'Gamma', slug: 'roobet', is_default: true }), 'slug', 'Another platform already uses this slug.');
    expect(await defaults()).toEqual(['alpha']);
  });

  it('updates a platform: its own slug and slot are fine, another’s are refused, an unknown one is 404', async () => {
    const roobet = await bySlug('roobet');
    const saved = await admin.put(`${PLATFORMS}/${roobet.id}`, { name: 'Roobet VIP', slug: 'roobet', currency_symbol: '€', casino_slot: 1, display_order: 7 });
    expect(saved.json()).toEqual({ success: true, message: '“Roobet VIP” saved.' });
    expect(await bySlug('roobet')).toMatchObject({ name: 'Roobet VIP', currency_symbol: '€', casino_slot: 1, display_order: 7 });
    // Saving again with the same slug and slot is not a clash with itself.
    expect((await admin.put(`${PLATFORMS}/${roobet.id}`, { name: 'Roobet VIP', slug: 'roobet', casino_slot: 1 })).statusCode).toBe(200);
    const before = await rows();
    await refused(await admin.put(`${PLATFORMS}/${roobet.id}`, { name: 'Roobet VIP', slug: 'beta' }), 'slug', 'Another platform already uses this slug.');
    await refused(await admin.put(`${PLATFORMS}/${roobet.id}`, { name: 'Roobet VIP', slug: 'roobet', casino_slot: 3 }), 'casino_slot', 'Another platform already uses casino account 3.');
    await refused(await admin.put(`${PLATFORMS}/${roobet.id}`, { name: 'Roobet VIP', slug: 'Roo Bet' }), 'slug', 'Use 2 to 40 lower-case letters, digits and dashes, such as roobet.');
    const unknown = await admin.put(`${PLATFORMS}/999999`, { name: 'Ghost', slug: 'ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Platform not found.');
    expect(await rows()).toEqual(before);
    // A slot given up can be taken by another platform.
    await admin.put(`${PLATFORMS}/${roobet.id}`, { name: 'Roobet VIP', slug: 'roobet', casino_slot: null });
    expect((await admin.put(`${PLATFORMS}/${(await bySlug('beta')).id}`, { name: 'Beta', slug: 'beta', casino_slot: 1 })).statusCode).toBe(200);
  });

  it('takes a real PNG as the logo (re-encoded to WebP), refuses a text file named .png, and removes a replaced logo', async () => {
    const uploaded = await upload([{ name: 'logo.png', type: 'image/png', data: await png() }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { path } = uploaded.json();
    expect(path).toMatch(/^platforms\/[0-9a-f]{32}\.webp$/);
    const served = await admin.get(`/storage/${path}`);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 80, height: 40 });

    const fake = await upload([{ name: 'evil.png', type: 'image/png', data: 'just some text, not a picture' }]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ success: false, message: 'File evil.png is not an image.' });
    const none = await admin.post(IMAGES, { image: 'platforms/0123456789abcdef0123456789abcdef.webp' });
    expect(none.statusCode).toBe(415);
    expect(none.json().message).toBe('Send the form as multipart/form-data.');

    expect((await admin.post(PLATFORMS, { name: 'Logo Co', slug: 'logo-co', image: path })).statusCode).toBe(200);
    const logoCo = await bySlug('logo-co');
    expect(logoCo.image).toBe(path);
    const second = (await upload([{ name: 'new.png', type: 'image/png', data: await png() }])).json().path as string;
    expect((await admin.put(`${PLATFORMS}/${logoCo.id}`, { name: 'Logo Co', slug: 'logo-co', image: second })).statusCode).toBe(200);
    expect((await admin.get(`/storage/${path}`)).statusCode).toBe(404);
    expect((await admin.get(`/storage/${second}`)).statusCode).toBe(200);
    // Deleting the platform deletes its logo too.
    expect((await admin.delete(`${PLATFORMS}/${logoCo.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/storage/${second}`)).statusCode).toBe(404);
  });

  it('deletes a platform with its leaderboards, standings and daily wagers; refuses one with paid prizes (409)', async () => {
    const doomed = await createBoard(admin, { name: 'Doomed', slug: 'doomed' });
    await importWagers(admin, doomed.periodId, [['Alice', 100], ['Bob', 50]]);
    await setPrizes(admin, doomed.leaderboardId, [10]);
    const held = async (platformId: number) => ({
      leaderboards: (await db().selectFrom('leaderboards').select('id').where('platform_id', '=', platformId).execute()).length,
      entries: (await db().selectFrom('wager_entries').select('id').where('period_id', '=', doomed.periodId).execute()).length,
      daily: (await db().selectFrom('wager_daily').select('username_key').where('platform_id', '=', platformId).execute()).length,
    });
    expect(await held(doomed.platform.id)).toEqual({ leaderboards: 1, entries: 2, daily: 2 });
    const deleted = await admin.delete(`${PLATFORMS}/${doomed.platform.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Platform deleted.' });
    expect(await held(doomed.platform.id)).toEqual({ leaderboards: 0, entries: 0, daily: 0 });
    expect(await db().selectFrom('leaderboard_periods').select('id').where('id', '=', doomed.periodId).execute()).toEqual([]);
    expect((await platforms(admin)).map((platform) => platform.slug)).not.toContain('doomed');
    const again = await admin.delete(`${PLATFORMS}/${doomed.platform.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Platform not found.');

    const paid = await createBoard(admin, { name: 'Paid Out', slug: 'paid-out' });
    await importWagers(admin, paid.periodId, [['Winner', 500]]);
    await setPrizes(admin, paid.leaderboardId, [25]);
    expect((await admin.post(`${ADMIN}/leaderboards/${paid.leaderboardId}/end-period`)).statusCode).toBe(200);
    expect((await admin.post(`${ADMIN}/leaderboard-periods/${paid.periodId}/pay-prizes`)).statusCode).toBe(200);
    const refusedDelete = await admin.delete(`${PLATFORMS}/${paid.platform.id}`);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().message).toBe('This platform has paid prizes or VIP claims, so it cannot be deleted. Hide it instead.');
    expect(await held(paid.platform.id)).toMatchObject({ leaderboards: 1, daily: 1 });
    expect(await bySlug('paid-out')).toBeDefined();
  });
});
