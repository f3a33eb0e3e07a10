import type { Page } from '@playwright/test';
import { MOBILE, expect, test, uniqueName } from './fixtures';
import { leaderboardStaff } from './leaderboard-staff';

const tier = (page: Page, name: string) => page.getByTestId('vip-tier').filter({ has: page.getByRole('heading', { name, exact: true }) });
const claimRow = (page: Page, name: string) => page.getByTestId('vip-claim').filter({ hasText: name });
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });

/** Saves the member's name for casino account 1 (the demo Roobet platform's slot) through Settings → Connections. */
async function saveCasinoName(page: Page, name: string) {
  await page.goto('/settings?tab=connections');
  await page.getByLabel('Casino Account 1').fill(name);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Connections updated successfully!')).toBeVisible();
}

test('visitors are asked to log in', async ({ page }) => {
  await page.goto('/vip-rewards');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('Please log in to view your VIP rewards and claim exclusive benefits.')).toBeVisible();
});

test('a member without casino accounts is asked to connect them', async ({ page, signIn }) => {
  await signIn(uniqueName('NoCasino'));
  await page.goto('/vip-rewards');
  await expect(page.getByRole('heading', { name: 'VIP Rewards', level: 1 })).toBeVisible();
  await expect(page.getByText('Exclusive rewards for VIP members')).toBeVisible();
  await expect(page.getByTestId('total-wagered')).toContainText('$0');
  await expect(page.getByRole('heading', { name: 'Connect Your Accounts' })).toBeVisible();
  await expect(page.getByText('You currently have $0 wagered. Connect your casino accounts to start earning VIP rewards!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByRole('heading', { name: 'Casino Addresses' })).toBeVisible();
});

test('a member claims a points reward at once and a cash reward that staff then process', async ({ page, signIn, browser }) => {
  test.slow();
  const player = uniqueName('VipWhale');
  const [points, cash, far] = [uniqueName('Points Tier'), uniqueName('Cash Tier'), uniqueName('Far Tier')];
  const staff = await leaderboardStaff(browser);
  const roobet = await staff.platform('roobet');
  await staff.wagers(roobet.leaderboards.find((board) => board.leaderboard_type === 'normal')!.current_period!.id, [[player, 30_000]]);
  await staff.tier({ platform_id: roobet.id, name: points, reward_type: 'points', reward_amount: 2000, min_wagered: 1000 });
  await staff.tier({ platform_id: roobet.id, name: cash, reward_type: 'cash', reward_amount: 40, min_wagered: 20_000 });
  await staff.tier({ platform_id: roobet.id, name: far, reward_type: 'points', reward_amount: 10, min_wagered: 1_000_000 });

  await signIn(uniqueName('Claimer'));
  await saveCasinoName(page, player.toLowerCase());
  await page.goto('/vip-rewards');
  await expect(page.getByTestId('total-wagered')).toContainText('$30,000');
  const platform = page.getByTestId('vip-platform').filter({ hasText: 'Roobet' });
  await expect(platform).toContainText('Total wagered (all-time): $30,000');
  await expect(tier(page, points)).toContainText('2,000 points');
  await expect(tier(page, points).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(tier(page, far).getByTestId('tier-progress')).toHaveText('$30,000 / $1,000,000');
  await expect(tier(page, far).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  await expect(tier(page, far)).toContainText('Not Eligible');
  await expect(tier(page, far).getByRole('button')).toHaveCount(0);

  await tier(page, points).getByRole('button', { name: 'Claim Reward' }).click();
  await expect(toast(page, 'Reward claimed! 2,000 points have been added to your balance.')).toBeVisible();
  await expect(tier(page, points)).toContainText('Claimed');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('2,000 pts');

  await tier(page, cash).getByRole('button', { name: 'Claim Reward' }).click();
  await expect(toast(page, 'Reward claimed! Our team will process it shortly.')).toBeVisible();
  await expect(tier(page, cash)).toContainText('Claimed');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'Claim History' })).toBeVisible();
  await expect(claimRow(page, points)).toContainText('Processed');
  await expect(claimRow(page, points)).toContainText('Wagered at claim: $30,000');
  await expect(claimRow(page, cash)).toContainText('Pending');
  await expect(claimRow(page, cash)).not.toContainText('Processed on');
  // 2,000 points count as $2, cash as it is.
  await expect(page.getByTestId('total-claimed')).toContainText('$42');

  const claim = await staff.pendingClaim(player.toLowerCase());
  await staff.processClaim(claim.id);
  await staff.close();

  const refreshed = page.waitForRequest((request) => /\/api\/r\/vip-rewards\?_=\d+/.test(request.url()));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refreshed;
  await expect(toast(page, 'Data refreshed successfully')).toBeVisible();
  await expect(claimRow(page, cash)).toContainText('Processed on');
  await expect(claimRow(page, cash).getByText('Processed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Notifications/ }).click();
  await expect(page.getByText(`Your VIP reward “${cash}” ($40.00) has been processed.`)).toBeVisible();
});

test('a claim history that fails to load is only logged: the page reads as no claims yet', async ({ page, signIn, browser }) => {
  const player = uniqueName('Historyless');
  const staff = await leaderboardStaff(browser);
  const roobet = await staff.platform('roobet');
  await staff.wagers(roobet.leaderboards.find((board) => board.leaderboard_type === 'normal')!.current_period!.id, [[player, 5_000]]);
  await staff.close();
  await signIn(uniqueName('NoHistory'));
  await saveCasinoName(page, player);
  await page.route('**/api/r/vip-rewards/history', (route) => route.fulfill({ status: 403, json: { success: false, message: 'Nope' } }));
  await page.goto('/vip-rewards');
  await expect(page.getByTestId('total-wagered')).toContainText('$5,000');
  await expect(page.getByTestId('total-claimed')).toContainText('$0');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'No claim history found' })).toBeVisible();
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the tiers stack and nothing scrolls sideways', async ({ page, signIn, browser }) => {
    const player = uniqueName('PhonePlayer');
    const staff = await leaderboardStaff(browser);
    const roobet = await staff.platform('roobet');
    await staff.wagers(roobet.leaderboards.find((board) => board.leaderboard_type === 'normal')!.current_period!.id, [[player, 12_000]]);
    await staff.close();
    await signIn(uniqueName('PhoneVip'));
    await saveCasinoName(page, player);
    await page.goto('/vip-rewards');
    // The demo tiers of Roobet: Bronze ($1,000) is within reach, Gold ($50,000) is not.
    await expect(tier(page, 'Bronze').getByRole('button', { name: 'Claim Reward' })).toBeVisible();
    await expect(tier(page, 'Gold')).toContainText('Not Eligible');
    const [bronze, gold] = [await tier(page, 'Bronze').boundingBox(), await tier(page, 'Gold').boundingBox()];
    expect(gold!.y).toBeGreaterThan(bronze!.y + bronze!.height - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
