import type { Page } from '@playwright/test';
import { MOBILE, signedInElsewhere, uniqueName } from './fixtures';
import { enterByApi, expect, minutesFromNow, test } from './raffle-staff';

/*
 * The members' raffle pages against the real server. Every test makes its own raffles (unique titles) through the
 * staff API; the demo raffles and other tests' raffles may be on the list too, so lists are read by title.
 */

const card = (page: Page, title: string) => page.getByTestId('raffle-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const panel = (page: Page) => page.getByTestId('entry-panel');
const ownStats = (page: Page) => page.getByTestId('own-stats');
const filterChip = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

async function openRaffle(page: Page, id: number) {
  await page.goto(`/raffles/${id}`);
  await expect(page.getByTestId('raffle-header')).toBeVisible();
}

/** The page fits the screen: nothing sticks out sideways (phones). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the list shows each raffle’s status, ways in, entries and prize, filtered by the server', async ({ page, raffleStaff, browser }) => {
  test.slow();
  const free = await raffleStaff.create({ title: uniqueName('Free Skin '), prize_value: 25 });
  const points = await raffleStaff.create({ title: uniqueName('Points Case '), allow_passwordless_entry: false, allow_points_entry: true, points_per_entry: 5 });
  const ended = await raffleStaff.create({ title: uniqueName('Old Knife '), has_password_entry: true, password: 'spin' });
  const upcoming = await raffleStaff.create({ title: uniqueName('Soon Gloves '), starts_at: minutesFromNow(3 * 60), end_datetime: minutesFromNow(2 * 24 * 60) });
  const member = await signedInElsewhere(browser, uniqueName('Lister'));
  await enterByApi(member, free.id);
  await enterByApi(member, ended.id);
  await member.context().close();
  await raffleStaff.closeEntries(ended.id);

  await page.goto('/raffles');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raffles');
  await expect(filterChip(page, 'All Raffles')).toHaveAttribute('aria-checked', 'true');
  await expect(card(page, free.title)).toContainText('Active');
  await expect(card(page, free.title)).toContainText(/2[34]h \d+m left/);
  await expect(card(page, free.title)).toContainText('Free');
  await expect(card(page, free.title)).toContainText('1 entry');
  await expect(card(page, free.title).getByTestId('card-prize')).toHaveText('$25.00');
  await expect(card(page, points.title)).toContainText('5 points');
  await expect(card(page, points.title)).toContainText('0 entries');
  await expect(card(page, ended.title)).toContainText('Ended');
  await expect(card(page, ended.title)).toContainText('Entries closed');
  await expect(card(page, ended.title)).toContainText('Password');
  await expect(card(page, upcoming.title)).toContainText('Upcoming');
  await expect(card(page, upcoming.title)).toContainText(/Opens in 2h 5\dm/);
  // Newest first: the last one created leads.
  const titles = await page.getByTestId('raffle-card').locator('h3').allTextContents();
  const ours = titles.filter((title) => [free.title, points.title, ended.title, upcoming.title].includes(title));
  expect(ours).toEqual([upcoming.title, ended.title, points.title, free.title]);

  await filterChip(page, 'Active').click();
  await expect(page).toHaveURL('/raffles?filter=active');
  await expect(card(page, free.title)).toBeVisible();
  await expect(card(page, points.title)).toBeVisible();
  await expect(card(page, ended.title)).toHaveCount(0);
  await expect(card(page, upcoming.title)).toHaveCount(0);

  await filterChip(page, 'Ended').click();
  await expect(card(page, ended.title)).toBeVisible();
  await expect(card(page, free.title)).toHaveCount(0);

  await filterChip(page, 'Free Entry').click();
  await expect(page).toHaveURL('/raffles?filter=free');
  await expect(card(page, free.title)).toBeVisible();
  await expect(card(page, points.title)).toHaveCount(0);

  // The filter survives a reload; the card leads to the raffle.
  await page.reload();
  await expect(filterChip(page, 'Free Entry')).toHaveAttribute('aria-checked', 'true');
  await card(page, free.title).getByRole('link').click();
  await expect(page).toHaveURL(`/raffles/${free.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(free.title);
  await expect(page).toHaveTitle(new RegExp(`^${free.title} · `));
});

test('a visitor sees the raffle, copies its link and is asked to sign in to enter', async ({ page, raffleStaff }) => {
  const raffle = await raffleStaff.create({ description: 'A <b>bold</b> giveaway.' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openRaffle(page, raffle.id);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('[data-toast="success"]')).toContainText('Link copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/raffles/${raffle.id}$`));
  // Staff text is shown as text, never as markup.
  await expect(page.getByText('A <b>bold</b> giveaway.')).toBeVisible();
  await expect(panel(page)).toContainText('Please sign in to enter raffles');
  await expect(page.getByRole('button', { name: 'Enter for Free' })).toHaveCount(0);
  await expect(ownStats(page)).toHaveCount(0);
  await panel(page).getByRole('link', { name: 'Log in to enter' }).click();
  await expect(page).toHaveURL('/login');
});

test('failed loads say so and Try Again recovers; a filter with nothing says so', async ({ page, raffleStaff }) => {
  const raffle = await raffleStaff.create();
  await page.route('**/api/r/raffles**', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server error' } }));
  await page.goto('/raffles');
  await expect(page.getByRole('heading', { name: 'Failed to load raffles' })).toBeVisible();
  await page.goto(`/raffles/${raffle.id}`);
  // All the page shows, so it is the page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Failed to load raffle details' })).toBeVisible();
  await expect(page.locator('[data-toast="error"]').filter({ hasText: 'Failed to load raffle details' })).toBeVisible();
  await page.unroute('**/api/r/raffles**');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(raffle.title);

  // The filter's own empty state (answered here with an empty list: the shared database has raffles of every kind).
  await page.route('**/api/r/raffles?filter=free', (route) => route.fulfill({ json: { success: true, data: [] } }));
  await page.goto('/raffles?filter=free');
  await expect(page.getByRole('heading', { name: 'No free raffles' })).toBeVisible();
  await page.unroute('**/api/r/raffles?filter=free');
  // Arrow keys move between the filters, Enter chooses.
  await filterChip(page, 'Ended').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(filterChip(page, 'Active')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/raffles?filter=active');
  await expect(card(page, raffle.title)).toBeVisible();
});

