import type { Page } from '@playwright/test';
import { MOBILE, expect, test, uniqueName } from './fixtures';
import { leaderboardStaff } from './leaderboard-staff';

const podium = (page: Page) => page.getByTestId('podium-entry');
const rows = (page: Page) => page.getByTestId('standing-row');
const count = (page: Page) => page.getByTestId('player-count');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search players' });
const group = (page: Page, name: string) => page.getByRole('radiogroup', { name });

test('the default platform opens with its banner, prize pool, period, ticking countdown, podium and table from rank 4', async ({ page }) => {
  await page.goto('/leaderboard');
  await expect(page).toHaveTitle('Leaderboard · NightSpin');
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  // Demo content: Roobet is the default platform and has two types.
  await expect(group(page, 'Platform').getByRole('radio', { name: 'Roobet' })).toBeChecked();
  await expect(page.getByTestId('leaderboard-banner')).toContainText('Slots & Provably Fair');
  await expect(group(page, 'Leaderboard type').getByRole('radio')).toHaveText(['Normal', 'Sports Betting']);
  await expect(page.getByTestId('prize-pool')).toContainText('$5,025.00');
  await expect(page.getByTestId('competition-period')).toContainText(/\w{3} \d+, \d{4}.* to \w{3} \d+, \d{4}/);
  const seconds = page.getByTestId('countdown').locator('[data-unit="seconds"]');
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first!, { timeout: 3000 });
  await expect(podium(page)).toHaveCount(3);
  await expect(podium(page).filter({ hasText: '1st' })).toContainText('$2,500.00');
  await expect(rows(page).first()).toContainText('#4');
  await expect(rows(page).first()).toContainText('$300.00');
  await expect(rows(page).filter({ hasText: '#11' })).toContainText('No prize');

  await group(page, 'Leaderboard type').getByRole('radio', { name: 'Sports Betting' }).click();
  await expect(page.getByTestId('leaderboard-banner')).toContainText('Sports Betting');
  await expect(page).toHaveURL(/type=sports_bet/);
  await group(page, 'Platform').getByRole('radio', { name: 'Shuffle' }).click();
  await expect(page).toHaveURL(/platform=shuffle/);
  await expect(page).not.toHaveURL(/type=/);
  await expect(page.getByTestId('leaderboard-banner')).toContainText('Shuffle leaderboard');
  // One type only: no type tabs.
  await expect(group(page, 'Leaderboard type')).toHaveCount(0);
});

test('search filters the table by name with "N of M players" and says when nothing matches', async ({ page, browser }) => {
  const staff = await leaderboardStaff(browser);
  const slug = uniqueName('srch').toLowerCase();
  const board = await staff.board({ name: `Search ${slug}`, slug, mask_names: false });
  await staff.wagers(board.periodId, [
    ['Alpha', 900],
    ['Bravo', 800],
    ['Charlie', 700],
    ['DeltaQueen', 600],
    ['EchoQueen', 500],
    ['Foxtrot', 400],
  ]);
  await staff.close();
  await page.goto(`/leaderboard?platform=${slug}`);
  await expect(podium(page)).toHaveCount(3);
  await expect(count(page)).toHaveText('3 of 3 players');
  await search(page).fill('QUEEN');
  await expect(count(page)).toHaveText('2 of 3 players');
  await expect(rows(page)).toHaveText([/DeltaQueen/, /EchoQueen/]);
  await search(page).fill('zulu');
  await expect(count(page)).toHaveText('0 of 3 players');
  await expect(page.getByRole('heading', { name: 'No players found matching "zulu"' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
  await search(page).fill('');
  await expect(rows(page)).toHaveCount(3);
});

test('masked names, an empty table, an XP platform, and the last period after it ends', async ({ page, browser }) => {
  const staff = await leaderboardStaff(browser);
  const slug = uniqueName('xpb').toLowerCase();
  const board = await staff.board({ name: `XP ${slug}`, slug, amount_format: 'xp', currency_symbol: 'XP' });
  await staff.wagers(board.periodId, [
    ['Jonathan', 12_345],
    ['Bob', 20],
  ]);
  await staff.prizes(board.leaderboardId, [500, 100]);
  await page.goto(`/leaderboard?platform=${slug}`);
  await expect(podium(page)).toHaveText([/Jo\*\*\*n.*12,345 XP wagered.*500 XP/, /B\*\*\*.*20 XP wagered.*100 XP/]);
  await expect(page.getByTestId('prize-pool')).toContainText('600 XP');
  await expect(page.getByRole('heading', { name: 'No other competitors yet' })).toBeVisible();
  await expect(page.getByText('Be the first to join the competition!')).toBeVisible();
  await expect(page.getByText('Jonathan')).toHaveCount(0);

  await group(page, 'Period').getByRole('radio', { name: 'Last Period' }).click();
  await expect(page).toHaveURL(/period=last/);
  await expect(page.getByTestId('period-ended')).toContainText('Leaderboard Period Ended');
  await expect(podium(page)).toHaveCount(0);

  await staff.endPeriod(board.leaderboardId);
  await staff.close();
  await page.reload();
  await expect(podium(page)).toHaveCount(2);
  await expect(page.getByTestId('period-ended')).toBeVisible();
  await group(page, 'Period').getByRole('radio', { name: 'Current Period' }).click();
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expect(page.getByText('No players on the board yet')).toBeVisible();
});

test('a platform is chosen with the keyboard: arrow keys move, Enter picks', async ({ page }) => {
  await page.goto('/leaderboard');
  // Other specs add platforms to the shared database, so the radio before Shuffle is found, not assumed.
  const radios = group(page, 'Platform').getByRole('radio');
  await expect(radios.filter({ hasText: 'Shuffle' })).toBeVisible();
  const names = await radios.allTextContents();
  const shuffleAt = names.findIndex((name) => name.includes('Shuffle'));
  expect(shuffleAt).toBeGreaterThan(0);
  await radios.nth(shuffleAt - 1).focus();
  await page.keyboard.press('ArrowRight');
  await expect(group(page, 'Platform').getByRole('radio', { name: 'Shuffle' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/platform=shuffle/);
  await expect(page.getByTestId('leaderboard-banner')).toContainText('Shuffle leaderboard');
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('prizes are hidden until Show Prizes, and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/leaderboard');
    const prizeHeader = page.getByRole('columnheader', { name: 'Prize' });
    await expect(rows(page).first()).toBeVisible();
    await expect(prizeHeader).toBeHidden();
    await page.getByRole('button', { name: 'Show Prizes' }).click();
    await expect(prizeHeader).toBeVisible();
    await expect(rows(page).first()).toContainText('$300.00');
    // With the prize column shown, the masked names (six characters) still show whole, not cut to 'Bo*…'.
    const cutNames = await rows(page).evaluateAll((all) => (all as HTMLTableRowElement[]).map((row) => row.cells[1]).filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
    expect(cutNames).toEqual([]);
    await page.getByRole('button', { name: 'Hide Prizes' }).click();
    await expect(prizeHeader).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
