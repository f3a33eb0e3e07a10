import type { Locator, Page } from '@playwright/test';
import { formatDate } from '../common/format';
import { DESKTOP, MOBILE, partsLevelAcrossRows, signedInElsewhere, uniqueName } from './fixtures';
import { expect, predictByApi, seatNames, test } from './tournament-staff';

/*
 * The members' tournament pages against the real server: the list and its filters, the detail's header, tiles and
 * tabs, and the bracket's layout measured in the browser (spec 2 §2, §9). Every test makes its own tournaments
 * through the staff API; the demo tournaments and other tests' ones may be listed too, so lists are read by name.
 */

const card = (page: Page, name: string) => page.getByTestId('tournament-card').filter({ has: page.getByRole('link', { name, exact: true }) });
const filterChip = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const matchCard = (page: Page, number: number) => page.locator(`[data-testid="match-card"][data-match="${number}"]`);
const bracket = (page: Page) => page.getByRole('region', { name: 'Tournament bracket' });
const toast = (page: Page, type: 'success' | 'error', text: string | RegExp) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });

async function memberId(member: Page) {
  const { user } = (await (await member.request.get('/api/r/session')).json()) as { user: { id: number } };
  return user.id;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}
const centreY = (found: { y: number; height: number }) => found.y + found.height / 2;

/** The page itself fits the screen: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Whether the bracket has been scrolled sideways far enough to show the whole of Match `number` (or none of it). */
async function expectScrolledTo(page: Page, number: number, shown: boolean) {
  await expect(async () => {
    const region = await box(bracket(page));
    const card = await box(matchCard(page, number));
    if (shown) expect(card.x + card.width).toBeLessThanOrEqual(region.x + region.width);
    else expect(card.x).toBeGreaterThanOrEqual(region.x + region.width);
  }).toPass({ timeout: 5_000 });
}

/**
 * Spec 2 §9 measured: every card 280 x 200, columns 400 apart (card 280 + gap 120), round-1 cards 60 apart, and every
 * later card centred between the two cards that feed it (matches numbered 1…size-1, round 1 first).
 */
async function expectBracketLayout(page: Page, size: number) {
  const boxes = new Map<number, Awaited<ReturnType<typeof box>>>();
  for (let number = 1; number < size; number++) boxes.set(number, await box(matchCard(page, number)));
  for (const found of boxes.values()) {
    expect(found.width).toBeCloseTo(280, 0);
    expect(found.height).toBeCloseTo(200, 0);
  }
  for (let number = 2; number <= size / 2; number++) {
    expect(boxes.get(number)!.y - (boxes.get(number - 1)!.y + 200)).toBeCloseTo(60, 0);
    expect(boxes.get(number)!.x).toBeCloseTo(boxes.get(1)!.x, 0);
  }
  // Round by round: each match fed by the two before it in the round above.
  let first = 1;
  for (let matches = size / 2; matches > 1; matches /= 2) {
    const next = first + matches;
    for (let index = 0; index < matches / 2; index++) {
      const fed = boxes.get(next + index)!;
      const [top, bottom] = [boxes.get(first + 2 * index)!, boxes.get(first + 2 * index + 1)!];
      expect(fed.x - top.x).toBeCloseTo(400, 0);
      expect(centreY(fed)).toBeCloseTo((centreY(top) + centreY(bottom)) / 2, 0);
    }
    first = next;
  }
}

