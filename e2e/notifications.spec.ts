import type { Browser, Page } from '@playwright/test';
import { expect, signedInElsewhere, test, uniqueName } from './fixtures';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const unreadBadge = (page: Page) => page.getByTestId('notifications-unread');
const items = (page: Page) => page.getByTestId('notification');

/** An admin, signed in in a browser of their own, grants the member 5 points `times` times through the admin API. */
async function grantPoints(browser: Browser, member: string, times: number) {
  const page = await signedInElsewhere(browser, uniqueName('Granter'), 'admin');
  const headers = { 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' };
  const found = await (await page.request.get(`/admin-new/api/members?search=${encodeURIComponent(member)}`)).json();
  const id = found.data.find((row: { username: string }) => row.username === member).id;
  for (let grant = 0; grant < times; grant++) {
    const response = await page.request.post(`/admin-new/api/members/${id}/points`, { headers, data: { delta: 5, reason: 'Test grant' } });
    expect(response.status()).toBe(200);
  }
  await page.context().close();
}

async function openDropdown(page: Page) {
  await bell(page).click();
  const dropdown = page.getByRole('dialog').filter({ hasText: 'Notifications' });
  await expect(dropdown).toBeVisible();
  return dropdown;
}

test('a new member has the welcome notification unread; opening it marks it read for good', async ({ page, signIn }) => {
  const name = uniqueName('Noti');
  await signIn(name);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(unreadBadge(page)).toHaveText('1');

  const dropdown = await openDropdown(page);
  await expect(dropdown).toContainText('1 unread');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText(new RegExp(`Welcome to .+, ${name}!`));
  await expect(items(page)).toContainText('Just now');
  await expect(items(page).getByLabel('Unread')).toHaveCount(1);

  await items(page).click();
  await expect(page).toHaveURL('/settings');
  await expect(unreadBadge(page)).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(unreadBadge(page)).toHaveCount(0);
  await openDropdown(page);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).getByLabel('Unread')).toHaveCount(0);
});

test('Mark all read clears every unread notification', async ({ page, signIn, browser }) => {
  const name = uniqueName('NotiAll');
  await signIn(name);
  await grantPoints(browser, name, 2);
  await page.reload();
  await expect(unreadBadge(page)).toHaveText('3');

  const dropdown = await openDropdown(page);
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).first()).toContainText('You received 5 points: Test grant');
  await dropdown.getByRole('button', { name: 'Mark all read' }).click();
  await expect(unreadBadge(page)).toHaveCount(0);
  await expect(items(page).getByLabel('Unread')).toHaveCount(0);
  await expect(dropdown.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);

  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(unreadBadge(page)).toHaveCount(0);
});

test("the dropdown shows the first 10 with 'Showing 10 of N'", async ({ page, signIn, browser }) => {
  const name = uniqueName('NotiMany');
  await signIn(name);
  await openDropdown(page);
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByText(/^Showing 10 of/)).toHaveCount(0);
  await page.keyboard.press('Escape');

  await grantPoints(browser, name, 11);
  await page.reload();
  await expect(unreadBadge(page)).toHaveText('12');
  await openDropdown(page);
  await expect(items(page)).toHaveCount(10);
  await expect(page.getByText('Showing 10 of 12')).toBeVisible();
});

test('a member with more notifications than the list holds sees all of them counted', async ({ page, signIn, browser }) => {
  const name = uniqueName('NotiFlood');
  await signIn(name);
  // The welcome and 104 grants: more than the 100 latest the list brings.
  await grantPoints(browser, name, 104);
  await page.reload();
  await expect(unreadBadge(page)).toHaveText('99+');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 105 unread');
  const dropdown = await openDropdown(page);
  await expect(dropdown.getByText('105 unread')).toBeVisible();
  await expect(dropdown.getByText('Showing 10 of 105')).toBeVisible();
  await items(page).first().click();
  await expect(unreadBadge(page)).toHaveText('99+');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 104 unread');
});

test('anonymous visitors have no notifications bell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByTestId('live-badge')).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  const response = await page.request.get('/api/notifications');
  expect(response.status()).toBe(401);
});

test('a press on the bell that its code arrives in the middle of still opens the dropdown', async ({ page, signIn }) => {
  await signIn(uniqueName('Presser'));
  // The dropdown's code is held back until the button is down, then arrives before it comes up: the press began on
  // the light bell and ends on the real one, where the browser no longer sends a click.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/NotificationsDropdown-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const box = (await bell(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const arrived = page.waitForResponse(/\/assets\/NotificationsDropdown-[^/]*\.js$/);
  release();
  await arrived;
  const dropdown = page.getByRole('dialog').filter({ hasText: 'Notifications' });
  await expect(dropdown).toBeVisible();
  await page.mouse.up();
  await expect(dropdown).toBeVisible();
  await expect(items(page)).toHaveCount(1);
});
