import type { Browser, Locator, Page } from '@playwright/test';
import { DESKTOP, expect, signedInElsewhere, test, uniqueName } from './fixtures';

test.use({ viewport: DESKTOP });

const toast = (page: Page, type: 'success' | 'error' | 'info', text: string) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });

interface ToastLife {
  text: string;
  added: number;
  removed?: number;
}

/** The page records when each toast enters and leaves the document, so lifetimes are measured in page time. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const lives: ToastLife[] = [];
    Object.assign(window, { __toasts: lives });
    const isToast = (node: Node): node is HTMLElement => node instanceof HTMLElement && node.dataset.toast !== undefined;
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => isToast(node) && lives.push({ text: node.textContent ?? '', added: performance.now() }));
        record.removedNodes.forEach((node) => {
          const life = isToast(node) && lives.find((entry) => entry.text === node.textContent && entry.removed === undefined);
          if (life) life.removed = performance.now();
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
});

/** Waits until the toast has left and returns how long it was on the page. */
async function lifetime(page: Page, item: Locator, text: string) {
  await item.waitFor({ state: 'detached', timeout: 10_000 });
  const lives = await page.evaluate(() => (window as unknown as { __toasts: ToastLife[] }).__toasts);
  const life = lives.find((entry) => entry.text.includes(text))!;
  return life.removed! - life.added;
}

/** A member who signed in once, in another browser, and so has 0 points. */
async function createMember(browser: Browser) {
  const name = uniqueName('Broke');
  await (await signedInElsewhere(browser, name)).context().close();
  return name;
}

test('signing in shows a success toast at the top right that leaves after about 5 s', async ({ page, signIn }) => {
  const name = uniqueName('Toasty');
  await signIn(name);
  const success = toast(page, 'success', `Signed in as ${name} (user).`);
  await expect(success).toHaveRole('status');
  await expect(success).toContainText('Success!');

  await success.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = (await success.boundingBox())!;
  expect(DESKTOP.width - (box.x + box.width)).toBeGreaterThanOrEqual(0);
  expect(DESKTOP.width - (box.x + box.width)).toBeLessThan(40);
  expect(box.x).toBeGreaterThan(DESKTOP.width / 2);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(120);

  const lived = await lifetime(page, success, `Signed in as ${name}`);
  expect(lived).toBeGreaterThanOrEqual(5_000);
  expect(lived).toBeLessThan(6_500);
});

test('signing out shows an info toast, and Dismiss notification removes it at once', async ({ page, signIn }) => {
  await signIn(uniqueName('Leaver'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const info = toast(page, 'info', 'You have been signed out.');
  await expect(info).toBeVisible();
  await expect(info).toHaveRole('status');
  await expect(info).toContainText('Info');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await info.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(info).toHaveCount(0, { timeout: 1_000 });
});

test('an admin removing more points than a member has gets an error toast that stays about 7 s', async ({ page, signIn, browser }) => {
  const member = await createMember(browser);
  await signIn(uniqueName('Boss'), 'admin');
  await page.goto('/admin-new/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(member);
  await page.getByRole('button', { name: `Open ${member}` }).click();
  const detail = page.getByRole('dialog', { name: member });
  await detail.getByLabel('Points change').fill('-500');
  await detail.getByLabel('Reason').fill('Taking too much');
  await detail.getByRole('button', { name: 'Review change' }).click();
  await detail.getByRole('button', { name: 'Confirm' }).click();

  const refusal = `${member} has only 0 points; a balance cannot go below 0.`;
  const error = toast(page, 'error', refusal);
  await expect(error).toHaveRole('alert');
  await expect(error).toContainText('Error!');
  await expect(detail.getByText(refusal)).toBeVisible();
  await expect(detail.getByText('Points', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('0');

  const lived = await lifetime(page, error, refusal);
  expect(lived).toBeGreaterThanOrEqual(7_000);
  expect(lived).toBeLessThan(8_000);
});
