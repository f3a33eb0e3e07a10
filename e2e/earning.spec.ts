import type { Browser, Page } from '@playwright/test';
import { HISTORY_PAGE_SIZE } from '../common/contracts/earning';
import { MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';

const csrf = async (page: Page) => ({ 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' });

const bonusButton = (page: Page) => page.getByRole('button', { name: /^Daily bonus/ });
const bonusDot = (page: Page) => page.getByTestId('daily-bonus-available');
const popover = (page: Page) => page.getByRole('dialog', { name: 'Daily bonus' });
const claimButton = (page: Page) => popover(page).getByRole('button', { name: /^Claim/ });
const claimedLine = (page: Page) => popover(page).getByTestId('daily-bonus-claimed');
const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });
const toast = (page: Page, type: 'success' | 'error', text: string) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const history = (page: Page) => page.getByTestId('points-history');
const rows = (page: Page) => history(page).getByTestId('points-history-row');
const pts = (points: number) => `${points.toLocaleString('en-US')} pts`;
const COUNTDOWN = /^Claimed today — come back in (\d+h )?\d+m$/;

interface DailyStatus {
  enabled: boolean;
  claimed_today: boolean;
  streak: number;
  next_reward: number;
  next_claim_at: string;
}
const dailyStatus = async (page: Page): Promise<DailyStatus> => (await (await page.request.get('/api/r/points/daily')).json()).data;
const balance = async (page: Page): Promise<number> => (await (await page.request.get('/api/r/session')).json()).user.points;

/** An admin in a browser of their own grants the member points through the admin API, one ledger line per reason. */
async function grant(browser: Browser, member: Page, reasons: string[]) {
  const admin = await signedInElsewhere(browser, uniqueName('Granter'), 'admin');
  const headers = await csrf(admin);
  const { user } = await (await member.request.get('/api/r/session')).json();
  for (const [index, reason] of reasons.entries()) {
    const response = await admin.request.post(`/admin-new/api/members/${user.id}/points`, { headers, data: { delta: 10 + index, reason } });
    expect(response.status()).toBe(200);
  }
  await admin.context().close();
}

async function openStats(page: Page, username: string) {
  await page.goto(`/profile/${username}?tab=stats`);
  await expect(page.getByRole('tabpanel')).toContainText('Member since');
}

test('a member claims the daily bonus from the top bar; the balance, the popover and the history follow', async ({ page, signIn }) => {
  const name = uniqueName('Daily');
  await signIn(name);
  const before = await balance(page);
  const status = await dailyStatus(page);
  expect(status).toMatchObject({ enabled: true, claimed_today: false, streak: 1 });
  const reward = status.next_reward;

  await expect(bonusButton(page)).toHaveAccessibleName('Daily bonus, ready to claim');
  await expect(bonusDot(page)).toBeVisible();
  await expect(accountMenu(page)).toContainText(pts(before));
  // A waiting bonus is asked about once, not polled.
  let statusCalls = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/r/points/daily') statusCalls += 1;
  });
  await page.waitForTimeout(3_000);
  expect(statusCalls).toBe(0);

  await bonusButton(page).click();
  await expect(popover(page)).toBeVisible();
  await expect(popover(page)).toContainText('Day 1 streak');
  await expect(popover(page)).toContainText(`+${reward} points`);

  // While the claim is in flight the button is busy and cannot be pressed twice.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/api/r/points/daily', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    calls++;
    await held;
    await route.continue();
  });
  await claimButton(page).filter({ hasText: `Claim ${reward} points` }).click();
  await expect(popover(page).getByRole('button', { name: /Claiming\.\.\./ })).toBeDisabled();
  await expect(popover(page).getByRole('status', { name: 'Working' })).toBeVisible();
  release();

  await expect(toast(page, 'success', `Daily bonus claimed: +${reward} points`)).toBeVisible();
  await expect(accountMenu(page)).toContainText(pts(before + reward));
  await expect(claimedLine(page)).toHaveText(COUNTDOWN);
  await expect(popover(page).getByTestId('daily-bonus-tomorrow')).toHaveText(`+${(await dailyStatus(page)).next_reward} points`);
  await expect(claimButton(page)).toHaveCount(0);
  await expect(bonusDot(page)).toHaveCount(0);
  await expect(bonusButton(page)).toHaveAccessibleName('Daily bonus');
  expect(calls).toBe(1);
  await page.unrouteAll();

  // The countdown is the wait until next_claim_at.
  const { next_claim_at } = await dailyStatus(page);
  const minutes = Math.ceil((Date.parse(next_claim_at) - Date.now()) / 60_000);
  const shown = (await claimedLine(page).textContent())!.match(/(?:(\d+)h )?(\d+)m$/)!;
  expect(Math.abs(Number(shown[1] ?? 0) * 60 + Number(shown[2]) - minutes)).toBeLessThanOrEqual(1);

  // After a reload: still claimed, and the server refuses a second claim.
  await page.reload();
  await expect(bonusButton(page)).toHaveAccessibleName('Daily bonus');
  await expect(bonusDot(page)).toHaveCount(0);
  await bonusButton(page).click();
  await expect(claimedLine(page)).toHaveText(COUNTDOWN);
  await expect(claimButton(page)).toHaveCount(0);
  const again = await page.request.post('/api/r/points/daily', { headers: await csrf(page) });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("You already claimed today's bonus. Come back tomorrow!");
  expect(await balance(page)).toBe(before + reward);

  // The Stats tab of the member's own profile lists it at the top.
  await openStats(page, name);
  await expect(history(page).getByRole('heading', { name: 'Points history' })).toBeVisible();
  await expect(rows(page).first().getByTestId('points-history-label')).toHaveText('Daily bonus');
  await expect(rows(page).first().getByTestId('points-history-change')).toHaveText(`+${reward}`);
  await expect(rows(page).first()).toContainText((before + reward).toLocaleString('en-US'));
});

