import type { Locator, Page } from '@playwright/test';
import { MOBILE, signedInElsewhere, uniqueName } from './fixtures';
import { claimByApi, expect, minutesFromNow, test } from './challenge-staff';

/*
 * The members' /challenges page against the real server (spec 1 §2, §4, §8, §9): the sign-in prompt, the tabs and
 * what each lists, cards with their figures and countdown, 'Challenge Details' with dates and claims, and the
 * failure states. Every test makes its own challenges through the staff API; other tests' and the demo
 * challenges may be listed too, so cards are found by their (unique) slot name.
 */

const card = (page: Page, name: string) => page.getByTestId('challenge-card').filter({ has: page.getByText(name, { exact: true }) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const details = (page: Page) => page.getByRole('dialog', { name: 'Challenge Details' });
const toast = (page: Page, type: 'success' | 'error', text: string | RegExp) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
/** The page formats dates in the visitor's time zone; the test runs on the same machine as the browser. */
const when = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

test('visitors who are not signed in are asked to log in', async ({ page }) => {
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page).toHaveTitle(/^Challenges · /);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/login');
});

test('the tabs, by keyboard, list active, completed and expired challenges with their figures, status and countdown', async ({ page, signIn, challengeStaff: staff, browser }) => {
  test.slow();
  const claimerName = uniqueName('Claimer');
  const claimer = await signedInElsewhere(browser, claimerName);
  const active = await staff.create();
  const soon = await staff.create({ prize_type: 'points', prize_amount: 5000, multiplier: 1250.5, min_bet: 1, end_date: minutesFromNow(90.5) });
  const claimed = await staff.create({ prize_amount: 250 });
  await staff.approve((await claimByApi(claimer, claimed.id, 'Got it!')).id, 'Well played.');
  await claimer.context().close();
  const ended = await staff.create({ start_date: minutesFromNow(-3 * 24 * 60), end_date: minutesFromNow(-1) });
  const switchedOff = await staff.create({ is_active: false });

  await signIn(uniqueName('Challenger'));
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Challenges');
  await expect(page).toHaveTitle(/^Challenges · /);
  await expect(tab(page, 'Active Challenges')).toHaveAttribute('aria-selected', 'true');

  const first = card(page, active.slot_name);
  await expect(first.getByTestId('challenge-status')).toHaveText('Active');
  await expect(first.getByTestId('challenge-multiplier')).toHaveText('500.00x');
  await expect(first.getByTestId('challenge-min-bet')).toHaveText('$0.20');
  await expect(first.getByTestId('challenge-prize')).toHaveText('$100.00');
  await expect(first.getByTestId('challenge-countdown')).toHaveText('Time left: 2d 23h');
  await expect(first.getByTestId('challenge-claims-count')).toHaveText('0 claims');
  await expect(first.getByTestId('own-claim')).toHaveCount(0);
  const second = card(page, soon.slot_name);
  await expect(second.getByTestId('challenge-multiplier')).toHaveText('1250.50x');
  await expect(second.getByTestId('challenge-min-bet')).toHaveText('$1.00');
  await expect(second.getByTestId('challenge-prize')).toHaveText('5,000 points');
  await expect(second.getByTestId('challenge-countdown')).toHaveText(/^Time left: 1h (29|30)m$/);
  for (const other of [claimed, ended, switchedOff]) await expect(card(page, other.slot_name)).toHaveCount(0);

  await tab(page, 'Active Challenges').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Completed')).toBeFocused();
  await expect(tab(page, 'Completed')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/challenges?tab=completed');
  const won = card(page, claimed.slot_name);
  await expect(won.getByTestId('challenge-status')).toHaveText(`Claimed by ${claimerName}`);
  await expect(won.getByTestId('challenge-claimer')).toHaveText(`Claimed by ${claimerName}`);
  await expect(won.getByTestId('challenge-prize')).toHaveText('$250.00');
  await expect(won.getByTestId('challenge-claims-count')).toHaveText('1 claim');
  for (const other of [active, ended, switchedOff]) await expect(card(page, other.slot_name)).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Expired')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/challenges?tab=expired');
  for (const over of [ended, switchedOff]) {
    await expect(card(page, over.slot_name).getByTestId('challenge-status')).toHaveText('Expired');
    await expect(card(page, over.slot_name).getByTestId('challenge-countdown')).toHaveText('Time left: Expired');
  }
  for (const other of [active, claimed]) await expect(card(page, other.slot_name)).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'My Claims')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No Claims Yet' })).toBeVisible();
  await expect(page.getByText("You haven't submitted any challenge claims yet.")).toBeVisible();
  // The tab lives in the address: a reload opens it again.
  await page.reload();
  await expect(tab(page, 'My Claims')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'My Claims').focus();
  await page.keyboard.press('Home');
  await expect(tab(page, 'Active Challenges')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/challenges');

  // A card opens its details from the keyboard too.
  await card(page, active.slot_name).getByRole('button', { name: active.slot_name }).focus();
  await page.keyboard.press('Enter');
  await expect(details(page)).toBeVisible();
});

test("a card shows the slot's whole picture, not a crop of it", async ({ page, signIn, challengeStaff: staff }) => {
  const challenge = await staff.create({ image: await staff.uploadImage() });
  await signIn(uniqueName('Looker'));
  await page.goto('/challenges');
  // The picture (square here) is fitted whole into the wide box; a blurred copy behind it fills the sides.
  const picture = card(page, challenge.slot_name).locator('img:not([aria-hidden])');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
  await expect(card(page, challenge.slot_name).locator('img[aria-hidden]')).toHaveCount(1);
});

test('a card counts down every second', async ({ page, signIn, challengeStaff: staff }) => {
  const soon = await staff.create({ end_date: minutesFromNow(90.5) });
  await signIn(uniqueName('Ticker'));
  await page.clock.install();
  await page.goto('/challenges');
  const countdown = card(page, soon.slot_name).getByTestId('challenge-countdown');
  await expect(countdown).toHaveText(/^Time left: 1h \d+m$/);
  // The page's clock stands still from here on and moves only when told, so no minute turns over on its own.
  await page.clock.pauseAt(Date.now() + 2000);
  // Read rather than assumed: a busy machine may take a while between creating the challenge and showing it.
  const minutes = Number(/1h (\d+)m/.exec((await countdown.textContent()) ?? '')![1]);
  expect(minutes).toBeGreaterThanOrEqual(25);
  await page.clock.fastForward('01:00');
  await expect(countdown).toHaveText(`Time left: 1h ${minutes - 1}m`);
  await page.clock.fastForward(`${minutes - 1}:00`);
  await expect(countdown).toHaveText('Time left: 1h 0m');
  await page.clock.fastForward('59:00');
  await expect(countdown).toHaveText(/^Time left: [1-9]m$/);
});

test('Challenge Details show the figures, the dates and every claim, and Submit Claim only where it can be used', async ({ page, signIn, challengeStaff: staff, browser }) => {
  test.slow();
  const [firstName, secondName] = [uniqueName('FirstClaim'), uniqueName('SecondClaim')];
  const first = await signedInElsewhere(browser, firstName);
  const second = await signedInElsewhere(browser, secondName);
  const challenge = await staff.create({ multiplier: 777.77, prize_type: 'points', prize_amount: 12_345 });
  const rejected = await claimByApi(first, challenge.id, 'Screenshot was cropped, sorry.');
  await staff.reject(rejected.id, 'The bet is not visible.');
  await claimByApi(second, challenge.id, 'Hit 800x on stream <b>tonight</b>!\nClip at 1:02:03.');
  const claimed = await staff.create();
  await staff.approve((await claimByApi(first, claimed.id)).id);
  await Promise.all([first.context().close(), second.context().close()]);

  await signIn(uniqueName('Viewer'));
  await page.goto('/challenges');
  await card(page, challenge.slot_name).getByRole('button', { name: challenge.slot_name }).click();
  const dialog = details(page);
  await expect(dialog.getByRole('heading', { name: challenge.slot_name })).toBeVisible();
  await expect(dialog.getByTestId('challenge-status')).toHaveText('Active');
  await expect(dialog.getByTestId('challenge-multiplier')).toHaveText('777.77x');
  await expect(dialog.getByTestId('challenge-prize')).toHaveText('12,345 points');
  await expect(dialog.getByTestId('challenge-starts')).toHaveText(when(challenge.start_date));
  await expect(dialog.getByTestId('challenge-ends')).toHaveText(when(challenge.end_date));
  await expect(dialog.getByTestId('details-countdown')).toHaveText('2d 23h');
  await expect(dialog.getByTestId('details-claims-count')).toHaveText('2 claims');
  const claims = dialog.getByTestId('challenge-claim');
  await expect(claims).toHaveCount(2);
  // Newest first; what members wrote is shown as text, markup and all.
  await expect(claims.nth(0)).toContainText(secondName);
  await expect(claims.nth(0).getByTestId('claim-status')).toHaveText('Pending');
  await expect(claims.nth(0)).toContainText('Hit 800x on stream <b>tonight</b>!');
  await expect(claims.nth(0).locator('b')).toHaveCount(0);
  await expect(claims.nth(0)).toContainText('Just now');
  await expect(claims.nth(1)).toContainText(firstName);
  await expect(claims.nth(1).getByTestId('claim-status')).toHaveText('Rejected');
  // Staff notes stay between staff and the claim's author.
  await expect(dialog).not.toContainText('The bet is not visible.');
  await expect(dialog.getByRole('button', { name: 'Submit Claim' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, challenge.slot_name).getByRole('button', { name: challenge.slot_name })).toBeFocused();

  await page.goto('/challenges?tab=completed');
  await card(page, claimed.slot_name).getByRole('button', { name: claimed.slot_name }).click();
  await expect(dialog.getByTestId('challenge-status')).toHaveText(`Claimed by ${firstName}`);
  await expect(dialog.getByTestId('details-countdown')).toHaveText('Claimed');
  await expect(dialog.getByTestId('details-claims-count')).toHaveText('1 claim');
  await expect(dialog.getByTestId('challenge-claim').getByTestId('claim-status')).toHaveText('Approved');
  await expect(dialog.getByRole('button', { name: 'Submit Claim' })).toHaveCount(0);
});

test('a failed list load offers Try Again, an empty tab says so, and a failed details load says so', async ({ page, signIn, challengeStaff: staff }) => {
  const challenge = await staff.create();
  await signIn(uniqueName('Unlucky'));
  await page.route('**/api/r/challenges', (route) => route.abort());
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { name: 'Failed to load challenges' })).toBeVisible();
  await expect(toast(page, 'error', 'Failed to load challenges')).toBeVisible();
  await page.unroute('**/api/r/challenges');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(card(page, challenge.slot_name)).toBeVisible();

  await page.route('**/api/r/challenges/*', (route) => route.abort());
  await card(page, challenge.slot_name).getByRole('button', { name: challenge.slot_name }).click();
  await expect(toast(page, 'error', 'Failed to load challenge details')).toBeVisible();
  await expect(details(page)).toBeHidden();
  await page.unroute('**/api/r/challenges/*');

  // A shared database always has some challenge; an empty answer stands in for a quiet week.
  await page.route('**/api/r/challenges', (route) => route.fulfill({ json: { success: true, data: [] } }));
  await page.goto('/challenges?tab=completed');
  await expect(page.getByRole('heading', { name: 'No Challenges' })).toBeVisible();
  await expect(page.getByText('No challenges available in this category.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('cards stack in one column, nothing scrolls sideways and the details fit the screen', async ({ page, signIn, challengeStaff: staff }) => {
    const [a, b] = [await staff.create(), await staff.create()];
    await signIn(uniqueName('Phone'));
    await page.goto('/challenges');
    // All four tabs in view: on a phone they share the row (long labels wrap) rather than scroll out of sight.
    for (const name of ['Active Challenges', 'Completed', 'Expired', 'My Claims']) {
      const found = await box(tab(page, name));
      expect(found.x).toBeGreaterThanOrEqual(0);
      expect(found.x + found.width).toBeLessThanOrEqual(MOBILE.width);
    }
    const [boxA, boxB] = [await box(card(page, a.slot_name)), await box(card(page, b.slot_name))];
    expect(boxA.x).toBeCloseTo(boxB.x, 0);
    expect(boxA.width).toBeGreaterThan(MOBILE.width - 60);
    await expectNoSidewaysScroll(page);
    await tab(page, 'My Claims').click();
    await expectNoSidewaysScroll(page);
    await tab(page, 'Active Challenges').click();
    await card(page, a.slot_name).getByRole('button', { name: a.slot_name }).click();
    const dialog = await box(details(page));
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(MOBILE.width);
    await expect(details(page).getByRole('button', { name: 'Submit Claim' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
