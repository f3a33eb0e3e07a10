import type { Page } from '@playwright/test';
import { expect, MOBILE, test, uniqueName } from './fixtures';

const openModal = async (page: Page, trigger: string, index = 0) => {
  await page.getByRole('button', { name: trigger }).nth(index).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  return modal;
};

test('the anonymous hero invites to log in and shows the creator code', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home · NightSpin');
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText('The NightSpin community');
  await expect(hero).toContainText('Creator code NIGHTSPIN');
  await expect(hero).toContainText('Gain access to the best rewards with code NIGHTSPIN');
  await expect(hero.getByRole('link', { name: 'Login with Discord' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('navigation', { name: 'Quick access' })).toHaveCount(0);
  await hero.getByRole('link', { name: 'Login with Discord' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the total given away shows the demo payouts as dollars', async ({ page }) => {
  await page.goto('/');
  const total = page.getByTestId('total-given-away');
  await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const stats = await (await page.request.get('/api/r/stats/total-given-away')).json();
  expect(stats.total).toBeGreaterThan(0);
  await expect(total).toHaveText(stats.formatted_total);
  await expect(page.getByText('Given away to the community')).toBeVisible();
});

test('each partner card has an external join link and a bonus-details modal', async ({ page }) => {
  await page.goto('/');
  for (const [name, url] of [['Partner One', 'https://example.com/partner-one'], ['Partner Two', 'https://example.com/partner-two']]) {
    const join = page.getByRole('link', { name: `Join ${name}` });
    await expect(join).toHaveAttribute('href', url);
    await expect(join).toHaveAttribute('target', '_blank');
  }
  await expect(page.getByRole('button', { name: 'Bonus details' })).toHaveCount(2);

  const first = await openModal(page, 'Bonus details');
  await expect(first.getByRole('heading', { name: 'Partner One bonus' })).toBeVisible();
  for (const promo of [
    '10% deposit bonus',
    'Up to 3 bonus deposits per week',
    'Maximum $300 per deposit, reached on a $3,000 deposit',
    'For new and existing players',
    '$5000 bi-weekly prizes',
    '70% rakeback',
  ]) {
    await expect(first.getByRole('listitem').filter({ hasText: promo })).toBeVisible();
  }
  await expect(first.getByRole('link', { name: 'create a ticket' })).toHaveAttribute('href', '/tickets/create');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const second = await openModal(page, 'Bonus details', 1);
  await expect(second.getByRole('heading', { name: 'Partner Two bonus' })).toBeVisible();
  await expect(second.getByRole('listitem')).toHaveText(['10% deposit bonus']);
  await second.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the bonus modal's 'create a ticket' link closes it and opens the ticket form", async ({ page, signIn }) => {
  await signIn(uniqueName('Bonus'));
  await page.goto('/');
  const modal = await openModal(page, 'Bonus details');
  await modal.getByRole('link', { name: 'create a ticket' }).click();
  await expect(page).toHaveURL('/tickets/create');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Ticket');
});

test('the 100 free spins offer opens its modal', async ({ page }) => {
  await page.goto('/');
  const modal = await openModal(page, '100 free spins offer');
  await expect(modal.getByRole('heading', { name: '100 free spins' })).toBeVisible();
  await expect(modal).toContainText('Wager $10,000 on Partner One to claim 100 free spins');
  await expect(modal.getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a signed-in member is welcomed back and gets quick-access tiles', async ({ page, signIn }) => {
  const name = uniqueName('Home');
  await signIn(name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${name}`);
  await expect(page.getByRole('link', { name: 'Login with Discord' })).toHaveCount(0);
  const tiles = page.getByRole('navigation', { name: 'Quick access' }).getByRole('link');
  const expected = [
    ['Bonus Hunts', '/bonus-hunts'],
    ['Tournaments', '/tournaments'],
    ['Raffles', '/raffles'],
    ['Leaderboards', '/leaderboard'],
    ['Store', '/store'],
  ];
  await expect(tiles).toHaveCount(expected.length);
  for (const [index, [label, href]] of expected.entries()) {
    await expect(tiles.nth(index)).toContainText(label);
    await expect(tiles.nth(index)).toHaveAttribute('href', href);
  }
  await tiles.filter({ hasText: 'Leaderboards' }).click();
  await expect(page).toHaveURL('/leaderboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leaderboard');
});

test('a display name of 32 letters in one word wraps inside the hero on a phone', async ({ page, signIn }) => {
  await page.setViewportSize(MOBILE);
  const name = uniqueName('Supercalifragilistic').padEnd(32, 'x').slice(0, 32);
  await signIn(name);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Welcome back, ${name}`);
  const box = (await heading.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
});