test('a claim that another tab already made shows the server’s refusal and then the claimed state', async ({ page, signIn }) => {
  await signIn(uniqueName('TwoTabs'));
  await bonusButton(page).click();
  await expect(claimButton(page)).toBeVisible();
  expect((await page.request.post('/api/r/points/daily', { headers: await csrf(page) })).status()).toBe(200);

  await claimButton(page).click();
  await expect(toast(page, 'error', "You already claimed today's bonus. Come back tomorrow!")).toBeVisible();
  await expect(claimedLine(page)).toHaveText(COUNTDOWN);
  await expect(claimButton(page)).toHaveCount(0);
});

test('the countdown flips as the minutes pass', async ({ page, signIn }) => {
  await page.clock.install();
  await signIn(uniqueName('Ticker'));
  expect((await page.request.post('/api/r/points/daily', { headers: await csrf(page) })).status()).toBe(200);
  // The browser's clock is the test's: five hours before the next claim, whatever the real time of day.
  const nextClaimAt = Date.parse((await dailyStatus(page)).next_claim_at);
  await page.clock.setSystemTime(nextClaimAt - 5 * 60 * 60_000);

  await page.reload();
  await bonusButton(page).click();
  const minutesShown = async () => {
    const [, hours, minutes] = (await claimedLine(page).textContent())!.match(/(?:(\d+)h )?(\d+)m$/)!;
    return Number(hours ?? 0) * 60 + Number(minutes);
  };
  await expect(claimedLine(page)).toHaveText(COUNTDOWN);
  const first = await minutesShown();
  expect(first).toBe(300);
  await page.clock.fastForward('10:00');
  await expect.poll(minutesShown).toBeLessThanOrEqual(first - 9);
  expect(await minutesShown()).toBeGreaterThanOrEqual(first - 11);
});

test('the history pages through twenty lines at a time, showing notes as plain text; nobody else sees it', async ({ page, signIn, browser }) => {
  test.slow();
  const name = uniqueName('Ledger');
  await signIn(name);
  const count = HISTORY_PAGE_SIZE + 2;
  const reasons = Array.from({ length: count }, (_, index) => `Grant #${index + 1}`);
  reasons[count - 1] = '<b>Bold</b> & <img src=x onerror=alert(1)> prize';
  await grant(browser, page, reasons);

  await openStats(page, name);
  await expect(rows(page)).toHaveCount(HISTORY_PAGE_SIZE);
  const newest = rows(page).first();
  await expect(newest.getByTestId('points-history-label')).toHaveText('Adjusted by staff');
  await expect(newest).toContainText('<b>Bold</b> & <img src=x onerror=alert(1)> prize');
  await expect(newest.getByTestId('points-history-change')).toHaveText(`+${10 + count - 1}`);
  await expect(history(page).locator('img, b')).toHaveCount(0);
  await expect(history(page)).toContainText(`${count} changes`);

  const pager = history(page).getByRole('navigation', { name: 'Points history pages' });
  const previous = pager.getByRole('button', { name: 'Previous' });
  const next = pager.getByRole('button', { name: 'Next' });
  await expect(pager).toContainText('Page 1 of 2');
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  // While page 2 loads, page 1 stays on screen (no skeleton, no jump).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/r/points/history?page=2', async (route) => {
    await held;
    await route.continue();
  });
  await next.click();
  await expect(pager).toContainText('Page 2 of 2');
  await expect(rows(page)).toHaveCount(HISTORY_PAGE_SIZE);
  await expect(history(page).getByLabel('Loading points history')).toHaveCount(0);
  release();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText('Grant #2');
  await expect(rows(page).nth(1)).toContainText('Grant #1');
  await expect(rows(page).nth(1).getByTestId('points-history-change')).toHaveText('+10');
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect(pager).toContainText('Page 1 of 2');
  await expect(rows(page)).toHaveCount(HISTORY_PAGE_SIZE);

  // Someone else's profile has no history, and neither does a visitor's view of this one.
  await openStats(page, 'NightSpin');
  await expect(history(page)).toHaveCount(0);
  await expect(page.getByText('Points history')).toHaveCount(0);
  const other = await signedInElsewhere(browser, uniqueName('Nosy'));
  await openStats(other, name);
  await expect(history(other)).toHaveCount(0);
  await other.context().close();
});

