import type { Page } from '@playwright/test';
import { DESKTOP, expect, signedInElsewhere, test, uniqueName } from './fixtures';

// Tests that change site-wide settings. Other tests rely on the defaults (the name 'NightSpin', friends
// switched on), so this file runs in its own Playwright project after all of them (playwright.config.ts),
// one test at a time, and every change is undone whatever happens.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: DESKTOP });

const friendsButton = (page: Page) => page.getByRole('button', { name: /^Friends/ });
const csrfOf = async (page: Page) => (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';

test('an admin renames the site and the public top bar and tab title follow', async ({ page, signIn }) => {
  await signIn(uniqueName('Chief'), 'admin');
  await page.goto('/admin-new/settings');
  const original = await (await page.request.get('/admin-new/api/settings')).json();
  const renamed = uniqueName('Spin');
  try {
    await page.getByLabel('Site name').fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: `${renamed} home` })).toBeVisible();
    await expect(page).toHaveTitle(`Home · ${renamed}`);
  } finally {
    const { success: _success, ...settings } = original;
    const restored = await page.request.put('/admin-new/api/settings', { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, data: settings });
    expect(restored.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'NightSpin home' })).toBeVisible();
  await expect(page).toHaveTitle('Home · NightSpin');
});

test('with friends switched off in Site settings, members have no friends dropdown or friend controls', async ({ page, signIn, browser }) => {
  const otherName = uniqueName('Stranger');
  await (await signedInElsewhere(browser, otherName)).context().close();
  const admin = await signedInElsewhere(browser, uniqueName('Chief'), 'admin');
  await signIn(uniqueName('Loner'));
  await expect(friendsButton(page)).toBeVisible();

  await admin.goto('/admin-new/settings');
  const original = await (await admin.request.get('/admin-new/api/settings')).json();
  expect(original.friends_enabled).toBe(true);
  const checkbox = admin.getByRole('checkbox', { name: /^Friends enabled/ });
  await expect(checkbox).toBeChecked();
  try {
    await checkbox.uncheck();
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.locator('[data-toast="success"]').filter({ hasText: 'Settings saved.' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(friendsButton(page)).toHaveCount(0);
    const listing = await (await page.request.get('/api/r/friends')).json();
    expect(listing).toMatchObject({ disabled: true, data: [] });
    const otherId = (await (await page.request.get(`/api/r/user/${otherName}`)).json()).data.id;
    const refused = await page.request.post('/api/r/friends/request', { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, data: { user_id: otherId } });
    expect(refused.status()).toBe(403);

    await page.goto(`/profile/${otherName}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(otherName);
    await expect(page.getByRole('button', { name: 'Add Friend' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Friends' }).click();
    await expect(page.getByText('Friends are switched off')).toBeVisible();
  } finally {
    const { success: _success, ...current } = await (await admin.request.get('/admin-new/api/settings')).json();
    const restored = await admin.request.put('/admin-new/api/settings', { headers: { 'X-CSRF-TOKEN': await csrfOf(admin) }, data: { ...current, friends_enabled: true } });
    expect(restored.status()).toBe(200);
    await admin.context().close();
  }

  await page.reload();
  await expect(friendsButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Friend' })).toBeVisible();
});
