import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE, expect, test, uniqueName } from './fixtures';

const SITE = 'NightSpin';

/** The contact page: 'Contact Us' as the h1 and the tab title, with its form (e2e/contact.spec.ts covers the rest). */
async function expectContactPage(page: Page) {
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await expect(page).toHaveTitle(`Contact Us · ${SITE}`);
}

/** The raffles or tournaments page with its 'All …' filter (their own specs cover the rest). */
async function expectListPage(page: Page, title: 'Raffles' | 'Tournaments') {
  await expect(page).toHaveURL(`/${title.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('radio', { name: `All ${title}` })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · ${SITE}`);
}

/** Challenges ask visitors to sign in (their own specs cover the rest). */
async function expectChallengesSignInPrompt(page: Page) {
  await expect(page).toHaveURL('/challenges');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page).toHaveTitle(`Challenges · ${SITE}`);
}

/** The store asks visitors to sign in (its own specs cover the rest). */
async function expectStoreSignInPrompt(page: Page) {
  await expect(page).toHaveURL('/store');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page).toHaveTitle(`Store · ${SITE}`);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: new RegExp(`^${label}`) });

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('top bar links and dropdown items lead to their pages', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(`Home · ${SITE}`);
    await mainNav(page).getByRole('button', { name: 'Affiliates' }).click();
    await menuItem(page, 'Leaderboard').click();
    await expect(page).toHaveURL('/leaderboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leaderboard');
    await expect(page).toHaveTitle(`Leaderboard · ${SITE}`);
    await mainNav(page).getByRole('button', { name: 'Affiliates' }).click();
    await menuItem(page, 'VIP Rewards').click();
    await expect(page).toHaveURL('/vip-rewards');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page).toHaveTitle(`VIP Rewards · ${SITE}`);
    await mainNav(page).getByRole('button', { name: 'Stream' }).click();
    await menuItem(page, 'Bonus Hunts').click();
    await expect(page).toHaveURL('/bonus-hunts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonus Hunts');
    await expect(page.getByRole('tab', { name: 'Current Hunt' })).toBeVisible();
    await expect(page).toHaveTitle(`Bonus Hunts · ${SITE}`);
    await mainNav(page).getByRole('button', { name: 'Stream' }).click();
    await menuItem(page, 'Raffles').click();
    await expectListPage(page, 'Raffles');
    await mainNav(page).getByRole('button', { name: 'Stream' }).click();
    await menuItem(page, 'Tournaments').click();
    await expectListPage(page, 'Tournaments');
    await mainNav(page).getByRole('button', { name: 'Affiliates' }).click();
    await menuItem(page, 'Challenges').click();
    await expectChallengesSignInPrompt(page);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await mainNav(page).getByRole('link', { name: 'Store' }).click();
    await expectStoreSignInPrompt(page);
    await mainNav(page).getByRole('link', { name: 'Contact' }).click();
    await expectContactPage(page);
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle(`Home · ${SITE}`);
    await expect(page.getByRole('link', { name: 'Login with Discord' })).toBeVisible();
  });

  test('dropdowns close on an outside click and on Escape', async ({ page }) => {
    await page.goto('/');
    const trigger = mainNav(page).getByRole('button', { name: 'Affiliates' });
    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(700, 600);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await mainNav(page).getByRole('button', { name: 'Stream' }).click();
    await expect(menuItem(page, 'Raffles')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  test('dropdowns open from the keyboard and their items are reachable with arrow keys', async ({ page }) => {
    await page.goto('/');
    const affiliates = mainNav(page).getByRole('button', { name: 'Affiliates' });
    await affiliates.focus();
    await page.keyboard.press('Enter');
    await expect(menuItem(page, 'Leaderboard')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, 'Challenges')).toBeFocused();
    // The keyboard's item is outlined, not only tinted (a tint alone was nearly invisible on the dark menu).
    await expect(menuItem(page, 'Challenges')).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, 'VIP Rewards')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    // Closing hands focus back to the trigger; wait for it, or it lands after we move on.
    await expect(affiliates).toBeFocused();

    await mainNav(page).getByRole('button', { name: 'Stream' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, 'Bonus Hunts')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, 'Raffles')).toBeFocused();
    await page.keyboard.press('Enter');
    await expectListPage(page, 'Raffles');
  });

  test('the live badge says Live and links to the channel in a new tab', async ({ page }) => {
    await page.goto('/');
    const badge = page.getByTestId('live-badge');
    await expect(badge).toHaveAttribute('data-status', 'live');
    await expect(badge).toHaveText('Live');
    await expect(badge).toHaveAttribute('href', /\/nightspin$/);
    await expect(badge).toHaveAttribute('target', '_blank');
  });

  test('the live badge says Checking... while the status call is slow', async ({ page }) => {
    await page.route('**/api/r/stream/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/');
    const badge = page.getByTestId('live-badge');
    await expect(badge).toHaveText('Checking...');
    await expect(badge).toHaveAttribute('data-status', 'checking');
    await expect(badge).toHaveText('Live', { timeout: 10_000 });
  });

  test('the live badge says Offline when the status call fails', async ({ page }) => {
    await page.route('**/api/r/stream/status', (route) => route.abort());
    await page.goto('/');
    const badge = page.getByTestId('live-badge');
    await expect(badge).toHaveAttribute('data-status', 'offline', { timeout: 15_000 });
    await expect(badge).toHaveText('Offline');
    await expect(badge).toHaveAttribute('href', /\/nightspin$/);
  });

  test('the footer has its columns, the copyright line and the powered-by link', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const column = (title: string) => footer.locator('div').filter({ has: page.getByText(title, { exact: true }) }).last();
    await expect(column('Quick Links').getByRole('link')).toHaveText(['Home', 'Store', 'Contact']);
    await expect(column('Affiliates').getByRole('link')).toHaveText(['Leaderboard', 'Challenges']);
    await expect(column('Stream').getByRole('link')).toHaveText(['Bonus Hunts', 'Raffles', 'Tournaments']);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SITE}. All rights reserved.`);
    const powered = footer.getByRole('link', { name: 'Kick' });
    await expect(powered).toHaveAttribute('href', 'https://kick.com/nightspin');
    await expect(powered).toHaveAttribute('target', '_blank');
    await column('Stream').getByRole('link', { name: 'Tournaments' }).click();
    await expectListPage(page, 'Tournaments');
    await column('Quick Links').getByRole('link', { name: 'Store' }).click();
    await expectStoreSignInPrompt(page);
  });

  test('an unknown address shows Page not found with status 404, and Back to Home works', async ({ page }) => {
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(`Page not found · ${SITE}`);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle(`Home · ${SITE}`);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: MOBILE });

  const openMenu = async (page: Page): Promise<Locator> => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    return menu;
  };

  const expectNoHorizontalScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

  test('the hamburger menu has the same groups and Sign In; a link navigates and closes it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    const menu = await openMenu(page);
    await expect(menu.getByText('Affiliates', { exact: true })).toBeVisible();
    await expect(menu.getByText('Stream', { exact: true })).toBeVisible();
    await expect(menu.getByRole('navigation').getByRole('link')).toHaveText([
      'Home', 'Leaderboard', 'Challenges', 'VIP Rewards', 'Bonus Hunts', 'Raffles', 'Tournaments', 'Store', 'Contact',
    ]);
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByTestId('mobile-user-card')).toHaveCount(0);
    await menu.getByRole('link', { name: 'Tournaments' }).click();
    await expectListPage(page, 'Tournaments');
    await expect(menu).toBeHidden();
  });

  test('Escape closes the mobile menu', async ({ page }) => {
    await page.goto('/');
    const menu = await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  for (const role of ['user', 'admin'] as const) {
    test(`the signed-in ${role} sees the user card in the menu`, async ({ page, signIn }) => {
      const name = uniqueName('Mob');
      await signIn(name, role);
      const menu = await openMenu(page);
      const card = menu.getByTestId('mobile-user-card');
      await expect(card.locator('img')).toBeVisible();
      await expect(card).toContainText(name);
      await expect(card).toContainText('0 points');
      await expect(card.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/profile/${name}`);
      await expect(card.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
      await expect(card.getByRole('link', { name: 'Admin Panel' })).toHaveCount(role === 'admin' ? 1 : 0);
      await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      await card.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(menu).toBeHidden();
      await (await openMenu(page)).getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL('/');
      await expect((await openMenu(page)).getByRole('link', { name: 'Sign In' })).toBeVisible();
    });
  }

  test('no horizontal scrolling on the home page and on the contact page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('total-given-away')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Captcha/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test('the site and the admin panel load their pages without a warning or an error in the console', async ({ page, signIn }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(`${message.type()}: ${message.text()}`);
  });
  await signIn(uniqueName('QuietConsole'), 'admin');
  for (const path of ['/', '/store', '/bonus-hunts', '/leaderboard', '/admin-new/', '/admin-new/tickets']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(logged).toEqual([]);
});
