import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { leaderboardStaff } from './leaderboard-staff';

const carousel = (page: Page) => page.getByTestId('live-leaderboards');
const shownPlatform = (page: Page) => page.getByTestId('carousel-platform');
const dots = (page: Page) => carousel(page).getByRole('group', { name: 'Choose a platform' }).getByRole('button');

test('the home carousel shows each platform with its countdown and podium; arrows wrap, dots choose', async ({ page, browser }) => {
  const staff = await leaderboardStaff(browser);
  const name = `Empty ${uniqueName('Board')}`;
  await staff.board({ name, slug: name.toLowerCase().replace(/\s/g, '-') });
  await staff.close();

  await page.goto('/');
  await expect(carousel(page)).toBeVisible();
  await expect(carousel(page).getByRole('heading', { name: 'Live Leaderboards' })).toBeVisible();
  // The first platform (demo content): Roobet, with its podium and a ticking countdown.
  await expect(shownPlatform(page)).toHaveText('Roobet');
  await expect(carousel(page).getByTestId('podium-entry')).toHaveCount(3);
  await expect(carousel(page).getByTestId('podium-entry').first()).toContainText(/wagered/);
  const seconds = carousel(page).locator('[data-unit="seconds"]');
  const before = await seconds.textContent();
  await expect(seconds).not.toHaveText(before!, { timeout: 3000 });

  const total = await dots(page).count();
  expect(total).toBeGreaterThanOrEqual(4);
  const second = (await dots(page).nth(1).getAttribute('aria-label'))!.replace(/^Show /, '');
  await carousel(page).getByRole('button', { name: 'Next leaderboard' }).click();
  await expect(shownPlatform(page)).toHaveText(second);
  await expect(dots(page).nth(1)).toHaveAttribute('aria-current', 'true');
  await carousel(page).getByRole('button', { name: 'Previous leaderboard' }).click();
  await expect(shownPlatform(page)).toHaveText('Roobet');
  // Wrapping: before the first comes the last.
  await carousel(page).getByRole('button', { name: 'Previous leaderboard' }).click();
  await expect(dots(page).nth(total - 1)).toHaveAttribute('aria-current', 'true');
  await carousel(page).getByRole('button', { name: 'Next leaderboard' }).click();
  await expect(shownPlatform(page)).toHaveText('Roobet');

  await carousel(page).getByRole('button', { name: `Show ${name}` }).click();
  await expect(shownPlatform(page)).toHaveText(name);
  await expect(carousel(page).getByText('No leaderboard data available')).toBeVisible();
  await expect(carousel(page).getByTestId('podium-entry')).toHaveCount(0);

  await carousel(page).getByRole('link', { name: 'View All Leaderboards' }).click();
  await expect(page).toHaveURL('/leaderboard');
});

test('a contest whose end has passed says Contest Ended', async ({ page }) => {
  // The browser's clock a year ahead: every running period has ended for it.
  await page.clock.install({ time: new Date(Date.now() + 365 * 86_400_000) });
  await page.goto('/');
  await expect(shownPlatform(page)).toHaveText('Roobet');
  await expect(carousel(page).getByTestId('contest-ended')).toHaveText('Contest Ended');
  await expect(carousel(page).locator('[data-unit="seconds"]')).toHaveCount(0);
});