test('unknown raffles say Raffle Not Found and lead back to the list', async ({ page }) => {
  for (const path of ['/raffles/987654321', '/raffles/not-a-number']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Raffle Not Found' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to Raffles' }).click();
  await expect(page).toHaveURL('/raffles');
});

test('an ended raffle says Raffle Ended and takes no entries', async ({ page, signIn, raffleStaff }) => {
  const raffle = await raffleStaff.create();
  await raffleStaff.closeEntries(raffle.id);
  await signIn(uniqueName('Late'));
  await openRaffle(page, raffle.id);
  await expect(page.getByTestId('raffle-status')).toHaveText('Ended');
  await expect(panel(page).getByRole('heading')).toHaveText('Raffle Ended');
  await expect(page.getByRole('button', { name: 'Enter for Free' })).toHaveCount(0);
  await expect(ownStats(page)).toContainText('You did not enter this raffle.');
  await expect(ownStats(page)).not.toContainText('Enter the raffle');
  // The entry list is frozen: its hash is public, the seed is not yet.
  const verify = page.getByTestId('verify-draw');
  await expect(verify.getByTestId('draw-value').nth(1)).toContainText(/[0-9a-f]{64}/);
  await expect(verify).toContainText('Revealed when the winners are announced.');
  await expect(verify.getByRole('button', { name: 'Verify' })).toHaveCount(0);
});

