import type { APIRequestContext, APIResponse, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { DESKTOP, expect, signedInElsewhere, test, uniqueName } from './fixtures';

test.use({ viewport: DESKTOP });

const toast = (page: Page, type: 'success' | 'error' | 'info', text: string) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const friendsButton = (page: Page) => page.getByRole('button', { name: /^Friends/ });
const dropdown = (page: Page) => page.getByTestId('friends-dropdown');
const searchBox = (page: Page) => dropdown(page).getByRole('searchbox', { name: 'Search users' });
const pendingSection = (page: Page) => dropdown(page).getByRole('region', { name: 'Pending requests' });
const friendsSection = (page: Page) => dropdown(page).getByRole('region', { name: 'Friends', exact: true });
const row = (scope: Page | Locator, name: string) => scope.getByTestId('friend-row').filter({ hasText: name });

async function openFriends(page: Page) {
  await friendsButton(page).click();
  await expect(dropdown(page)).toBeVisible();
  return dropdown(page);
}

const csrfIn = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
const csrfOf = async (page: Page) => (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
const idOf = async (request: APIRequestContext, name: string): Promise<number> => (await (await request.get(`/api/r/user/${name}`)).json()).data.id;

/** A member who only talks to the API: signed in through the local sign-in form with its own cookies. */
async function apiMember(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, prefix: string) {
  const name = uniqueName(prefix);
  const ctx = await playwright.request.newContext({ baseURL });
  // A visitor's page carries no token: the sign-in form asks the session endpoint for one, as this does.
  const seed = ((await (await ctx.get('/api/r/session')).json()) as { csrf_token: string }).csrf_token;
  const signedIn = await ctx.post('/auth/local', { form: { username: name, role: 'user', _csrf: seed } });
  expect(signedIn.ok()).toBe(true);
  const token = csrfIn(await signedIn.text());
  const id = await idOf(ctx, name);
  const post = (path: string, data?: unknown): Promise<APIResponse> => ctx.post(path, { headers: { 'X-CSRF-TOKEN': token }, data });
  return { name, id, ctx, post };
}

/**
 * Types into the search box from inside the page, a character every 40 ms, with real input events: the
 * pauses are page timers, so a busy test process cannot stretch one past the 300 ms debounce.
 */
const typeFast = (page: Page, text: string) =>
  searchBox(page).evaluate(async (input: HTMLInputElement, typed) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (let length = 1; length <= typed.length; length++) {
      setValue.call(input, typed.slice(0, length));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }, text);

/** The signed-in page's member asks `userId` to be friends through the API. */
async function requestFriend(page: Page, userId: number) {
  const response = await page.request.post('/api/r/friends/request', { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, data: { user_id: userId } });
  expect(response.status()).toBe(200);
}

test('search, add and accept: both see each other and the sender is notified', async ({ page, signIn, browser }) => {
  const aName = uniqueName('FriendA');
  const bName = uniqueName('FriendB');
  const b = await signedInElsewhere(browser, bName);
  await signIn(aName);

  await expect(friendsButton(page)).toHaveAccessibleName('Friends');
  await expect(page.getByTestId('friends-pending-badge')).toHaveCount(0);
  const panel = await openFriends(page);
  await expect(panel).toContainText('Friends (0)');
  await expect(panel.getByText('No friends yet')).toBeVisible();

  const searched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/r/friends/search') searched.push(url.searchParams.get('query') ?? '');
  });
  // Whitespace only: no call at all, the friends list stays.
  await searchBox(page).fill('   ');
  await page.waitForTimeout(900);
  expect(searched).toEqual([]);
  await expect(panel.getByText('No friends yet')).toBeVisible();

  // Fast typing: one call, for the final text, once typing stops.
  await searchBox(page).fill('');
  await typeFast(page, bName);
  const result = row(page, bName);
  await expect(result.getByRole('button', { name: 'Add' })).toBeVisible();
  expect(searched).toEqual([bName]);

  await result.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'success', `Friend request sent to ${bName}.`)).toBeVisible();
  await expect(result.getByText('Sent')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Add' })).toHaveCount(0);

  // The receiver sees the badge and the request.
  await b.reload();
  await expect(b.getByTestId('friends-pending-badge')).toHaveText('1');
  await expect(friendsButton(b)).toHaveAccessibleName('Friends, 1 pending requests');
  await openFriends(b);
  await expect(pendingSection(b)).toContainText('Pending requests (1)');
  const request = row(pendingSection(b), aName);
  await expect(request).toContainText('Just now');
  await expect(request.getByRole('button', { name: 'Decline' })).toBeVisible();
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(pendingSection(b)).toHaveCount(0);
  await expect(row(friendsSection(b), aName)).toBeVisible();
  await expect(friendsSection(b)).toContainText('Friends (1)');
  await expect(b.getByTestId('friends-pending-badge')).toHaveCount(0);

  // The sender has the new friend, and a notification.
  await page.reload();
  await openFriends(page);
  await expect(row(friendsSection(page), bName).getByRole('button', { name: 'Remove friend' })).toBeVisible();
  await expect(friendsSection(page)).toContainText('Friends (1)');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByTestId('notification').filter({ hasText: `${bName} accepted your friend request.` })).toHaveCount(1);
  await b.context().close();
});

