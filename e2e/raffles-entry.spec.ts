import type { Browser, Page } from '@playwright/test';
import { MOBILE, signedInElsewhere, uniqueName } from './fixtures';
import { enterByApi, expect, test } from './raffle-staff';

/* Members entering raffles on the raffle page: free, with points, with the password; the toasts that follow. */

const toast = (page: Page, type: 'success' | 'error' | 'info', text: string | RegExp) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const ownStats = (page: Page) => page.getByTestId('own-stats');
const entryRow = (page: Page, name: string) => page.getByTestId('entry-row').filter({ hasText: name });

async function openRaffle(page: Page, id: number) {
  // The page notes when each toast first appears (on every load), so the delay between two is measured by
  // the page's own clock, not by how fast a busy machine lets the test notice them.
  await page.addInitScript(() => {
    if ('toastsSeen' in window) return;
    const seen: Record<string, number> = {};
    Object.assign(window, { toastsSeen: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-toast]')) seen[`${element.getAttribute('data-toast')}:${element.textContent}`] ??= performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`/raffles/${id}`);
  await expect(page.getByTestId('entry-panel')).toBeVisible();
}

const firstSeen = (page: Page, type: string, text: string) =>
  page.evaluate(
    ({ prefix, text }) => {
      const seen = (window as unknown as { toastsSeen: Record<string, number> }).toastsSeen;
      const key = Object.keys(seen).find((candidate) => candidate.startsWith(prefix) && candidate.includes(text));
      return key === undefined ? null : seen[key];
    },
    { prefix: `${type}:`, text },
  );

/** Someone else's entry, so the member's share is not simply 100 %. */
async function otherEntrant(browser: Browser, raffleId: number) {
  const other = await signedInElsewhere(browser, uniqueName('Other'));
  await enterByApi(other, raffleId);
  await other.context().close();
}

/** The success toast, then, about 1.5 s later (spec 2 §7), the win-chance message. */
async function expectToastsAfterEntry(page: Page, success: string, winChance: string) {
  await expect(toast(page, 'success', success)).toBeVisible();
  await expect(toast(page, 'info', winChance)).toBeVisible({ timeout: 10_000 });
  const delay = Math.round((await firstSeen(page, 'info', winChance))! - (await firstSeen(page, 'success', success))!);
  expect(delay, `win chance shown ${delay} ms after the success toast`).toBeGreaterThan(1200);
  expect(delay).toBeLessThan(5000);
}

test('a member enters a free raffle on a phone: a failed call says so, then the entry, the win chance and the statistics', async ({ page, signIn, raffleStaff, browser }) => {
  test.slow();
  await page.setViewportSize(MOBILE);
  const raffle = await raffleStaff.create();
  await otherEntrant(browser, raffle.id);
  const name = uniqueName('FreeFan');
  await signIn(name);
  await openRaffle(page, raffle.id);
  await expect(ownStats(page).getByTestId('win-chance')).toHaveText('0.00%');
  await expect(ownStats(page)).toContainText('Enter the raffle for a chance to win.');

  await page.route('**/api/r/raffles/*/enter', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Enter for Free' }).click();
  await expect(toast(page, 'error', 'An error occurred while entering raffle')).toBeVisible();
  await page.unroute('**/api/r/raffles/*/enter');

  await page.getByRole('button', { name: 'Enter for Free' }).click();
  await expectToastsAfterEntry(page, `You entered “${raffle.title}”`, 'Your win chance is now 50.00% (1 of 2 entries)');
  await expect(page.getByText('Free entry used')).toBeVisible();
  // The note takes the focus of the button it replaced: the keyboard's place is not lost.
  await expect(page.getByText('Free entry used')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Enter for Free' })).toHaveCount(0);
  await expect(ownStats(page).getByTestId('win-chance')).toHaveText('50.00%');
  await expect(ownStats(page).getByTestId('own-entries')).toContainText('1');
  await expect(ownStats(page).getByTestId('own-breakdown')).toContainText('Free: 1');
  await expect(page.getByTestId('own-entry')).toHaveCount(1);
  await expect(entryRow(page, name)).toContainText('1 entry');
  await expect(entryRow(page, name)).toContainText('50.00%');
  await expect(page.getByTestId('raffle-total-entries')).toContainText('2');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A second free entry is refused by the server with its sentence.
  const second = await page.request.post(`/api/r/raffles/${raffle.id}/enter`, {
    headers: { 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' },
    data: { entry_type: 'passwordless' },
  });
  expect(second.status()).toBe(409);
});

test('a member buys entries with points after confirming the cost; the balance goes down and the statistics follow', async ({ page, signIn, raffleStaff, browser }) => {
  test.slow();
  const raffle = await raffleStaff.create({ allow_points_entry: true, points_per_entry: 10, max_entries: 5 });
  await otherEntrant(browser, raffle.id);
  await signIn(uniqueName('Spender'));
  await openRaffle(page, raffle.id);
  const points = page.getByTestId('points-entry');
  // No points yet: the points entry is closed to them (spec 2 §5).
  await expect(points.getByRole('button', { name: 'Insufficient Points' })).toBeDisabled();

  await raffleStaff.grant(page, 100);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('100 pts');
  await points.getByRole('button', { name: 'More entries' }).click();
  await points.getByRole('button', { name: 'More entries' }).click();
  await expect(points.getByTestId('points-cost')).toHaveText('30 pts');
  await points.getByRole('button', { name: 'Buy 3 entries' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Entry' });
  await expect(dialog).toContainText('Cost30 pts');
  await expect(dialog).toContainText('Your balance100 pts');
  await expect(dialog).toContainText('Balance after70 pts');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('100 pts');

  await points.getByRole('button', { name: 'Buy 3 entries' }).click();
  await dialog.getByRole('button', { name: 'Spend 30 points' }).click();
  await expect(dialog).toHaveCount(0);
  await expectToastsAfterEntry(page, `You bought 3 entries in “${raffle.title}”`, 'Your win chance is now 75.00% (3 of 4 entries)');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('70 pts');
  await expect(ownStats(page).getByTestId('win-chance')).toHaveText('75.00%');
  await expect(ownStats(page).getByTestId('own-points-spent')).toContainText('30');
  await expect(ownStats(page).getByTestId('own-breakdown')).toContainText('Points: 3');
  await expect(page.getByTestId('own-entry')).toHaveCount(3);
  await expect(page.getByTestId('entry-cap')).toHaveText('You hold 3 of at most 5 entries.');

  // The cap leaves room for two more: the quantity stops there, and the server's refusal is shown when it is passed.
  const quantity = points.getByRole('spinbutton', { name: 'Entries to buy' });
  await quantity.fill('9');
  await quantity.blur();
  await expect(quantity).toHaveValue('2');
  await page.route('**/api/r/raffles/*/enter', (route) => route.continue({ postData: JSON.stringify({ entry_type: 'points', points_spent: 30 }) }));
  await points.getByRole('button', { name: 'Buy 2 entries' }).click();
  await dialog.getByRole('button', { name: 'Spend 20 points' }).click();
  await expect(toast(page, 'error', /2 more/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('70 pts');
});

test('a member enters with the password: an empty answer cancels, a wrong one is refused, the right one counts', async ({ page, signIn, raffleStaff }) => {
  test.slow();
  const raffle = await raffleStaff.create({ allow_passwordless_entry: false, has_password_entry: true, password: 'NightOwl' });
  await signIn(uniqueName('Insider'));
  await openRaffle(page, raffle.id);
  const dialog = page.getByRole('dialog', { name: 'Password Entry' });
  const field = dialog.getByLabel('Enter raffle password:');

  await page.getByRole('button', { name: 'Enter with Password' }).click();
  await expect(field).toBeFocused();
  await dialog.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Enter with Password' }).click();
  await field.fill('nightowl');
  await field.press('Enter');
  await expect(dialog).toContainText('Wrong password.');
  await expect(ownStats(page).getByTestId('win-chance')).toHaveText('0.00%');

  await field.fill('NightOwl');
  await dialog.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expectToastsAfterEntry(page, `You entered “${raffle.title}”`, 'Your win chance is now 100.00% (1 of 1 entry)');
  await expect(page.getByText('Password entry used')).toBeVisible();
  await expect(page.getByText('Password entry used')).toBeFocused();
  await expect(ownStats(page).getByTestId('own-breakdown')).toContainText('Password: 1');
});

test("the profile's overview shows the 2 latest entries and its Activity tab shows more", async ({ page, signIn, raffleStaff }) => {
  const name = uniqueName('Regular');
  await signIn(name);
  const raffles = [await raffleStaff.create(), await raffleStaff.create(), await raffleStaff.create()];
  for (const raffle of raffles) await enterByApi(page, raffle.id);
  const titles = raffles.map((raffle) => raffle.title).reverse();
  const entries = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: /E2E Raffle/ });

  await page.goto(`/profile/${name}`);
  await expect(entries).toHaveCount(2);
  for (const [index, title] of titles.slice(0, 2).entries()) await expect(entries.nth(index)).toContainText(title);
  await page.getByRole('tab', { name: 'Activity', exact: true }).click();
  await expect(entries).toHaveCount(3);
  for (const [index, title] of titles.entries()) await expect(entries.nth(index)).toContainText(title);
});