test('the list shows size, status, progress, predictions and the winner, filtered by the server', async ({ page, tournamentStaff: staff, browser }) => {
  test.slow();
  const championName = uniqueName('Champ');
  const member = await signedInElsewhere(browser, championName);
  const champion = await memberId(member);
  const open = await staff.running({ name: uniqueName('Open Cup ') }, { open: true });
  const running = await staff.running({ name: uniqueName('Running Cup '), size: 4 });
  const finishedSeats = seatNames(4);
  const finished = await staff.running({ name: uniqueName('Done Cup '), size: 4, slots: finishedSeats.map((name, index) => ({ name, user_id: index === 0 ? champion : null })) });
  const draft = await staff.create({ name: uniqueName('Draft Cup ') });
  await predictByApi(member, open, { 1: open.slots[0].name });
  await member.context().close();
  await staff.decide(running.id, { 1: running.slots[0].name });
  await staff.decide(finished.id, { 1: finishedSeats[0], 2: finishedSeats[2], 3: finishedSeats[0] });
  await staff.finish(finished.id);

  await page.goto('/tournaments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tournaments');
  await expect(page).toHaveTitle(/^Tournaments · /);
  await expect(filterChip(page, 'All Tournaments')).toHaveAttribute('aria-checked', 'true');
  const openCard = card(page, open.name);
  await expect(openCard.getByTestId('card-size')).toHaveText('8 slots');
  await expect(openCard.getByTestId('status-badge')).toHaveText('Active');
  await expect(openCard.getByTestId('predictions-badge')).toHaveText('Predictions Open');
  await expect(openCard.getByTestId('card-progress')).toContainText('0%');
  await expect(openCard.getByTestId('card-predictions')).toHaveText('1 prediction');
  await expect(openCard.getByTestId('card-winner')).toHaveCount(0);
  const runningCard = card(page, running.name);
  await expect(runningCard.getByTestId('card-size')).toHaveText('4 slots');
  await expect(runningCard.getByTestId('predictions-badge')).toHaveCount(0);
  await expect(runningCard.getByTestId('card-progress')).toContainText('33%');
  await expect(runningCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expect(runningCard.getByTestId('card-predictions')).toHaveText('0 predictions');
  const finishedCard = card(page, finished.name);
  await expect(finishedCard.getByTestId('status-badge')).toHaveText('Completed');
  await expect(finishedCard.getByTestId('card-progress')).toContainText('100%');
  await expect(finishedCard.getByTestId('card-winner')).toContainText(finishedSeats[0]);
  await expect(finishedCard.getByTestId('card-winner')).toContainText(championName);
  // A draft is the staff's until its bracket is generated.
  await expect(card(page, draft.name)).toHaveCount(0);
  // The winner's line does not push a finished card's progress out of line with its neighbours'.
  expect(await partsLevelAcrossRows(page.getByTestId('tournament-card'), '[data-testid="card-progress"]')).toBeGreaterThan(1);

  const expectShown = async (shown: string[], hidden: string[]) => {
    for (const name of shown) await expect(card(page, name)).toBeVisible();
    for (const name of hidden) await expect(card(page, name)).toHaveCount(0);
  };
  await filterChip(page, 'Active').click();
  await expect(page).toHaveURL('/tournaments?filter=active');
  await expectShown([open.name, running.name], [finished.name]);
  await filterChip(page, 'Predictions Open').click();
  await expect(page).toHaveURL('/tournaments?filter=predictions');
  await expectShown([open.name], [running.name, finished.name]);
  await filterChip(page, 'Completed').click();
  await expect(page).toHaveURL('/tournaments?filter=completed');
  await expectShown([finished.name], [open.name, running.name]);

  // The filter survives a reload; the card leads to the tournament.
  await page.reload();
  await expect(filterChip(page, 'Completed')).toHaveAttribute('aria-checked', 'true');
  await card(page, finished.name).getByRole('link').click();
  await expect(page).toHaveURL(`/tournaments/${finished.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(finished.name);
  await expect(page.getByTestId('tournament-winner')).toContainText(finishedSeats[0]);
});

test('the detail: header, four tiles, tabs by keyboard and the way back', async ({ page, tournamentStaff: staff }) => {
  const tournament = await staff.running({ description: 'Eight <b>slots</b>, one champion.' }, { open: true });
  await page.goto(`/tournaments/${tournament.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tournament.name);
  await expect(page).toHaveTitle(new RegExp(`^${tournament.name} · `));
  await expect(page.getByTestId('tournament-subtitle')).toHaveText('8 slot tournament with 7 matches');
  // Staff text is shown as text, never as markup.
  await expect(page.getByText('Eight <b>slots</b>, one champion.')).toBeVisible();
  await expect(page.getByTestId('tile-matches')).toContainText('Matches7');
  await expect(page.getByTestId('tile-predictions')).toContainText('Predictions0');
  await expect(page.getByTestId('tile-status')).toContainText('StatusActive');
  await expect(page.getByTestId('tile-created')).toContainText(`Created${formatDate(tournament.created_at)}`);

  const tabs = page.getByRole('tablist', { name: 'Tournament sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Bracket', 'Predict', 'Predictions']);
  await expect(tabs.getByRole('tab', { name: 'Bracket' })).toHaveAttribute('aria-selected', 'true');
  await expect(bracket(page)).toBeVisible();
  await tabs.getByRole('tab', { name: 'Bracket' }).focus();
  await page.keyboard.press('ArrowRight');
  const predict = tabs.getByRole('tab', { name: 'Predict', exact: true });
  await expect(predict).toBeFocused();
  await expect(predict).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(`/tournaments/${tournament.id}?tab=predict`);
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { name: 'No Predictions Yet' })).toBeVisible();
  await expect(page.getByText('Be the first to make predictions for this tournament!')).toBeVisible();
  // The tab is in the address: a reload stays there.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Predictions' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: 'Back to Tournaments' }).click();
  await expect(page).toHaveURL('/tournaments');
  await expect(card(page, tournament.name)).toBeVisible();
});

