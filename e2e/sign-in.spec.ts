import { expect, test, uniqueName } from './fixtures';

test('a visitor signs in locally, sees their name and points, and signs out', async ({ page, signIn }) => {
  const name = uniqueName('Luna');
  await signIn(name, 'vip');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Welcome back, ${name}`);
  await expect(page.getByRole('status').filter({ hasText: `Signed in as ${name} (vip).` })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You have been signed out.' })).toBeVisible();
});

test('a visitor carries no cookie until they act: the sign-in form gets its token when it opens, then signs them in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await page.context().cookies()).toEqual([]);
  await page.goto('/login');
  const form = page.locator('form[action="/auth/local"]');
  await expect(form.locator('input[name="_csrf"]')).toHaveValue(/^[\w-]{43}$/);
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(['csrf']);
  const name = uniqueName('Token');
  await page.getByLabel('Display name').fill(name);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('/');
  await expect(page.getByRole('status').filter({ hasText: `Signed in as ${name} (user).` })).toBeVisible();
});
