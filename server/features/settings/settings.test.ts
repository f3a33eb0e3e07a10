import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site-settings-defaults';
import { buildTestApp, useTestApp } from '../../test/app';
import { bootstrapOf, signedIn, type TestClient } from '../../test/client';

describe('site settings', () => {
  const t = useTestApp();
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signedIn(t.app, 'SettingsAdmin', 'admin');
  });

  it('serves the spec fallbacks when nothing is saved', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/r/settings' });
    expect(response.json()).toEqual({ success: true, ...DEFAULT_SITE_SETTINGS });
  });

  it('saves what an admin changes; every visitor and member sees it at once (API and page)', async () => {
    // A signed-in page writes the settings out once per settings object: this one must not outlive the change.
    expect(bootstrapOf((await admin.page('/')).body).settings).toEqual(DEFAULT_SITE_SETTINGS);
    const next = structuredClone(DEFAULT_SITE_SETTINGS);
    next.site_name = 'Purple Reels';
    next.casino.crypto3_enabled = true;
    next.casino.crypto3_label = 'Stake username';
    next.partners.secondary = { name: 'Spinvault', url: 'https://spinvault.example/r/purple' };
    const saved = await admin.put('/admin-new/api/settings', next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: 'Settings saved.', ...next });
    expect((await t.app.inject({ method: 'GET', url: '/api/r/settings' })).json()).toEqual({ success: true, ...next });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(bootstrapOf(page.body)).toMatchObject({ site_name: 'Purple Reels', settings: next });
    expect(bootstrapOf((await admin.page('/')).body)).toMatchObject({ site_name: 'Purple Reels', settings: next, user: { role: 'admin' } });
    await admin.put('/admin-new/api/settings', DEFAULT_SITE_SETTINGS);
  });

  it('refuses invalid settings with a message per field and keeps the old ones', async () => {
    const bad = structuredClone(DEFAULT_SITE_SETTINGS) as unknown as Record<string, any>;
    bad.site_name = '   ';
    bad.kick_channel = 'has spaces/and slashes';
    bad.partners.primary.url = 'javascript:alert(1)';
    bad.casino.crypto1_label = 'x'.repeat(41);
    bad.casino.crypto2_enabled = 'yes';
    const response = await admin.put('/admin-new/api/settings', bad);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      site_name: ['The site name is required.'],
      kick_channel: ['Use the channel name as it appears in the kick.com address.'],
      'partners.primary.url': ['Only http and https addresses are allowed.'],
      'casino.crypto1_label': ['At most 40 characters.'],
      'casino.crypto2_enabled': [expect.any(String)],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/r/settings' })).json().site_name).toBe(DEFAULT_SITE_SETTINGS.site_name);
    const missing = await admin.put('/admin-new/api/settings', { site_name: 'Only this' });
    expect(missing.statusCode).toBe(422);
  });

  it('falls back to the default for a stored value that no longer reads', async () => {
    const fresh = await buildTestApp();
    try {
      const at = new Date().toISOString();
      await fresh.database.db
        .insertInto('site_settings')
        .values([
          { key: 'casino', value: '{broken', updated_at: at },
          { key: 'site_name', value: JSON.stringify(''), updated_at: at },
          { key: 'creator_code', value: JSON.stringify('SAVED'), updated_at: at },
        ])
        .execute();
      const settings = (await fresh.app.inject({ method: 'GET', url: '/api/r/settings' })).json();
      expect(settings).toMatchObject({ casino: DEFAULT_SITE_SETTINGS.casino, site_name: DEFAULT_SITE_SETTINGS.site_name, creator_code: 'SAVED' });
    } finally {
      await fresh.close();
    }
  });
});
