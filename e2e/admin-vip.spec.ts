import type { Browser, Page } from '@playwright/test';
import { MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';
import { leaderboardStaff, saveCasinoNames } from './leaderboard-staff';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const tierRow = (page: Page, name: string) => page.getByTestId('admin-vip-tier').filter({ hasText: name });
const claimRows = (page: Page, text: string) => page.getByTestId('vip-claim-row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const memberTier = (page: Page, name: string) => page.getByTestId('vip-tier').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The claim row made on this casino name in the current filter, paging on when the queue is long (pending is oldest first). */
async function queueRow(page: Page, casinoName: string) {
  const row = claimRows(page, casinoName);
  const next = page.getByRole('button', { name: 'Next page' });
  for (let pages = 0; pages < 10; pages++) {
    if (await row.waitFor({ timeout: 3000 }).then(() => true, () => false)) return row;
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(row).toBeVisible();
  return row;
}

/**
 * A member (of `role`) whose casino account 1 (Roobet's slot in the demo) is `player`, who wagered `amount` there,
 * with tiers made by an admin through the API; the member is signed in in a browser of their own.
 */
async function wageringMember(browser: Browser, tiers: Record<string, unknown>[], amount = 30_000, role: 'user' | 'moderator' = 'user') {
  const player = uniqueName('VipPlayer');
  const staff = await leaderboardStaff(browser);
  const roobet = await staff.platform('roobet');
  await staff.wagers(roobet.leaderboards.find((board) => board.leaderboard_type === 'normal')!.current_period!.id, [[player, amount]]);
  for (const tier of tiers) await staff.tier({ platform_id: roobet.id, ...tier });
  await staff.close();
  const memberName = uniqueName('VipMember');
  const member = await signedInElsewhere(browser, memberName, role);
  await saveCasinoNames(member, { crypto: player });
  return { member, memberName, player };
}

async function claimOnVipPage(member: Page, tier: string) {
  await member.goto('/vip-rewards');
  await memberTier(member, tier).getByRole('button', { name: 'Claim Reward' }).click();
  await expect(toast(member, 'Reward claimed! Our team will process it shortly.')).toBeVisible();
  await expect(memberTier(member, tier)).toContainText('Claimed');
}

test('an admin adds a tier with an image (field errors first) under its platform and edits it; members see it', async ({ page, signIn, browser }) => {
  test.slow();
  const name = uniqueName('Diamond Tier');
  await signIn(uniqueName('VipKeeper'), 'admin');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'VIP tiers' }).click();
  await expect(page).toHaveURL('/admin-new/vip-tiers');
  await expect(page.getByRole('heading', { name: 'VIP tiers', level: 1 })).toBeVisible();
  // The demo tiers of Roobet, grouped under its name.
  await expect(page.getByRole('region', { name: 'Roobet' }).getByTestId('admin-vip-tier').filter({ hasText: 'Bronze' })).toContainText('needs $1,000.00 wagered');

  await page.getByRole('button', { name: 'New tier' }).click();
  const form = page.getByRole('dialog', { name: 'New VIP tier' });
  await form.getByLabel('Platform').selectOption('Roobet');
  await form.getByLabel('Reward', { exact: true }).selectOption('Cash (USD)');
  await form.getByLabel('Amount (USD)').fill('-5');
  await form.getByRole('button', { name: 'Add tier' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Give the tier a name of at least 2 characters.');
  await expect(form.getByLabel('Amount (USD)')).toHaveAccessibleDescription('The reward cannot be negative.');
  await expect(form.getByLabel('Wager needed ($)')).toHaveAccessibleDescription('Enter the wager needed as a number.');

  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description').fill('For the biggest players this season.');
  await form.getByLabel('Amount (USD)').fill('25.5');
  await form.getByLabel('Wager needed ($)').fill('5000');
  await form.getByLabel('Count wagers from (optional)').fill('2026-01-15');
  await form.locator('label').filter({ hasText: 'Upload image' }).locator('input[type="file"]').setInputFiles({ name: 'diamond.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('Replace image')).toBeVisible();
  const preview = form.locator('img[src^="/storage/vip/"]');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Add tier' }).click();
  await expect(toast(page, `Tier “${name}” added.`)).toBeVisible();
  await expect(form).toHaveCount(0);

  const row = page.getByRole('region', { name: 'Roobet' }).getByTestId('admin-vip-tier').filter({ hasText: name });
  await expect(row).toContainText('$25.50 · needs $5,000.00 wagered');
  await expect(row).toContainText('Counts wagers from Jan 15, 2026 · 0 claims');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/storage\/vip\/.+/);

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByLabel('Amount (USD)')).toHaveValue('25.5');
  await expect(edit.getByLabel('Count wagers from (optional)')).toHaveValue('2026-01-15');
  await edit.getByLabel('Wager needed ($)').fill('2000');
  await edit.getByLabel('Count wagers from (optional)').fill('');
  await edit.getByRole('button', { name: 'Save tier' }).click();
  await expect(toast(page, `Tier “${name}” saved.`)).toBeVisible();
  await expect(row).toContainText('needs $2,000.00 wagered');
  await expect(row).toContainText('Counts all-time wagers');

  const { member } = await wageringMember(browser, [], 2500);
  await member.goto('/vip-rewards');
  await expect(memberTier(member, name)).toContainText('$26');
  await expect(memberTier(member, name).getByRole('button', { name: 'Claim Reward' })).toBeVisible();

  // Nobody claimed it yet, so it can be deleted; members no longer see it.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${name}”?` });
  await expect(remove).toContainText('Nobody has claimed it.');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Tier deleted.')).toBeVisible();
  await expect(tierRow(page, name)).toHaveCount(0);
  await member.reload();
  await expect(memberTier(member, 'Bronze')).toBeVisible();
  await expect(memberTier(member, name)).toHaveCount(0);
  await member.context().close();
});

test('a member claims a cash tier; the admin records the payout from the queue and the tier can no longer be deleted', async ({ page, signIn, browser }) => {
  test.slow();
  const cash = uniqueName('Cash Tier');
  const { member, memberName, player } = await wageringMember(browser, [{ name: cash, reward_type: 'cash', reward_amount: 40, min_wagered: 20_000 }]);
  await claimOnVipPage(member, cash);

  const admin = uniqueName('VipPayer');
  await signIn(admin, 'admin');
  await page.goto('/admin-new/vip-claims');
  await expect(page.getByRole('heading', { name: 'VIP claims', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pending' })).toHaveAttribute('aria-checked', 'true');
  const row = await queueRow(page, player);
  await expect(row).toContainText(`${cash} · $40.00`);
  await expect(row).toContainText(`${memberName} (@${memberName}) · Roobet account ${player}`);
  await expect(row).toContainText('Wagered $30,000.00 at claim · claimed');
  await expect(row).toContainText('pending');

  await row.getByRole('button', { name: 'Mark processed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record the $40.00 payout?' });
  await expect(confirm).toContainText(`Only after you sent $40.00 to ${player} on Roobet: it is recorded as a payout and counts toward the total given away.`);
  await confirm.getByRole('button', { name: 'Mark processed' }).click();
  await expect(toast(page, 'Marked as processed. The member has been notified.')).toBeVisible();
  await expect(claimRows(page, player)).toHaveCount(0);

  await page.getByRole('radio', { name: 'Processed' }).click();
  const processed = await queueRow(page, player);
  await expect(processed).toContainText(`Processed by ${admin}`);
  await expect(processed.getByRole('button')).toHaveCount(0);

  await member.reload();
  await member.getByRole('tab', { name: 'History' }).click();
  await expect(member.getByTestId('vip-claim').filter({ hasText: cash })).toContainText('Processed on');
  await member.context().close();

  await page.goto('/admin-new/vip-tiers');
  await expect(tierRow(page, cash)).toContainText('1 claim');
  await page.getByRole('button', { name: `Delete ${cash}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${cash}”?` });
  await expect(remove).toContainText('Members have claimed this tier, so it cannot be deleted. Switch it off instead');
  await expect(remove.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('an admin rejects a claim with a reason (required) and the member sees it rejected in their history', async ({ page, signIn, browser }) => {
  test.slow();
  const hoodie = uniqueName('Hoodie Tier');
  const { member, player } = await wageringMember(browser, [{ name: hoodie, reward_type: 'other', min_wagered: 1000 }]);
  await claimOnVipPage(member, hoodie);

  await signIn(uniqueName('VipJudge'), 'admin');
  await page.goto('/admin-new/vip-claims');
  const row = await queueRow(page, player);
  await expect(row).toContainText(`${hoodie} · Special reward`);
  await row.getByRole('button', { name: 'Reject' }).click();
  const form = page.getByRole('dialog', { name: new RegExp(`Reject .*“${hoodie}” claim\\?`) });
  const reason = form.getByLabel('Reason (the member sees it)');
  await expect(reason).toBeFocused();
  await form.getByRole('button', { name: 'Reject claim' }).click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription('Say why the claim is rejected (at least 3 characters).');
  await reason.fill('Sizes are sold out.');
  await form.getByRole('button', { name: 'Reject claim' }).click();
  await expect(toast(page, 'Claim rejected. The member has been told why.')).toBeVisible();
  await expect(claimRows(page, player)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Rejected' }).click();
  await expect(await queueRow(page, player)).toContainText('“Sizes are sold out.”');

  await member.reload();
  await member.getByRole('tab', { name: 'History' }).click();
  const entry = member.getByTestId('vip-claim').filter({ hasText: hoodie });
  await expect(entry).toContainText('Rejected');
  await expect(entry).toContainText('Sizes are sold out.');
  await member.context().close();
});

test('a moderator reads the tiers without change controls and sees the claims queue', async ({ page, signIn, browser }) => {
  test.slow();
  const cash = uniqueName('Mod Cash Tier');
  const { member, player } = await wageringMember(browser, [{ name: cash, reward_type: 'cash', reward_amount: 15, min_wagered: 1000 }]);
  await claimOnVipPage(member, cash);
  await member.context().close();

  await signIn(uniqueName('VipMod'), 'moderator');
  await page.goto('/admin-new/vip-tiers');
  await expect(tierRow(page, cash)).toContainText('$15.00 · needs $1,000.00 wagered');
  await expect(page.getByRole('button', { name: 'New tier' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${cash}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${cash}` })).toHaveCount(0);

  await page.goto('/admin-new/vip-claims');
  const row = await queueRow(page, player);
  await expect(row).toContainText(`${cash} · $15.00`);
  await expect(row).toContainText('pending');
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the tiers and the claims queue fit the screen', async ({ page, signIn }) => {
    await signIn(uniqueName('VipPhone'), 'admin');
    for (const path of ['/admin-new/vip-tiers', '/admin-new/vip-claims']) {
      await page.goto(path);
      await expect(page.getByTestId(path.endsWith('tiers') ? 'admin-vip-tier' : 'vip-claim-row').or(page.getByText('Nothing waiting')).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('a moderator sees a note instead of the buttons on their own claim; an admin processes it', async ({ page, signIn, browser }) => {
  test.slow();
  const cash = uniqueName('Own Tier');
  const { member: moderator, player } = await wageringMember(browser, [{ name: cash, reward_type: 'cash', reward_amount: 15, min_wagered: 20_000 }], 30_000, 'moderator');
  await claimOnVipPage(moderator, cash);

  await moderator.goto('/admin-new/vip-claims');
  const own = await queueRow(moderator, player);
  await expect(own.getByRole('note')).toHaveText('Your own claim: another staff member handles it.');
  await expect(own.getByRole('button')).toHaveCount(0);
  await moderator.context().close();

  await signIn(uniqueName('VipPayer'), 'admin');
  await page.goto('/admin-new/vip-claims');
  const theirs = await queueRow(page, player);
  await expect(theirs.getByRole('note')).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Mark processed' }).click();
  await page.getByRole('dialog', { name: 'Record the $15.00 payout?' }).getByRole('button', { name: 'Mark processed' }).click();
  await expect(toast(page, 'Marked as processed. The member has been notified.')).toBeVisible();
});