test('a declined request goes away; a removed friend leaves the list', async ({ page, signIn, browser }) => {
  const aName = uniqueName('DeclA');
  const bName = uniqueName('DeclB');
  const b = await signedInElsewhere(browser, bName);
  await signIn(aName);
  const bId = await idOf(page.request, bName);
  await requestFriend(page, bId);

  await b.reload();
  await openFriends(b);
  await row(pendingSection(b), aName).getByRole('button', { name: 'Decline' }).click();
  await expect(pendingSection(b)).toHaveCount(0);
  await expect(b.getByTestId('friends-pending-badge')).toHaveCount(0);
  await expect(dropdown(b).getByText('No friends yet')).toBeVisible();

  // Back to no friendship: the sender may ask again.
  await openFriends(page);
  await searchBox(page).fill(bName);
  await expect(row(page, bName).getByRole('button', { name: 'Add' })).toBeVisible();

  // Friends again (through the API), then removed from the dropdown.
  await requestFriend(page, bId);
  const pending = (await (await b.request.get('/api/r/friends/pending')).json()).data;
  const accepted = await b.request.post(`/api/r/friends/${pending[0].id}/accept`, { headers: { 'X-CSRF-TOKEN': await csrfOf(b) } });
  expect(accepted.status()).toBe(200);
  await page.reload();
  await openFriends(page);
  await row(friendsSection(page), bName).getByRole('button', { name: 'Remove friend' }).click();
  await expect(row(friendsSection(page), bName)).toHaveCount(0);
  await expect(friendsSection(page)).toContainText('Friends (0)');
  await expect(dropdown(page).getByText('No friends yet')).toBeVisible();

  await b.reload();
  await openFriends(b);
  await expect(dropdown(b).getByText('No friends yet')).toBeVisible();
  await b.context().close();
});

test('friend buttons are disabled while their action is in flight', async ({ page, signIn, playwright, baseURL }) => {
  const sender = await apiMember(playwright, baseURL!, 'Busy');
  const other = await apiMember(playwright, baseURL!, 'BusyOther');
  const name = uniqueName('BusyMe');
  await signIn(name);
  expect((await sender.post('/api/r/friends/request', { user_id: await idOf(page.request, name) })).status()).toBe(200);

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/r/friends/*/accept', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await openFriends(page);
  const request = row(pendingSection(page), sender.name);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(request.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await expect(request.getByRole('button', { name: 'Accept' })).toHaveAttribute('aria-busy', 'true');
  await expect(request.getByRole('button', { name: 'Decline' })).toBeDisabled();
  release();
  await expect(toast(page, 'success', `You and ${sender.name} are now friends.`)).toBeVisible();
  await expect(row(friendsSection(page), sender.name)).toBeVisible();

  // Add: 'Sending...' and disabled until the server answers.
  let releaseAdd: () => void = () => undefined;
  const heldAdd = new Promise<void>((resolve) => (releaseAdd = resolve));
  await page.route('**/api/r/friends/request', async (route) => {
    await heldAdd;
    await route.continue();
  });
  await searchBox(page).fill(other.name);
  const result = row(page, other.name);
  await result.getByRole('button', { name: 'Add' }).click();
  await expect(result.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  releaseAdd();
  await expect(result.getByText('Sent')).toBeVisible();
  await Promise.all([sender.ctx.dispose(), other.ctx.dispose()]);
});

