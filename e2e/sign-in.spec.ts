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