test('a new member sees the empty history; a failed load offers Try Again', async ({ page, signIn }) => {
  const name = uniqueName('Fresh');
  await signIn(name);
  await openStats(page, name);
  await expect(history(page)).toContainText('No points yet — chat during streams or claim your daily bonus to start earning.');
  await expect(history(page).getByRole('navigation')).toHaveCount(0);

  await page.route('**/api/r/points/history*', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Boom' } }));
  await page.reload();
  await expect(history(page).getByRole('alert')).toContainText("Couldn't load your points history.", { timeout: 15_000 });
  await page.unrouteAll();
  await history(page).getByRole('button', { name: /try again/i }).click();
  await expect(history(page)).toContainText('No points yet');
});

test('the daily bonus is hidden when switched off, and its popover recovers from a failed load', async ({ page, signIn }) => {
  await page.route('**/api/r/points/daily', (route) =>
    route.fulfill({ json: { success: true, data: { enabled: false, claimed_today: false, streak: 1, next_reward: 50, next_claim_at: new Date(Date.now() + 3_600_000).toISOString() } } }),
  );
  await signIn(uniqueName('Switched'));
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(bonusButton(page)).toHaveCount(0);

  await page.unrouteAll();
  await page.route('**/api/r/points/daily', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Boom' } }));
  await page.reload();
  await bonusButton(page).click();
  await expect(popover(page).getByRole('alert')).toContainText("Couldn't load your daily bonus.", { timeout: 15_000 });
  await page.unrouteAll();
  await popover(page).getByRole('button', { name: 'Try again' }).click();
  await expect(claimButton(page)).toBeVisible();
  await expect(bonusDot(page)).toBeVisible();
});

test('keyboard: Enter and Space open the popover, Escape closes it and focus returns to the button', async ({ page, signIn }) => {
  await signIn(uniqueName('Keys'));
  const before = await balance(page);
  await bonusButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(popover(page)).toBeVisible();
  await expect(claimButton(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
  await expect(bonusButton(page)).toBeFocused();

  await page.keyboard.press('Space');
  await expect(popover(page)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(claimedLine(page)).toHaveText(COUNTDOWN);
  expect(await balance(page)).toBeGreaterThan(before);
  // Focus stays inside the popover once the Claim button is gone.
  expect(await popover(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
  await expect(bonusButton(page)).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the daily bonus sits in the top bar, its popover fits, and nothing scrolls sideways', async ({ page, signIn }) => {
    const name = uniqueName('Phone');
    await signIn(name);
    const before = await balance(page);
    const reward = (await dailyStatus(page)).next_reward;
    const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(bonusButton(page)).toBeVisible();
    await expect(bonusDot(page)).toBeVisible();
    // The top bar's controls (with anything spilling out of them, such as the wordmark) do not overlap one another.
    const boxes = await page.locator('header').evaluate((header) =>
      [...header.querySelectorAll('a, button')]
        .map((control) => [control, ...control.querySelectorAll('*')].map((element) => element.getBoundingClientRect()).filter((box) => box.width > 1))
        .filter((parts) => parts.length > 0)
        .map((parts) => [Math.min(...parts.map((box) => box.left)), Math.max(...parts.map((box) => box.right))]),
    );
    boxes.sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < boxes.length; index++) expect(boxes[index][0]).toBeGreaterThanOrEqual(boxes[index - 1][1] - 0.5);
    expect(boxes.at(-1)![1]).toBeLessThanOrEqual(MOBILE.width);

    await bonusButton(page).click();
    const box = (await popover(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await claimButton(page).click();
    await expect(toast(page, 'success', `Daily bonus claimed: +${reward} points`)).toBeVisible();
    await expect(claimedLine(page)).toHaveText(COUNTDOWN);
    await noSideways();
    await page.keyboard.press('Escape');
    await expect(bonusDot(page)).toHaveCount(0);

    await openStats(page, name);
    await expect(rows(page).first().getByTestId('points-history-label')).toHaveText('Daily bonus');
    await expect(rows(page).first().getByTestId('points-history-change')).toHaveText(`+${reward}`);
    await expect(rows(page).first()).toContainText(`Balance ${(before + reward).toLocaleString('en-US')}`);
    await noSideways();
  });
});