test("the badge caps at 9+, and the list shows 8 friends with '+N more friends'", async ({ page, signIn, playwright, baseURL }) => {
  const name = uniqueName('Popular');
  await signIn(name);
  const myId = await idOf(page.request, name);
  const senders = await Promise.all(Array.from({ length: 10 }, () => apiMember(playwright, baseURL!, 'Fan')));
  for (const sender of senders) expect((await sender.post('/api/r/friends/request', { user_id: myId })).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('friends-pending-badge')).toHaveText('9+');
  await expect(friendsButton(page)).toHaveAccessibleName('Friends, 10 pending requests');
  await openFriends(page);
  await expect(pendingSection(page)).toContainText('Pending requests (10)');
  await expect(pendingSection(page).getByTestId('friend-row')).toHaveCount(10);

  const pending: { id: number }[] = (await (await page.request.get('/api/r/friends/pending')).json()).data;
  const headers = { 'X-CSRF-TOKEN': await csrfOf(page) };
  for (const request of pending.slice(0, 9)) {
    expect((await page.request.post(`/api/r/friends/${request.id}/accept`, { headers })).status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId('friends-pending-badge')).toHaveText('1');
  await openFriends(page);
  await expect(friendsSection(page)).toContainText('Friends (9)');
  await expect(friendsSection(page).getByTestId('friend-row')).toHaveCount(8);
  await expect(friendsSection(page).getByText('+1 more friends')).toBeVisible();
  await Promise.all(senders.map((sender) => sender.ctx.dispose()));
});

test("decline and remove in the dropdown say how it went, however fast each list reloads", async ({ page, signIn, playwright, baseURL }) => {
  const friend = await apiMember(playwright, baseURL!, 'Toasty');
  const asker = await apiMember(playwright, baseURL!, 'Asker');
  const name = uniqueName('Answerer');
  await signIn(name);
  const myId = await idOf(page.request, name);
  expect((await friend.post('/api/r/friends/request', { user_id: myId })).status()).toBe(200);
  const pending: { id: number }[] = (await (await page.request.get('/api/r/friends/pending')).json()).data;
  expect((await page.request.post(`/api/r/friends/${pending[0].id}/accept`, { headers: { 'X-CSRF-TOKEN': await csrfOf(page) } })).status()).toBe(200);
  expect((await asker.post('/api/r/friends/request', { user_id: myId })).status()).toBe(200);

  await page.reload();
  await openFriends(page);
  await expect(row(pendingSection(page), asker.name)).toBeVisible();
  await expect(row(friendsSection(page), friend.name)).toBeVisible();
  // After an action every friends list reloads; the pending count answers a little later than the others.
  await page.route('**/api/r/friends/pending/count', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await row(pendingSection(page), asker.name).getByRole('button', { name: 'Decline' }).click();
  await expect.soft(toast(page, 'success', 'Friend request declined.')).toBeVisible();
  await expect(pendingSection(page)).toHaveCount(0);
  await row(friendsSection(page), friend.name).getByRole('button', { name: 'Remove friend' }).click();
  await expect(toast(page, 'success', 'Friend removed.')).toBeVisible();
  await expect(row(friendsSection(page), friend.name)).toHaveCount(0);
  await Promise.all([friend.ctx.dispose(), asker.ctx.dispose()]);
});
