import type { Browser, Page, Route } from '@playwright/test';
import { MOBILE, expect, partsLevelAcrossRows, signedInElsewhere, test, uniqueName } from './fixtures';

const csrf = async (page: Page) => ({ 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' });

/** An admin in a browser of their own, stocking the store and granting points through the admin API. */
async function staff(browser: Browser) {
  const page = await signedInElsewhere(browser, uniqueName('Stocker'), 'admin');
  const headers = await csrf(page);
  return {
    async grant(member: Page, delta: number) {
      const { user } = await (await member.request.get('/api/r/session')).json();
      const response = await page.request.post(`/admin-new/api/members/${user.id}/points`, { headers, data: { delta, reason: 'E2E store' } });
      expect(response.status()).toBe(200);
    },
    async item(name: string, fields: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
      const data = { name, description: 'An E2E reward.', image: null, cost: 1000, quantity: 10, required_role: 'user', max_purchases_per_user: null, uses_codes: false, is_active: true, new_codes: '', ...fields };
      const response = await page.request.post('/admin-new/api/store/items', { headers, data });
      expect(response.status()).toBe(200);
      return (await response.json()).data;
    },
    close: () => page.context().close(),
  };
}

/** Redeems through the API, as the member whose page this is. */
async function redeemByApi(member: Page, itemId: number) {
  const response = await member.request.post(`/api/r/store/${itemId}/redeem`, { headers: await csrf(member) });
  expect(response.status()).toBe(200);
}

const cards = (page: Page) => page.getByTestId('store-item');
// Text, not roles: while the confirmation is open the dialog hides the rest of the page from the accessibility tree.
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByText(name, { exact: true }) });
const cardButton = (page: Page, name: string) => card(page, name).locator('button');
const cardNames = (page: Page) => cards(page).locator('h2').allTextContents();
const cardPrices = async (page: Page) => (await cards(page).getByText(/^[\d,]+ pts$/).allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
const available = (page: Page) => page.getByTestId('available-points').locator('p').nth(1);
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search items' });
const sortBy = (page: Page, label: string) => page.getByRole('combobox', { name: 'Sort' }).selectOption({ label });
const priceRange = (page: Page, label: string) => page.getByRole('combobox', { name: 'Price range' }).selectOption({ label });
const myRedemption = (page: Page, name: string) => page.getByTestId('my-redemption').filter({ hasText: name });
const successToast = (page: Page, text: string) => page.locator('[data-toast="success"]').filter({ hasText: text });

async function openStore(page: Page) {
  await page.goto('/store');
  await expect(cards(page).first()).toBeVisible();
}

test('a visitor who is not signed in is asked to log in', async ({ page }) => {
  await page.goto('/store');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('You need to be logged in to access the store.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('a member searches, sorts and filters the store by price', async ({ page, signIn, browser }) => {
  test.slow();
  const prefix = uniqueName('Sortable');
  await signIn(uniqueName('Browser'));
  const admin = await staff(browser);
  // Created in this order (newest last); redeemed: Alpha twice, Gamma once, Beta never.
  const alpha = await admin.item(`${prefix} Alpha`, { cost: 2000 });
  await admin.item(`${prefix} Beta`, { cost: 800 });
  const gamma = await admin.item(`${prefix} Gamma`, { cost: 7500 });
  await admin.grant(page, 20_000);
  await admin.close();
  for (const id of [alpha.id, alpha.id, gamma.id]) await redeemByApi(page, id);

  const requests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/r/store') requests.push(url);
  });
  await openStore(page);
  await expect(page.getByText('Available Points')).toBeVisible();
  await expect(available(page)).toHaveText('8,500');

  // The whole store: the price sorts order every card by its price.
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price_asc');
  await expect.poll(async () => { const prices = await cardPrices(page); return prices.length > 3 && prices.every((p, i) => i === 0 || prices[i - 1] <= p); }).toBe(true);
  await sortBy(page, 'Price: High to Low');
  await expect.poll(async () => { const prices = await cardPrices(page); return prices.length > 3 && prices.every((p, i) => i === 0 || prices[i - 1] >= p); }).toBe(true);

  // Only this test's items: every sort gives its own order.
  await searchBox(page).fill(prefix.toLowerCase());
  const names = (...suffixes: string[]) => suffixes.map((suffix) => `${prefix} ${suffix}`);
  await expect.poll(() => cardNames(page)).toEqual(names('Gamma', 'Alpha', 'Beta'));
  await expect.poll(() => cardPrices(page)).toEqual([7500, 2000, 800]);
  await sortBy(page, 'Price: Low to High');
  await expect.poll(() => cardNames(page)).toEqual(names('Beta', 'Alpha', 'Gamma'));
  await expect.poll(() => cardPrices(page)).toEqual([800, 2000, 7500]);
  await sortBy(page, 'Most Popular');
  await expect.poll(() => cardNames(page)).toEqual(names('Alpha', 'Gamma', 'Beta'));
  await sortBy(page, 'Newest First');
  await expect.poll(() => cardNames(page)).toEqual(names('Gamma', 'Beta', 'Alpha'));
  expect(requests.map((url) => url.searchParams.get('sort'))).toEqual(expect.arrayContaining(['price_asc', 'price_desc', 'popular', 'newest']));

  await priceRange(page, '1,000 - 5,000 pts');
  await expect.poll(() => cardNames(page)).toEqual(names('Alpha'));
  await searchBox(page).fill('');
  await expect.poll(async () => { const prices = await cardPrices(page); return prices.length > 0 && prices.every((p) => p >= 1000 && p <= 5000); }).toBe(true);
  await expect(card(page, 'Shoutout on Stream')).toBeVisible();
  await expect(card(page, 'Mystery Crate')).toHaveCount(0);
  expect(requests.at(-1)?.searchParams.get('price_range')).toBe('1000-5000');

  // The sort, the price range and the search are kept in the address: a reload or a shared link opens the same view.
  await searchBox(page).fill('  Shoutout ');
  await expect(page).toHaveURL(/[?&]search=Shoutout(&|$)/);
  await expect(page).toHaveURL(/[?&]sort=newest(&|$)/);
  await expect(page).toHaveURL(/[?&]price_range=1000-5000(&|$)/);
  await page.reload();
  await expect(searchBox(page)).toHaveValue('Shoutout');
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest');
  await expect(page.getByRole('combobox', { name: 'Price range' })).toHaveValue('1000-5000');
  await expect(card(page, 'Shoutout on Stream')).toBeVisible();
  await expect(card(page, `${prefix} Alpha`)).toHaveCount(0);
  expect(requests.at(-1)?.searchParams.get('search')).toBe('Shoutout');
  await searchBox(page).fill('');
  await expect(page).not.toHaveURL(/[?&]search=/);
  await expect(card(page, `${prefix} Alpha`)).toBeVisible();

  await priceRange(page, 'All Prices');
  await expect(card(page, 'Mystery Crate')).toBeVisible();
  expect(requests.at(-1)?.searchParams.has('price_range')).toBe(false);

  await searchBox(page).fill('zzqx no such reward');
  await expect(page.getByRole('heading', { name: 'No items found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  // An address edited by hand to a longer search than the box types is cut to the box's 100 characters.
  await page.goto(`/store?search=Shoutout${'%20'.repeat(120)}tail`);
  await expect(card(page, 'Shoutout on Stream')).toBeVisible();
  await expect(page).toHaveURL(/[?&]search=Shoutout(&|$)/);
  expect(requests.at(-1)?.searchParams.get('search')).toBe('Shoutout');
  await expect(page.getByText('Failed to load store data')).toHaveCount(0);
});

test('card buttons show why an item cannot be redeemed, and stock running low', async ({ page, signIn, browser }) => {
  test.slow();
  await signIn(uniqueName('Window'));
  await openStore(page);
  await expect(available(page)).toHaveText('0');
  await expect(cardButton(page, 'Shoutout on Stream')).toHaveText('Insufficient Points');
  await expect(cardButton(page, 'Shoutout on Stream')).toBeDisabled();
  await expect(cards(page).getByRole('button', { name: 'Redeem' })).toHaveCount(0);
  await expect(card(page, '$50 Casino Tip')).toHaveCount(0);

  const admin = await staff(browser);
  const prefix = uniqueName('Stock');
  for (const quantity of [4, 5, 6]) await admin.item(`${prefix} x${quantity}`, { cost: 100, quantity });
  await admin.grant(page, 2000);
  await admin.close();
  await page.reload();
  await expect(available(page)).toHaveText('2,000');
  await expect(cardButton(page, 'Mystery Crate')).toHaveText('Out of Stock');
  await expect(cardButton(page, 'Mystery Crate')).toBeDisabled();
  await expect(card(page, 'Mystery Crate')).toContainText('None left');
  await expect(cardButton(page, 'Shoutout on Stream')).toHaveText('Redeem');
  await expect(cardButton(page, 'Shoutout on Stream')).toBeEnabled();
  await expect(cardButton(page, 'Bonus Buy on Stream')).toHaveText('Insufficient Points');
  await expect(card(page, `${prefix} x4`).getByTestId('low-stock')).toHaveText('Only 4 left!');
  await expect(card(page, `${prefix} x5`).getByTestId('low-stock')).toHaveText('Only 5 left!');
  await expect(card(page, `${prefix} x6`)).toContainText('6 in stock');
  await expect(card(page, `${prefix} x6`).getByTestId('low-stock')).toHaveCount(0);
  // The warning sits on the picture: prices stay level across each row of cards.
  expect(await partsLevelAcrossRows(cards(page), '[data-testid="item-price"]')).toBeGreaterThan(1);

  const vip = await signedInElsewhere(browser, uniqueName('Velvet'), 'vip');
  await openStore(vip);
  await expect(card(vip, '$50 Casino Tip')).toBeVisible();
  await expect(card(vip, '$50 Casino Tip')).toContainText('VIP only');
  await vip.context().close();
});

test('redeeming asks for confirmation, then spends the points and lists the redemption as Pending', async ({ page, signIn, browser }) => {
  test.slow();
  const name = uniqueName('Flow Reward');
  await signIn(uniqueName('Spender'));
  const admin = await staff(browser);
  await admin.item(name, { cost: 1200, quantity: 10 });
  await admin.grant(page, 3000);
  await admin.close();
  await openStore(page);
  await expect(available(page)).toHaveText('3,000');
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await expect(accountMenu).toContainText('3,000 pts');
  await expect(page.getByText("You haven't redeemed anything yet.")).toBeVisible();

  const item = card(page, name);
  await expect(item).toContainText('10 in stock');
  await item.getByRole('button', { name: 'Redeem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(dialog).toContainText(`Redeem “${name}”?`);
  await expect(dialog).toContainText('Cost1,200 pts');
  await expect(dialog).toContainText('Your balance3,000 pts');
  await expect(dialog).toContainText('Balance after1,800 pts');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(available(page)).toHaveText('3,000');
  await expect(page.getByText("You haven't redeemed anything yet.")).toBeVisible();

  // The redeem call is held: both buttons say Redeeming... and nothing can be clicked twice.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/api/r/store/*/redeem', async (route) => {
    calls++;
    await held;
    await route.continue();
  });
  await item.getByRole('button', { name: 'Redeem' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('button', { name: /Redeeming\.\.\./ })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(cardButton(page, name)).toHaveText('Redeeming...');
  await expect(cardButton(page, name)).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();

  await expect(successToast(page, 'Item redeemed successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(available(page)).toHaveText('1,800');
  await expect(accountMenu).toContainText('1,800 pts');
  await expect(item).toContainText('9 in stock');
  await expect(myRedemption(page, name)).toContainText('Pending');
  await expect(myRedemption(page, name)).toContainText('1,200 pts');
  expect(calls).toBe(1);
  await page.reload();
  await expect(available(page)).toHaveText('1,800');
  await expect(myRedemption(page, name)).toHaveCount(1);
});

test('the daily bonus claimed from the top bar moves the store\'s balance too', async ({ page, signIn, browser }) => {
  await signIn(uniqueName('BonusShopper'));
  const admin = await staff(browser);
  await admin.grant(page, 1000);
  await admin.close();
  const { data: daily } = await (await page.request.get('/api/r/points/daily')).json();
  await openStore(page);
  await expect(available(page)).toHaveText('1,000');

  await page.getByRole('button', { name: /^Daily bonus/ }).click();
  await page.getByRole('dialog', { name: 'Daily bonus' }).getByRole('button', { name: /^Claim/ }).click();
  const after = (1000 + daily.next_reward).toLocaleString('en-US');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(`${after} pts`);
  await expect(available(page)).toHaveText(after);
});

test("'Limit Reached (3)' once Shoutout on Stream was redeemed three times", async ({ page, signIn, browser }) => {
  test.slow();
  await signIn(uniqueName('Shouty'));
  const admin = await staff(browser);
  await admin.grant(page, 6000);
  await admin.close();
  await openStore(page);
  const shoutout = card(page, 'Shoutout on Stream');
  const shoutoutButton = cardButton(page, 'Shoutout on Stream');
  await expect(shoutout).toContainText('0 / 3 redeemed');
  for (let n = 1; n <= 3; n++) {
    await shoutout.getByRole('button', { name: 'Redeem' }).click();
    await page.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(shoutout).toContainText(`${n} / 3 redeemed`);
    await expect(available(page)).toHaveText((6000 - n * 1500).toLocaleString('en-US'));
  }
  await expect(shoutoutButton).toHaveText('Limit Reached (3)');
  await expect(shoutoutButton).toBeDisabled();
  await expect(myRedemption(page, 'Shoutout on Stream')).toHaveCount(3);

  // The server says no as well.
  const { store_items } = (await (await page.request.get('/api/r/store?search=shoutout')).json()).data;
  const { id } = store_items.find((item: { name: string }) => item.name === 'Shoutout on Stream');
  const refused = await page.request.post(`/api/r/store/${id}/redeem`, { headers: await csrf(page) });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe('You have reached the limit of 3 for this item.');
});

test('an item with codes shows its code to the member who redeemed it and to nobody else', async ({ page, signIn, browser }) => {
  test.slow();
  const name = uniqueName('Gift Card');
  const [first, second] = [`${name}-CODE-ONE`, `${name}-CODE-TWO`];
  await signIn(uniqueName('Gifted'));
  const other = await signedInElsewhere(browser, uniqueName('Curious'));
  const admin = await staff(browser);
  await admin.item(name, { cost: 500, quantity: 0, uses_codes: true, new_codes: `${first}\n${second}` });
  await admin.grant(page, 1000);
  await admin.grant(other, 1000);
  await admin.close();

  await openStore(page);
  await expect(card(page, name)).toContainText('2 in stock');
  await card(page, name).getByRole('button', { name: 'Redeem' }).click();
  await page.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(myRedemption(page, name).locator('code')).toHaveText(first);
  await expect(myRedemption(page, name).getByRole('button', { name: 'Copy code' })).toBeVisible();

  await openStore(other);
  await expect(card(other, name)).toContainText('1 in stock');
  await expect(other.getByText(first)).toHaveCount(0);
  const data = await (await other.request.get('/api/r/store')).text();
  expect(data).not.toContain(first);
  await card(other, name).getByRole('button', { name: 'Redeem' }).click();
  await other.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(myRedemption(other, name).locator('code')).toHaveText(second);
  await expect(other.getByText(first)).toHaveCount(0);
  await expect(cardButton(other, name)).toHaveText('Out of Stock');
  await other.context().close();
});

test("a redeem the server never answers in its own words says 'Failed to redeem item' and spends nothing", async ({ page, signIn, browser }) => {
  await signIn(uniqueName('Offline'));
  const admin = await staff(browser);
  await admin.grant(page, 2000);
  const { name } = await admin.item(uniqueName('Flaky'));
  await admin.close();
  await openStore(page);
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  const failedToast = page.locator('[data-toast="error"]').filter({ has: page.getByText('Failed to redeem item', { exact: true }) });
  // A proxy's error page (not our JSON), then no answer at all.
  for (const answer of [(route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }), (route: Route) => route.abort('connectionreset')]) {
    await page.route('**/api/r/store/*/redeem', answer);
    await cardButton(page, name).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(failedToast).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.unrouteAll();
    await failedToast.getByRole('button', { name: /dismiss|close/i }).click();
    await expect(failedToast).toHaveCount(0);
  }
  await expect(page.getByText(/HTTP error|Network error/)).toHaveCount(0);
  await expect(available(page)).toHaveText('2,000');
});

test("when the store cannot load, 'Error Loading Store' offers Try Again", async ({ page, signIn }) => {
  await signIn(uniqueName('Unlucky'));
  await page.route((url) => url.pathname === '/api/r/store', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Boom' } }));
  await page.goto('/store');
  await expect(page.getByRole('heading', { name: 'Error Loading Store' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[data-toast="error"]').filter({ hasText: 'Failed to load store data' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Error Loading Store' })).toHaveCount(0);
  await expect(available(page)).toHaveText('0');
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the store fits the width and the cards stack', async ({ page, signIn }) => {
    await signIn(uniqueName('Pocket'));
    await openStore(page);
    await expect(page.getByText('Available Points')).toBeVisible();
    await expect(searchBox(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const [one, two] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(one && two).toBeTruthy();
    expect(Math.abs(one!.x - two!.x)).toBeLessThan(1);
    expect(two!.y).toBeGreaterThanOrEqual(one!.y + one!.height);
    expect(one!.width).toBeGreaterThan(MOBILE.width * 0.8);
  });
});
