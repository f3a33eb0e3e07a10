import type { Browser, Page } from '@playwright/test';
import { DESKTOP, MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';

/** A member signed in in a browser of their own (a fresh member: role User, 0 points, one notification). */
async function memberInOwnBrowser(browser: Browser) {
  const name = uniqueName('Member');
  return { name, page: await signedInElsewhere(browser, name) };
}

const membersSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search members' });
const memberRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: `@${name}` });

const roleCell = (page: Page, name: string) => memberRow(page, name).getByRole('cell').nth(1);

/** Goes to Members, searches the name (checking the role shown in the list) and opens that member's detail. */
async function openMember(page: Page, name: string, listedRole: string) {
  await page.goto('/admin-new/members');
  await membersSearch(page).fill(name);
  await expect(roleCell(page, name)).toHaveText(listedRole);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText(`@${name}`)).toBeVisible();
  return detail;
}

async function accountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

test('an anonymous visit to the admin panel lands on the sign-in page', async ({ page }) => {
  await page.goto('/admin-new/');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test("a member who is not staff gets 'Staff only' with 403 and no Admin Panel link", async ({ page, signIn }) => {
  await signIn(uniqueName('Plain'));
  await expect((await accountMenu(page)).getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);

  const response = await page.goto('/admin-new/');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  await expect(page).toHaveTitle('Staff only · NightSpin');
  expect((await page.request.get('/admin-new/api/overview')).status()).toBe(403);
});

test('a moderator opens the admin panel from the account menu and sees the dashboard', async ({ page, signIn }) => {
  await signIn(uniqueName('Mod'), 'moderator');
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await (await accountMenu(page)).getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL('/admin-new/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => '__samePage' in window)).toBe(false);

  const tile = (label: string) => page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::p');
  for (const label of ['Members', 'Active today', 'Staff', 'Points in circulation']) {
    await expect(tile(label)).toHaveText(/^[\d,]+$/);
  }
  expect(Number((await tile('Members').textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(36);
  expect(Number(await tile('Staff').textContent())).toBeGreaterThanOrEqual(4);
  await expect(tile('Given away')).toHaveText(/^\$[\d,]+\.\d{2}$/);
});

test("the admin sidebar shows every page on a laptop screen, and on a short one keeps the open page in view", async ({ page, signIn }) => {
  await signIn(uniqueName('Navigator'), 'admin');
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin-new/');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Back to site' })).toBeInViewport({ ratio: 1 });

  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/admin-new/settings');
  await expect(nav.getByRole('link', { name: 'Site settings' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Site settings' })).toBeInViewport({ ratio: 1 });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toBeInViewport();
});

test('a moderator searches members (debounced), filters by role and may not manage them', async ({ page, signIn }) => {
  await signIn(uniqueName('Mod'), 'moderator');
  await page.goto('/admin-new/');
  // The dashboard promises a moderator only what they may do.
  await expect(page.getByText('find anyone and read their points history (admins change roles and points).')).toBeVisible();
  await expect(page.getByText(/change roles and adjust points/)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(0);

  const searched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/admin-new/api/members' && url.searchParams.get('search')) searched.push(url.searchParams.get('search')!);
  });
  await membersSearch(page).pressSequentially('bonusbuy', { delay: 60 });
  await expect(memberRow(page, 'BonusBuyBella')).toBeVisible();
  // Debounced: one request once typing stops (at most one more on a hiccup), not one per keystroke. On a
  // busy machine a hiccup's 'bonus' already finds Bella, so the final request is waited for.
  await expect.poll(() => searched.at(-1)).toBe('bonusbuy');
  await expect(page.getByRole('row').filter({ hasText: '@' })).toHaveCount(1);
  expect(searched.length).toBeLessThanOrEqual(2);

  // Every e2e flow signs staff in, so newer test moderators can fill the first page: the demo ones are searched for.
  const listed = (search: string) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/admin-new/api/members' && url.searchParams.get('role') === 'moderator' && url.searchParams.get('search') === search;
    });
  await page.getByRole('combobox', { name: 'Filter by role' }).selectOption('moderator');
  await Promise.all([listed('reelkeeper'), membersSearch(page).fill('reelkeeper')]);
  await expect(memberRow(page, 'ReelKeeper')).toBeVisible();
  for (const row of await page.getByRole('row').filter({ hasText: '@' }).all()) {
    await expect(row.getByRole('cell').nth(1)).toHaveText('Moderator');
  }
  // Bella matches this search but is a VIP: the role filter leaves her out.
  await Promise.all([listed('bonus'), membersSearch(page).fill('bonus')]);
  await expect(memberRow(page, 'BonusBuyBella')).toHaveCount(0);

  await Promise.all([listed('velvet'), membersSearch(page).fill('velvet')]);
  await page.getByRole('button', { name: 'Open VelvetMod' }).click();
  // The dialog is titled with the member's display name: their Kick name when linked (spec 2 §3).
  const detail = page.getByRole('dialog', { name: 'velvetmod' });
  await expect(detail.getByText('Only admins can change roles and adjust points.')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Save role' })).toHaveCount(0);
  await expect(detail.getByLabel('Points change')).toHaveCount(0);
});

test('a moderator sees the site settings read-only', async ({ page, signIn }) => {
  await signIn(uniqueName('Mod'), 'moderator');
  await page.goto('/admin-new/settings');
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
  await expect(page.getByText('Only admins can change these settings.')).toBeVisible();
  await expect(page.getByLabel('Site name')).toHaveValue('NightSpin');
  await expect(page.getByLabel('Site name')).toBeDisabled();
  await expect(page.getByLabel('Creator code')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
});

test("an admin changes a member's role and the list shows the new badge", async ({ page, signIn, browser }) => {
  const member = await memberInOwnBrowser(browser);
  await signIn(uniqueName('Chief'), 'admin');
  const detail = await openMember(page, member.name, 'User');
  await expect(detail.getByRole('button', { name: 'Save role' })).toBeDisabled();
  await detail.getByLabel('Role').selectOption('vip');
  await detail.getByRole('button', { name: 'Save role' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: `${member.name} is now vip.` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(roleCell(page, member.name)).toHaveText('VIP');
});

test("an admin adjusts a member's points with a confirmation; the member is notified", async ({ page, signIn, browser }) => {
  const member = await memberInOwnBrowser(browser);
  await signIn(uniqueName('Chief'), 'admin');
  const detail = await openMember(page, member.name, 'User');
  await detail.getByLabel('Points change').fill('1250');
  await expect(detail.getByRole('button', { name: 'Review change' })).toBeDisabled();
  await detail.getByLabel('Reason').fill('E2E stream bonus');
  await detail.getByRole('button', { name: 'Review change' }).click();
  await expect(detail).toContainText(`Add 1,250 points to ${member.name}? Balance after: 1,250`);
  await detail.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('[data-toast="success"]').filter({ hasText: 'Balance is now 1,250 points.' })).toBeVisible();

  const history = detail.getByRole('listitem');
  await expect(history.first()).toContainText('+1,250');
  await expect(history.first()).toContainText('E2E stream bonus');
  await expect(history.first()).toContainText('= 1,250');
  await expect(detail.getByText('Points', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1,250');

  await member.page.reload();
  await expect(member.page.getByTestId('notifications-unread')).toHaveText('2');
  await member.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(member.page.getByTestId('notification').first()).toContainText('You received 1,250 points: E2E stream bonus');
  await member.page.keyboard.press('Escape');
  await expect(await accountMenu(member.page)).toContainText('1,250 points');
});

test('the admin panel works at mobile width through its menu button', async ({ page, signIn }) => {
  await page.setViewportSize(MOBILE);
  await signIn(uniqueName('Chief'), 'admin');
  await page.goto('/admin-new/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Members', 'Achievements', 'Store items', 'Redemptions', 'Earning rules', 'Bonus hunts', 'Slots', 'Raffles', 'Tournaments', 'Challenges', 'Challenge claims', 'Tickets', 'Ticket categories', 'Contact inbox', 'Leaderboards', 'Wager data', 'VIP tiers', 'VIP claims', 'Points ledger', 'Site settings']);
  await nav.getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL('/admin-new/members');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open admin menu' })).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

  // From the keyboard: the menu opens from its button, and Escape closes it with the focus back on the button.
  await page.getByRole('button', { name: 'Open admin menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open admin menu' })).toBeFocused();
});
