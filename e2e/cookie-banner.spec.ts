import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ freshVisitor: true });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

/**
 * A first visit without the splash screen (it is tested on its own), so the banner's own 1 s delay can be
 * measured: the page records when the main content and the banner first appear in the document.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    sessionStorage.setItem('splash-seen', '1');
    const seen: Record<string, number> = {};
    Object.assign(window, { __seen: seen });
    const selectors = { main: '#main', banner: 'section[aria-label="Cookie consent"]' };
    new MutationObserver(() => {
      for (const [key, selector] of Object.entries(selectors)) {
        if (!(key in seen) && document.querySelector(selector)) seen[key] = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
});

const appearances = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);
const storedChoice = (page: Page) => page.evaluate(() => localStorage.getItem('cookie-consent'));

/**
 * Checks the banner was not there at first and showed about 1 s after the content, from the page's own
 * record (a slow test process could otherwise look too late and find it already there).
 */
async function expectBannerAfterOneSecond(page: Page) {
  await expect(banner(page)).toBeVisible({ timeout: 5_000 });
  const seen = await appearances(page);
  const delay = seen.banner - seen.main;
  // The observer records the content at the end of the task that rendered it, which on a loaded machine
  // ends well after the banner's 1 s timer was set in the same task: 800 ms still proves the delay.
  expect(delay).toBeGreaterThanOrEqual(800);
  // Loose on purpose: a loaded two-core CI machine fires timers late.
  expect(delay).toBeLessThan(3_000);
}

/** After a reload the content shows and, well past the 1 s delay, the banner still has not. */
async function expectNoBannerAfterReload(page: Page) {
  await page.reload();
  await expect(page.locator('#main')).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(banner(page)).toHaveCount(0);
  expect((await appearances(page)).banner).toBeUndefined();
}

test('the banner is absent right after load and appears about 1 s later', async ({ page }) => {
  await page.goto('/');
  await expectBannerAfterOneSecond(page);
  await expect(banner(page)).toContainText('We use cookies');
  await expect(banner(page).getByRole('button', { name: 'Accept All' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Reject All' })).toBeVisible();
  expect(await storedChoice(page)).toBeNull();
});

for (const [button, value] of [['Accept All', 'accepted'], ['Reject All', 'rejected']] as const) {
  test(`${button} stores '${value}', hides the banner and it stays away after a reload`, async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: button }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedChoice(page)).toBe(value);
    await expectNoBannerAfterReload(page);
    expect(await storedChoice(page)).toBe(value);
  });
}

test('the close button hides the banner without storing a choice, so it comes back on reload', async ({ page }) => {
  await page.goto('/store');
  await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedChoice(page)).toBeNull();
  await page.reload();
  await expectBannerAfterOneSecond(page);
  expect(await storedChoice(page)).toBeNull();
});
