import type { Browser, Page } from '@playwright/test';
import { DESKTOP, expect, signedInElsewhere, test, uniqueName } from './fixtures';

test.use({ viewport: DESKTOP });

const toast = (page: Page, type: 'success' | 'error' | 'info', text: string) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const saveButton = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: /Save Changes|Saving/ });
const kickCard = (page: Page) => page.getByTestId('kick-connection');

/** Connections → Connect → the fake Kick consent page; allows (or cancels) as the given Kick name. */
async function throughKick(page: Page, kickName: string | null) {
  await page.goto('/settings?tab=connections');
  await kickCard(page).getByRole('link', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize app' })).toBeVisible();
  if (kickName === null) return page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Kick username').fill(kickName);
  await page.getByRole('button', { name: 'Allow access' }).click();
}

/** Another member, in a browser of their own, links the Kick name first. */
async function linkedElsewhere(browser: Browser, kickName: string) {
  const other = await signedInElsewhere(browser, uniqueName('FirstOwner'));
  await throughKick(other, kickName);
  await expect(toast(other, 'success', `Kick account connected as @${kickName}.`)).toBeVisible();
  await other.context().close();
}

test('signed out, settings ask you to log in', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please log in to access your settings.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('the bio is saved (the button is disabled while saving) and shows on the profile', async ({ page, signIn }) => {
  const name = uniqueName('Bio');
  await signIn(name);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByText('Manage your account preferences')).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab')).toHaveText(['Profile', 'Connections', 'Social Media']);
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const bioField = page.getByLabel('Bio');
  await expect(bioField).toHaveAttribute('placeholder', 'Tell us about yourself...');

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/r/profile/update', async (route) => {
    await held;
    await route.continue();
  });
  const bio = `Slots fan since 2019. ${name}`;
  await bioField.fill(bio);
  await saveButton(page).click();
  await expect(saveButton(page)).toBeDisabled();
  await expect(saveButton(page)).toHaveText(/Saving\.\.\./);
  release();
  await expect(toast(page, 'success', 'Profile updated successfully!')).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();
  await expect(saveButton(page)).toHaveText('Save Changes');

  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue(bio);
  await page.goto(`/profile/${name}`);
  await expect(page.getByText(bio, { exact: true })).toBeVisible();
});

test("social handles are saved without a leading @; an invalid one shows the server's error under its field", async ({ page, signIn }) => {
  const name = uniqueName('Social');
  await signIn(name);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Social Media' }).click();
  await expect(page).toHaveURL('/settings?tab=social');
  await expect(page.getByRole('heading', { name: 'Social Media Links' })).toBeVisible();
  for (const label of ['Twitter/X Username', 'Instagram Username', 'YouTube Channel', 'TikTok Username']) {
    await expect(page.getByLabel(label)).toHaveAttribute('placeholder', /without @/);
  }
  const twitter = page.getByLabel('Twitter/X Username');
  await twitter.fill('bad handle!');
  await saveButton(page).click();
  await expect(twitter).toHaveAccessibleDescription('A Twitter/X username uses letters, digits and _ only.');
  await expect(twitter).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-toast="success"]')).toHaveCount(0);

  await twitter.fill('@spin_fan');
  await page.getByLabel('Instagram Username').fill('@spin.fan');
  await saveButton(page).click();
  await expect(toast(page, 'success', 'Social media updated successfully!')).toBeVisible();
  await expect(twitter).not.toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(page.getByLabel('Twitter/X Username')).toHaveValue('spin_fan');
  await expect(page.getByLabel('Instagram Username')).toHaveValue('spin.fan');
  await page.goto(`/profile/${name}`);
  await expect(page.getByRole('link', { name: 'Twitter/X: spin_fan' })).toHaveAttribute('href', 'https://x.com/spin_fan');
  await expect(page.getByRole('link', { name: 'Instagram: spin.fan' })).toHaveAttribute('href', 'https://instagram.com/spin.fan');
});

test('casino accounts: only the enabled slots, with their labels, are shown and saved', async ({ page, signIn }) => {
  await signIn(uniqueName('Casino'));
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Connections' }).click();
  await expect(page).toHaveURL('/settings?tab=connections');
  await expect(page.getByRole('heading', { name: 'Casino Addresses' })).toBeVisible();
  const fields = page.getByRole('tabpanel').getByPlaceholder('Enter your username...');
  await expect(fields).toHaveCount(2);
  await expect(page.getByLabel('Casino Account 1')).toBeVisible();
  await expect(page.getByLabel('Casino Account 2')).toBeVisible();
  await expect(page.getByLabel('Casino Account 3')).toHaveCount(0);

  await page.getByLabel('Casino Account 1').fill('whale_one');
  await page.getByLabel('Casino Account 2').fill('whale_two');
  await saveButton(page).click();
  await expect(toast(page, 'success', 'Connections updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Casino Account 1')).toHaveValue('whale_one');
  await expect(page.getByLabel('Casino Account 2')).toHaveValue('whale_two');
});

test('Kick: connect through the consent page, the name shows in the top bar, then disconnect', async ({ page, signIn }) => {
  const name = uniqueName('Linker');
  const kickName = uniqueName('kick').toLowerCase();
  await signIn(name);
  await page.goto('/settings?tab=connections');
  await expect(kickCard(page)).toContainText('Connect your Kick account to access exclusive features');
  await expect(kickCard(page).getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/auth/kick');

  await throughKick(page, kickName);
  await expect(page).toHaveURL('/settings?tab=connections');
  await expect(toast(page, 'success', `Kick account connected as @${kickName}.`)).toBeVisible();
  await expect(kickCard(page)).toContainText(`Connected as @${kickName}`);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(kickName);
  await expect(page.getByRole('button', { name: 'Account menu' })).not.toContainText(name);

  await kickCard(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'success', 'Kick account disconnected successfully!')).toBeVisible();
  await expect(kickCard(page).getByRole('link', { name: 'Connect' })).toBeVisible();
  await expect(kickCard(page)).not.toContainText('Connected as');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(name);
  await page.reload();
  await expect(kickCard(page).getByRole('link', { name: 'Connect' })).toBeVisible();
});

test('Kick: a name another member already linked is refused', async ({ page, signIn, browser }) => {
  const kickName = uniqueName('taken').toLowerCase();
  await linkedElsewhere(browser, kickName);
  await signIn(uniqueName('Second'));
  await throughKick(page, kickName);
  await expect(page).toHaveURL('/settings?tab=connections');
  await expect(toast(page, 'error', 'That Kick account is already linked to another member.')).toBeVisible();
  await expect(kickCard(page).getByRole('link', { name: 'Connect' })).toBeVisible();
  await expect(kickCard(page)).not.toContainText('Connected as');
});

test('Kick: Cancel on the consent page says the connection was cancelled', async ({ page, signIn }) => {
  await signIn(uniqueName('Canceller'));
  await throughKick(page, null);
  await expect(page).toHaveURL('/settings?tab=connections');
  await expect(toast(page, 'info', 'Connecting Kick was cancelled.')).toBeVisible();
  await expect(kickCard(page).getByRole('link', { name: 'Connect' })).toBeVisible();
});