/** The verification panel run in the browser: the verdict and the picks it recomputed. */
async function verify(page: Page) {
  const panel = page.getByTestId('verify-draw');
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByTestId('verdict-title')).toHaveText('Draw verified');
  for (const check of ['Seed matches commitment', 'Entry list matches hash', 'Winners recomputed match']) {
    await expect(panel.getByTestId('draw-check').filter({ hasText: check })).toHaveAttribute('data-passed', 'true');
  }
  return panel.getByTestId('recomputed-pick');
}

for (const [label, viewport] of [
  ['desktop', undefined],
  ['phone', MOBILE],
] as const) {
  test(`after the draw and the announcement the winners show and the browser verifies the draw (${label})`, async ({ page, browser, raffleStaff }) => {
    test.slow();
    if (viewport) await page.setViewportSize(viewport);
    const raffle = await raffleStaff.create({ winners_count: 2 });
    const members = await Promise.all([0, 1, 2, 3].map(() => signedInElsewhere(browser, uniqueName('Entrant'))));
    for (const member of members) await enterByApi(member, raffle.id);
    await Promise.all(members.map((member) => member.context().close()));

    const verifyPanel = page.getByTestId('verify-draw');
    await openRaffle(page, raffle.id);
    await expect(verifyPanel.getByTestId('draw-value').first()).toContainText(raffle.seed_hash);
    await expect(verifyPanel).toContainText('published when the raffle opened');
    await expect(verifyPanel).toContainText('Published when entries close.');

    const announced = await raffleStaff.drawAndAnnounce(raffle.id);
    await page.reload();
    await expect(page.getByTestId('raffle-status')).toHaveText('Winner Announced');
    await expect(panel(page).getByRole('heading')).toHaveText('Raffle Ended');
    const winners = page.getByTestId('raffle-winner');
    await expect(winners).toHaveCount(2);
    const winnerNames = announced.picks.map((pick) => pick.user.username);
    for (const name of winnerNames) await expect(winners.filter({ hasText: name })).toContainText('Free entry');
    await expect(verifyPanel.getByTestId('draw-value').nth(1)).toContainText(announced.entries_hash!);
    await panel(page).getByRole('link', { name: 'Check the draw yourself' }).click();
    await expect(page).toHaveURL(new RegExp(`/raffles/${raffle.id}#verify-draw$`));
    await expect(verifyPanel.getByRole('button', { name: 'Verify' })).toBeInViewport();

    let picks = await verify(page);
    await expect(picks).toHaveCount(2);
    if (viewport) await expectNoSidewaysScroll(page);

    // A redraw is public: the replaced pick stays, struck through with its reason, and the draw still verifies.
    const redrawn = await raffleStaff.redraw(raffle.id, 1, 'Did not claim in time');
    await page.reload();
    await expect(winners).toHaveCount(2);
    await expect(winners.filter({ hasText: winnerNames[0] })).toHaveCount(0);
    picks = await verify(page);
    await expect(picks).toHaveCount(3);
    await expect(picks.nth(0)).toContainText('Replaced: Did not claim in time');
    await expect(picks.nth(0).locator('.line-through')).toContainText(winnerNames[0]);
    await expect(picks.nth(2)).toContainText('Redraw');
    await expect(picks.nth(2)).toContainText(redrawn.picks[2].user.username);
    if (viewport) await expectNoSidewaysScroll(page);
  });
}

test('the winner is notified and the notification leads to the raffle that lists them', async ({ page, signIn, raffleStaff }) => {
  const raffle = await raffleStaff.create();
  const name = uniqueName('Lucky');
  await signIn(name);
  await openRaffle(page, raffle.id);
  await page.getByRole('button', { name: 'Enter for Free' }).click();
  await expect(page.getByText('Free entry used')).toBeVisible();
  await raffleStaff.drawAndAnnounce(raffle.id);

  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await page.getByTestId('notification').filter({ hasText: `You won the raffle “${raffle.title}”!` }).click();
  await expect(page).toHaveURL(`/raffles/${raffle.id}`);
  await expect(page.getByTestId('raffle-winner')).toHaveText(new RegExp(name));
  await expect(page.getByTestId('own-stats').getByTestId('win-chance')).toHaveText('100.00%');
});
