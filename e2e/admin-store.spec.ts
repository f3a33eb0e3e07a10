import type { Page } from '@playwright/test';
import { adminShot } from './admin-hunt-ui';
import { MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const csrf = async (page: Page) => ({ 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' });

/** Staff API calls made from the staff member's own page (signed in, on a page with the CSRF meta tag). */
async function staffApi(staff: Page) {
  const headers = await csrf(staff);
  return {
    async grant(member: Page, delta: number) {
      const { user } = await (await member.request.get('/api/r/session')).json();
      expect((await staff.request.post(`/admin-new/api/members/${user.id}/points`, { headers, data: { delta, reason: 'E2E store' } })).status()).toBe(200);
    },
    async item(name: string, fields: Record<string, unknown> = {}): Promise<{ id: number }> {
      const data = { name, description: 'An E2E reward.', image: null, cost: 700, quantity: 5, required_role: 'user', max_purchases_per_user: null, uses_codes: false, is_active: true, new_codes: '', ...fields };
      const response = await staff.request.post('/admin-new/api/store/items', { headers, data });
      expect(response.status()).toBe(200);
      return (await response.json()).data;
    },
  };
}

async function redeemByApi(member: Page, itemId: number) {
  expect((await member.request.post(`/api/r/store/${itemId}/redeem`, { headers: await csrf(member) })).status()).toBe(200);
}

const itemRow = (page: Page, name: string) => page.getByTestId('admin-store-item').filter({ hasText: name });
const toast = (page: Page, text: string) => page.locator('[data-toast="success"]').filter({ hasText: text });
const storeCard = (page: Page, name: string) => page.getByTestId('store-item').filter({ has: page.getByText(name, { exact: true }) });
const myRedemption = (page: Page, name: string) => page.getByTestId('my-redemption').filter({ hasText: name });
const available = (page: Page) => page.getByTestId('available-points').locator('p').nth(1);

async function memberStore(page: Page, search: string) {
  await page.goto('/store');
  await page.getByRole('searchbox', { name: 'Search items' }).fill(search);
  await expect(page.getByTestId('store-item')).toHaveCount(1);
}

/** The member's newest notification mentioning `text`, from the bell. */
async function expectNotification(page: Page, text: string) {
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByTestId('notification').filter({ hasText: text })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** The redemption row of this item in the current filter, paging on when the queue is long (pending is oldest first). */
async function queueRow(page: Page, item: string) {
  const row = page.getByTestId('redemption-row').filter({ hasText: item });
  const next = page.getByRole('button', { name: 'Next page' });
  for (let pages = 0; pages < 10; pages++) {
    if (await row.waitFor({ timeout: 3000 }).then(() => true, () => false)) return row;
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(row).toBeVisible();
  return row;
}

test('an admin adds an item with an image (field errors first) and edits its stock; members see it', async ({ page, signIn, browser }) => {
  test.slow();
  const name = uniqueName('Signed Jersey');
  await signIn(uniqueName('Keeper'), 'admin');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Store items' }).click();
  await expect(page).toHaveURL('/admin-new/store');
  await expect(page.getByRole('heading', { name: 'Store items' })).toBeVisible();
  await expect(itemRow(page, 'Shoutout on Stream')).toContainText('1,500 pts');

  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByRole('dialog', { name: 'New store item' });
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Give the item a name of at least 2 characters.');
  await expect(form.getByLabel('Cost (points)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Cost (points)')).toHaveAccessibleDescription('Enter the cost as a whole number.');

  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description').fill('Worn on stream, signed by the streamer.');
  await form.getByLabel('Cost (points)').fill('1234');
  await form.getByLabel('Stock').fill('7');
  await form.locator('label').filter({ hasText: 'Upload image' }).locator('input[type="file"]').setInputFiles({ name: 'jersey.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('Replace image')).toBeVisible();
  const preview = form.getByRole('img', { name });
  await expect(preview).toHaveAttribute('src', /^\/storage\/store\/.+/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(toast(page, `“${name}” added to the store.`)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(itemRow(page, name)).toContainText('1,234 pts · 7 in stock');
  await expect(itemRow(page, name).getByRole('img', { name })).toHaveAttribute('src', /^\/storage\/store\//);

  const member = await signedInElsewhere(browser, uniqueName('Fan'));
  await memberStore(member, name);
  await expect(storeCard(member, name)).toContainText('1,234 pts');
  await expect(storeCard(member, name)).toContainText('7 in stock');
  const image = storeCard(member, name).getByRole('img', { name });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByLabel('Stock')).toHaveValue('7');
  await edit.getByLabel('Stock').fill('3');
  await edit.getByRole('button', { name: 'Save item' }).click();
  await expect(toast(page, `“${name}” saved.`)).toBeVisible();
  await expect(itemRow(page, name)).toContainText('1,234 pts · 3 in stock');
  await memberStore(member, name);
  await expect(storeCard(member, name).getByTestId('low-stock')).toHaveText('Only 3 left!');
  await member.context().close();
});

test('an admin deletes an item nobody redeemed; a redeemed one cannot be deleted', async ({ page, signIn, browser }) => {
  test.slow();
  const [spare, sold] = [uniqueName('Spare Mousepad'), uniqueName('Sold Mug')];
  await signIn(uniqueName('Keeper'), 'admin');
  const api = await staffApi(page);
  await api.item(spare);
  const { id } = await api.item(sold);
  const member = await signedInElsewhere(browser, uniqueName('Buyer'));
  await api.grant(member, 700);
  await redeemByApi(member, id);
  await member.context().close();

  await page.goto('/admin-new/store');
  await expect(itemRow(page, sold)).toContainText('redeemed 1×');
  await page.getByRole('button', { name: `Delete ${sold}` }).click();
  let confirm = page.getByRole('dialog', { name: `Delete “${sold}”?` });
  await expect(confirm).toContainText('It has been redeemed, so the store keeps it: hide it instead');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Delete ${spare}` }).click();
  confirm = page.getByRole('dialog', { name: `Delete “${spare}”?` });
  await expect(confirm).toContainText('It has never been redeemed. This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Item deleted.')).toBeVisible();
  await expect(itemRow(page, spare)).toHaveCount(0);
  await page.reload();
  await expect(itemRow(page, sold)).toBeVisible();
  await expect(itemRow(page, spare)).toHaveCount(0);
});

test("an item that delivers codes: pasting 3 codes gives '3 codes left'", async ({ page, signIn }) => {
  const name = uniqueName('Promo Code');
  await signIn(uniqueName('Keeper'), 'admin');
  await page.goto('/admin-new/store');
  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByRole('dialog', { name: 'New store item' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Cost (points)').fill('2500');
  await form.getByLabel('Delivers codes').check();
  await expect(form.getByLabel('Stock')).toBeDisabled();
  await expect(form.getByText('Follows the unused codes.')).toBeVisible();
  await form.getByLabel('Add codes (0 unused in the pool)').fill(`${name}-A\n${name}-B\n\n${name}-C\n`);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(toast(page, `“${name}” added to the store.`)).toBeVisible();
  await expect(itemRow(page, name)).toContainText('2,500 pts · 3 codes left');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByLabel('Delivers codes')).toBeChecked();
  await expect(edit.getByLabel('Stock')).toHaveValue('3');
  await expect(edit.getByLabel('Add codes (3 unused in the pool)')).toHaveValue('');
});

test('staff mark a redemption processed; the member sees Processed and is notified', async ({ page, signIn, browser }) => {
  test.slow();
  const item = uniqueName('Pending Poster');
  const admin = uniqueName('Keeper');
  await signIn(admin, 'admin');
  const api = await staffApi(page);
  await api.item(item);
  const memberName = uniqueName('Waiting');
  const member = await signedInElsewhere(browser, memberName);
  await api.grant(member, 1000);
  await memberStore(member, item);
  await storeCard(member, item).getByRole('button', { name: 'Redeem' }).click();
  await member.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(myRedemption(member, item)).toContainText('Pending');

  await page.goto('/admin-new/redemptions');
  await expect(page.getByRole('heading', { name: 'Redemptions' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pending' })).toHaveAttribute('aria-checked', 'true');
  const row = await queueRow(page, item);
  await expect(row).toContainText(`(@${memberName}) · 700 pts`);
  await expect(row).toContainText('pending');
  await row.getByRole('button', { name: 'Mark processed' }).click();
  await expect(toast(page, 'Marked as processed. The member has been notified.')).toBeVisible();
  await expect(page.getByTestId('redemption-row').filter({ hasText: item })).toHaveCount(0);

  await page.getByRole('radio', { name: 'Processed', exact: true }).click();
  const processed = await queueRow(page, item);
  await expect(processed).toContainText('processed');
  await expect(processed).toContainText(`Processed by ${admin}`);
  await expect(processed.getByRole('button', { name: 'Mark processed' })).toHaveCount(0);
  // The filter is kept in the address: a reload opens the same list.
  await expect(page).toHaveURL(/[?&]status=processed\b/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Processed', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(await queueRow(page, item)).toContainText(`Processed by ${admin}`);

  await memberStore(member, item);
  await expect(myRedemption(member, item)).toContainText('Processed');
  await expectNotification(member, `Your ${item} redemption has been processed.`);
  await member.context().close();
});

test('a moderator refunds a redemption after confirming; the points come back and the member is notified', async ({ page, signIn, browser }) => {
  test.slow();
  const item = uniqueName('Refund Cap');
  const moderator = uniqueName('Steward');
  const member = await signedInElsewhere(browser, uniqueName('Unlucky'));
  const admin = await signedInElsewhere(browser, uniqueName('Keeper'), 'admin');
  const api = await staffApi(admin);
  const { id } = await api.item(item, { cost: 700, quantity: 5 });
  await api.grant(member, 2000);
  await admin.context().close();
  await redeemByApi(member, id);
  await memberStore(member, item);
  await expect(available(member)).toHaveText('1,300');
  await expect(storeCard(member, item)).toContainText('4 in stock');

  // Staff, not only admins: a moderator stocks the store and works the queue.
  await signIn(moderator, 'moderator');
  await page.goto('/admin-new/store');
  await expect(page.getByRole('heading', { name: 'Store items' })).toBeVisible();
  await expect(itemRow(page, item)).toContainText('700 pts · 4 in stock');
  await expect(page.getByRole('button', { name: 'New item' })).toBeEnabled();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Redemptions' }).click();
  const row = await queueRow(page, item);
  await row.getByRole('button', { name: 'Refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this redemption?' });
  await expect(confirm).toContainText('700 points go back to');
  await expect(confirm).toContainText('and the item goes back in stock.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('pending');

  await row.getByRole('button', { name: 'Refund' }).click();
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(page, 'Refunded: the points are back with the member, who has been notified.')).toBeVisible();
  await expect(page.getByTestId('redemption-row').filter({ hasText: item })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Refunded', exact: true }).click();
  await expect(await queueRow(page, item)).toContainText(`Refunded by ${moderator}`);

  await memberStore(member, item);
  await expect(available(member)).toHaveText('2,000');
  await expect(myRedemption(member, item)).toContainText('Refunded');
  await expect(storeCard(member, item)).toContainText('5 in stock');
  await expectNotification(member, `Your ${item} redemption was refunded: 700 points are back in your balance.`);
  await member.context().close();
});

test('staff see a note instead of the buttons on their own redemption; another staff member processes it', async ({ page, signIn, browser }) => {
  test.slow();
  const item = uniqueName('Own Mug');
  const admin = await signedInElsewhere(browser, uniqueName('Keeper'), 'admin');
  const api = await staffApi(admin);
  const { id } = await api.item(item, { cost: 700, quantity: 5 });
  await signIn(uniqueName('Steward'), 'moderator');
  await api.grant(page, 1000);
  await redeemByApi(page, id);

  await page.goto('/admin-new/redemptions');
  const own = await queueRow(page, item);
  await expect(own.getByRole('note')).toHaveText('Your own redemption: another staff member handles it.');
  await expect(own.getByRole('button')).toHaveCount(0);
  // On a phone the note stays inside the screen.
  await page.setViewportSize(MOBILE);
  await expect(own.getByRole('note')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await adminShot(page, 'redemption-own-mobile');

  await admin.goto('/admin-new/redemptions');
  const theirs = await queueRow(admin, item);
  await expect(theirs.getByRole('note')).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Mark processed' }).click();
  await expect(toast(admin, 'Marked as processed. The member has been notified.')).toBeVisible();
  await admin.context().close();
});