test('unknown tournaments and drafts say Tournament Not Found and lead back to the list', async ({ page, tournamentStaff: staff }) => {
  const draft = await staff.create();
  for (const path of ['/tournaments/987654321', '/tournaments/not-a-number', `/tournaments/${draft.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Tournament Not Found' })).toBeVisible();
    await expect(page.getByText('The tournament you\'re looking for doesn\'t exist.')).toBeVisible();
    await expect(page).toHaveTitle(/^Tournament Not Found · /);
  }
  await page.getByRole('link', { name: 'Back to Tournaments' }).click();
  await expect(page).toHaveURL('/tournaments');
});

test('failed loads: the list offers Try Again, a tournament goes back to the list; a filter with nothing says so', async ({ page, tournamentStaff: staff }) => {
  const tournament = await staff.running();
  await page.route('**/api/r/tournaments**', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server error' } }));
  // A tournament that cannot be loaded sends the member back to the list, which cannot be loaded either just now.
  await page.goto(`/tournaments/${tournament.id}`);
  await expect(toast(page, 'error', /Failed to load tournament$/)).toBeVisible();
  await expect(page).toHaveURL('/tournaments');
  await expect(toast(page, 'error', 'Failed to load tournaments')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load tournaments.' })).toBeVisible();
  await page.unroute('**/api/r/tournaments**');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(card(page, tournament.name)).toBeVisible();

  // The filter's own empty state (answered here with an empty list: the shared database has tournaments of every kind).
  await page.route('**/api/r/tournaments?filter=completed', (route) => route.fulfill({ json: { success: true, data: [] } }));
  await page.goto('/tournaments?filter=completed');
  await expect(page.getByRole('heading', { name: 'No completed tournaments' })).toBeVisible();
  await page.unroute('**/api/r/tournaments?filter=completed');
  // Arrow keys move between the filters, Enter chooses.
  await filterChip(page, 'Completed').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(filterChip(page, 'Predictions Open')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/tournaments?filter=predictions');
});

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('a 16-slot bracket: rounds, cards placed by spec 2 §9, members, TBD, VS, results, and sideways scrolling', async ({ page, tournamentStaff: staff, browser }) => {
    const member = await signedInElsewhere(browser, uniqueName('Seat'));
    const seated = await memberId(member);
    await member.context().close();
    const seats = seatNames(16);
    const tournament = await staff.running({ size: 16, slots: seats.map((name, index) => ({ name, user_id: index === 0 ? seated : null })) });
    await staff.setResult(tournament.id, 1, { winner_name: seats[0], slot1_multiplier: 125.5, slot2_multiplier: 3 });

    await page.goto(`/tournaments/${tournament.id}`);
    const rounds = page.getByTestId('bracket-round');
    await expect(rounds.locator('h3')).toHaveText(['Round 1', 'Round 2', 'Round 3', 'Final']);
    await expect(rounds.locator('p')).toHaveText(['8 matches', '4 matches', '2 matches', '1 match']);
    await expect(page.getByTestId('match-card')).toHaveCount(15);
    await expectBracketLayout(page, 16);
    // Titles sit over their columns.
    expect((await box(rounds.nth(1))).x).toBeCloseTo((await box(matchCard(page, 9))).x, 0);

    const first = matchCard(page, 1);
    await expect(first).toContainText('Match 1');
    await expect(first.getByTestId('slot-name')).toHaveText([seats[0], seats[1]]);
    await expect(first).toContainText(/Seat\d+/);
    await expect(first.getByTestId('versus')).toHaveText('VS');
    await expect(first.locator('[data-winner]')).toContainText(seats[0]);
    await expect(first.getByTestId('slot-multiplier')).toHaveText(['125.50x', '3.00x']);
    // The winner moved on; what is not decided yet is TBD.
    await expect(matchCard(page, 9).getByTestId('slot-name')).toHaveText([seats[0], 'TBD']);
    await expect(matchCard(page, 9)).toContainText(/Seat\d+/);
    await expect(matchCard(page, 15).getByTestId('slot-name')).toHaveText(['TBD', 'TBD']);
    await expect(page.getByTestId('own-pick')).toHaveCount(0);

    // Four columns are wider than the page: the bracket scrolls sideways (also by keyboard), the page does not.
    await expectNoSidewaysScroll(page);
    await expect(page.getByTestId('scroll-hint')).toBeVisible();
    await expectScrolledTo(page, 15, false);
    await bracket(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => bracket(page).evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await bracket(page).evaluate((element) => element.scrollBy({ left: element.scrollWidth }));
    await expectScrolledTo(page, 15, true);
  });

  test('an 8-slot bracket fits the desktop page without scrolling', async ({ page, tournamentStaff: staff }) => {
    const tournament = await staff.running();
    await page.goto(`/tournaments/${tournament.id}`);
    await expect(page.getByTestId('bracket-round').locator('h3')).toHaveText(['Round 1', 'Round 2', 'Final']);
    await expectBracketLayout(page, 8);
    expect(await bracket(page).evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: MOBILE });

  test('on a phone: tiles two by two, the same bracket layout scrolling sideways inside the page', async ({ page, tournamentStaff: staff }) => {
    const tournament = await staff.running({}, { open: true });
    await page.goto(`/tournaments/${tournament.id}`);
    await expect(page.getByTestId('bracket-round').locator('h3')).toHaveText(['Round 1', 'Round 2', 'Final']);
    const [matches, predictions, status, created] = await Promise.all(['matches', 'predictions', 'status', 'created'].map((name) => box(page.getByTestId(`tile-${name}`))));
    expect(predictions.y).toBeCloseTo(matches.y, 0);
    expect(predictions.x).toBeGreaterThan(matches.x + matches.width - 1);
    expect(status.y).toBeGreaterThan(matches.y + matches.height - 1);
    expect(status.x).toBeCloseTo(matches.x, 0);
    expect(created.y).toBeCloseTo(status.y, 0);

    await expectBracketLayout(page, 8);
    await expectNoSidewaysScroll(page);
    await expect(page.getByTestId('scroll-hint')).toBeVisible();
    expect(await bracket(page).evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(700);
    await expectScrolledTo(page, 7, false);
    await bracket(page).evaluate((element) => element.scrollBy({ left: element.scrollWidth }));
    await expectScrolledTo(page, 7, true);

    await page.goto('/tournaments');
    await expect(card(page, tournament.name)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
