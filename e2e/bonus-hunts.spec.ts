import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { MOBILE, signedInElsewhere, uniqueName } from './fixtures';
import { expect, slotGame, test } from './hunt-staff';
import { csrf } from './leaderboard-staff';

/*
 * The member page /bonus-hunts against hunts that staff run through the admin API. Every test makes the hunt it
 * looks at (the site has one running hunt; the huntStaff fixture holds the cross-file lock while a test runs).
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots-member';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const slotRow = (page: Page, slot: string) => page.getByTestId('slot-row').filter({ hasText: slot });
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

/** A member of their own browser predicting through the API (the form itself is tested with the signed-in page). */
async function predictAs(browser: Browser, huntId: number, name: string, prediction: { end_balance: number; highest_multiplier: number; highest_multiplier_game: string }) {
  const member = await signedInElsewhere(browser, name);
  const response = await member.request.post(`/api/r/bonus-hunts/${huntId}/predict`, { headers: await csrf(member), data: prediction });
  expect(response.status(), await response.text()).toBe(200);
  await member.context().close();
}

/** The id of a member signed in elsewhere, for assigning them to a slot. */
async function memberId(browser: Browser, name: string) {
  const member = await signedInElsewhere(browser, name);
  const { user } = (await (await member.request.get('/api/r/session')).json()) as { user: { id: number } };
  await member.context().close();
  return user.id;
}

test('a visitor sees the running hunt (tiles, slots, a login prompt) and opens a slot’s past results from the keyboard', async ({ page, huntStaff }) => {
  const olympus = uniqueName('Olympus ');
  const bonanza = uniqueName('Bonanza ');
  // An earlier hunt played this slot once: $250 on a $2 bet.
  const earlier = await huntStaff.startHunt({ start_balance: 500 }, [slotGame(olympus, 2, { slot_provider: 'Pragmatic Play' })]);
  await huntStaff.enterWin(earlier.id, earlier.games[0].id, 250);
  await huntStaff.finish(earlier.id);
  const hunt = await huntStaff.startHunt({ start_balance: 1234.5 }, [slotGame(olympus, 2), slotGame(bonanza, 1.5), slotGame(uniqueName('Dog House '), 4)]);
  await huntStaff.openPredictions(hunt.id);

  // The first answer fails: the page says so and offers a retry.
  await page.route('**/api/r/bonus-hunts/current', (route) => route.abort());
  await page.goto('/bonus-hunts');
  await expect(page.getByRole('heading', { name: 'Failed to load bonus hunts' })).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/r/bonus-hunts/current');
  await page.getByRole('button', { name: 'Try Again' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonus Hunts');
  await expect(page).toHaveTitle('Bonus Hunts · NightSpin');
  await expect(tab(page, 'Current Hunt')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('hunt-heading')).toContainText(hunt.title);
  await expect(page.getByTestId('hunt-heading')).toContainText('Predictions open');
  await expect(page.getByTestId('tile-start-balance')).toContainText('$1,234.50');
  await expect(page.getByTestId('tile-winnings')).toContainText('$0.00');
  await expect(page.getByTestId('tile-average')).toContainText('0.00x');
  // 1,234.50 to win back over $7.50 of bets.
  await expect(page.getByTestId('tile-break-even')).toContainText('164.60x');
  await expect(page.getByTestId('highest-multiplier')).toContainText('No multipliers yet');
  await expect(page.getByTestId('biggest-win')).toContainText('No wins yet');
  await expect(page.getByTestId('hunt-progress')).toContainText('0 / 3 slots completed');
  await expect(page.getByTestId('slot-row')).toHaveCount(3);
  await expect(slotRow(page, olympus)).toContainText('Not opened');
  await expect(slotRow(page, olympus)).toContainText('$2.00');
  await expect(page.getByTestId('prediction-login').getByRole('link', { name: 'Log in to predict' })).toHaveAttribute('href', '/login');

  await page.getByLabel('Search slots').fill(bonanza.toUpperCase());
  await expect(page.getByTestId('slot-count')).toHaveText('1 of 3 slots');
  await expect(page.getByTestId('slot-row')).toHaveCount(1);
  await page.getByLabel('Search slots').fill('no such slot');
  await expect(page.getByText('No slots found matching "no such slot"')).toBeVisible();
  await page.getByLabel('Search slots').fill('');

  const toggle = slotRow(page, olympus).getByRole('button', { name: `Past results of ${olympus}` });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const results = page.getByRole('region', { name: `Past results of ${olympus}` });
  await expect(results.getByText('Total Plays')).toBeVisible();
  await expect(results).toContainText('Total Plays1');
  await expect(results).toContainText('Average Multiplier125.00x');
  await expect(results).toContainText('Biggest Win$250.00');
  await expect(results).toContainText('Biggest Multiplier125.00x');
  await expect(results).toContainText('Total Won$250.00');
  await expect(results.getByRole('list', { name: `Recent games of ${olympus}` }).getByRole('listitem')).toHaveCount(1);
  await shot(page, 'desktop-visitor-current');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(results).toHaveCount(0);
});

test('before the first hunt every tab says there is nothing yet', async ({ page }) => {
  // The shared database has hunts, so the answers of a site without any are given to this page alone.
  await page.route('**/api/r/bonus-hunts/current', (route) => route.fulfill({ json: { success: true, data: null } }));
  await page.route('**/api/r/bonus-hunts/history', (route) => route.fulfill({ json: { success: true, data: [] } }));
  const noStats = { total_hunts: 0, total_slots_played: 0, total_profit_loss: 0, biggest_win: 0, biggest_win_game: null, highest_multiplier_game: null };
  await page.route('**/api/r/bonus-hunts/stats', (route) => route.fulfill({ json: { success: true, data: noStats } }));
  await page.goto('/bonus-hunts');
  await expect(page.getByRole('heading', { name: 'No bonus hunt yet' })).toBeVisible();
  await tab(page, 'Predictions').click();
  await expect(page.getByRole('heading', { name: 'No bonus hunt yet' })).toBeVisible();
  await tab(page, 'History').click();
  await expect(page.getByRole('heading', { name: 'No past hunts yet' })).toBeVisible();
  await expect(page.getByTestId('total-hunts')).toContainText('0');
  await expect(page.getByTestId('biggest-win-ever')).toContainText('No wins yet');
  await expect(page.getByTestId('highest-multiplier-ever')).toContainText('No multipliers yet');
});

test('a member predicts (field errors first), sees the summary, and the Predictions tab lists, sorts and searches', async ({ page, signIn, browser, huntStaff }) => {
  // Four members sign in one after another: on a loaded two-core machine this flow has taken over a minute.
  test.slow();
  const slots = [uniqueName('Sugar Rush '), uniqueName('Wanted '), uniqueName('Big Bass ')];
  const hunt = await huntStaff.startHunt({ start_balance: 1000 }, slots.map((name, index) => slotGame(name, 2 + index)));
  await huntStaff.openPredictions(hunt.id);
  const me = uniqueName('Predictor');
  await signIn(me);
  await page.goto('/bonus-hunts');
  await expect(page.getByTestId('hunt-heading')).toContainText(hunt.title);

  const form = page.getByTestId('prediction-form');
  await form.getByLabel('End Balance ($)').fill('1500.555');
  await form.getByLabel('Highest Multiplier (x)').fill('250');
  await form.getByRole('button', { name: 'Submit Prediction' }).click();
  await expect(form.getByLabel('End Balance ($)')).toHaveAccessibleDescription('The end balance can have at most two decimals.');
  await expect(form.getByText('Choose the game you expect to pay the highest multiplier.')).toBeVisible();
  await expect(page.locator('[data-toast="error"]')).toBeVisible();
  await expect(form.getByLabel('Highest Multiplier (x)')).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'desktop-prediction-errors');

  await form.getByLabel('End Balance ($)').fill('1500.55');
  await form.getByLabel('Highest Multiplier Game').selectOption(slots[1]);
  await form.getByRole('button', { name: 'Submit Prediction' }).click();
  await expect(toast(page, 'Prediction submitted!')).toBeVisible();
  const summary = page.getByTestId('prediction-summary');
  await expect(summary).toContainText('$1,500.55');
  await expect(summary).toContainText('250.00x');
  await expect(summary).toContainText(slots[1]);
  await shot(page, 'desktop-prediction-summary');
  await page.reload();
  await expect(page.getByTestId('prediction-summary')).toContainText('$1,500.55');
  await expect(page.getByTestId('prediction-form')).toHaveCount(0);

  const low = uniqueName('LowBall');
  const high = uniqueName('HighRoller');
  await predictAs(browser, hunt.id, low, { end_balance: 900, highest_multiplier: 80, highest_multiplier_game: slots[0] });
  await predictAs(browser, hunt.id, high, { end_balance: 2000.25, highest_multiplier: 500, highest_multiplier_game: slots[2] });

  // Arrow keys move between the tabs.
  await tab(page, 'Current Hunt').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Predictions')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/bonus-hunts?tab=predictions');
  const list = page.getByTestId('prediction-list');
  await expect(list.getByTestId('prediction-count')).toHaveText('3 of 3 predictions');
  const names = list.getByTestId('prediction-row').getByRole('link');
  await expect(names).toHaveText([high, low, me]);
  await list.getByRole('radio', { name: 'End Balance' }).click();
  await expect(names).toHaveText([high, me, low]);
  await list.getByRole('radio', { name: 'Multiplier' }).click();
  await expect(names).toHaveText([high, me, low]);
  await expect(list.getByTestId('prediction-row').first()).toContainText('500.00x');
  await list.getByLabel('Search predictions').fill(low.toLowerCase());
  await expect(list.getByTestId('prediction-count')).toHaveText('1 of 3 predictions');
  await expect(names).toHaveText([low]);

  // Nothing paid yet: the lowest end balance is closest to $0.00.
  const closestBalance = page.getByTestId('closest-end-balance');
  await expect(closestBalance.getByTestId('actual-value')).toHaveText('$0.00');
  await expect(closestBalance.getByTestId('closest-entry')).toHaveCount(3);
  await expect(closestBalance.getByTestId('closest-entry').first()).toContainText(low);
  await expect(closestBalance.getByTestId('closest-entry').first()).toContainText('off by $900.00');
  await expect(page.getByTestId('closest-game')).toContainText('Known once a slot pays');
});

test('a win entered by staff shows on the open page within seconds; a $0 win is completed but not counted; the finished hunt joins History', async ({ page, browser, huntStaff }) => {
  const gates = uniqueName('Gates ');
  const party = uniqueName('Fruit Party ');
  const hunt = await huntStaff.startHunt({ start_balance: 200 }, [slotGame(gates, 1), slotGame(party, 2), slotGame(uniqueName('Razor Shark '), 0.5)]);
  await huntStaff.openPredictions(hunt.id);
  await predictAs(browser, hunt.id, uniqueName('Closest'), { end_balance: 180, highest_multiplier: 140, highest_multiplier_game: gates });
  await predictAs(browser, hunt.id, uniqueName('Further'), { end_balance: 90, highest_multiplier: 20, highest_multiplier_game: party });
  await page.goto('/bonus-hunts');
  await expect(page.getByTestId('hunt-heading')).toContainText(hunt.title);
  await expect(page.getByTestId('live-status')).toHaveText('Live updates');

  // Timed from the moment staff send the win to the moment the open page shows it.
  const started = Date.now();
  const [, shownAt] = await Promise.all([
    huntStaff.enterWin(hunt.id, hunt.games[0].id, 150.75),
    expect(slotRow(page, gates)).toContainText('$150.75', { timeout: 3000 }).then(() => Date.now()),
  ]);
  const delay = shownAt - started;
  console.log(`live update: the win showed on the hunt page ${delay} ms after staff entered it`);
  // The page's own polling is every 30 s: anything this quick came through the event stream (0.2–0.4 s is usual,
  // over a second on a busy CI machine).
  expect(delay).toBeLessThan(3000);
  await expect(slotRow(page, gates)).toContainText('Completed');
  await expect(slotRow(page, gates).locator('[data-tier="huge"]')).toHaveText('150.75x');
  await expect(page.getByTestId('tile-winnings')).toContainText('$150.75');
  await expect(page.getByTestId('highest-multiplier')).toContainText(gates);
  await expect(page.getByTestId('highest-multiplier')).toContainText('150.75x');
  await expect(page.getByTestId('biggest-win')).toContainText('$150.75');
  await expect(page.getByTestId('hunt-progress')).toContainText('1 / 3 slots completed');
  await expect(page.getByTestId('predictions-closed')).toBeVisible();

  await huntStaff.enterWin(hunt.id, hunt.games[1].id, 0);
  await expect(slotRow(page, party)).toContainText('$0.00');
  await expect(slotRow(page, party)).toContainText('Completed');
  await expect(slotRow(page, party).locator('[data-tier="none"]')).toHaveText('0.00x');
  await expect(page.getByTestId('hunt-progress')).toContainText('1 / 3 slots completed');
  await shot(page, 'desktop-current-opening');

  await expect(page.getByTestId('predictions-closed')).toContainText('2 predictions made.');
  await page.getByTestId('predictions-closed').getByRole('button', { name: 'View Predictions' }).click();
  await expect(tab(page, 'Predictions')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('closest-end-balance').getByTestId('actual-value')).toHaveText('$150.75');
  await expect(page.getByTestId('closest-end-balance').getByTestId('closest-entry').first()).toContainText('Closest');
  await expect(page.getByTestId('closest-game').getByTestId('closest-entry')).toHaveCount(1);
  await expect(page.getByTestId('closest-game').getByTestId('closest-entry')).toContainText('Closest');
  await shot(page, 'desktop-predictions');

  await huntStaff.enterWin(hunt.id, hunt.games[2].id, 12);
  await huntStaff.finish(hunt.id);
  await page.getByRole('tab', { name: 'History' }).click();
  const card = page.getByTestId('past-hunt').filter({ hasText: hunt.title });
  await expect(card).toContainText('Completed');
  await expect(card).toContainText('$200.00');
  await expect(card).toContainText('$162.75');
  await expect(card.getByTestId('profit-loss')).toContainText('−$37.25');
  await expect(card).toContainText('3 slots');
  await expect(page.getByTestId('biggest-win-ever')).not.toContainText('No wins yet');
  await shot(page, 'desktop-history');
  await page.getByRole('tab', { name: 'Current Hunt' }).click();
  await expect(page.getByTestId('hunt-heading')).toContainText('Completed');
});

test.describe('phone', () => {
  test.use({ viewport: MOBILE });

  test('at 390 px every tab fits the screen without sideways scrolling', async ({ page, browser, huntStaff }) => {
    const assigned = uniqueName('Viewer');
    const slots = [uniqueName('Mental '), uniqueName('San Quentin '), uniqueName('Tombstone '), uniqueName('Chaos Crew ')];
    const hunt = await huntStaff.startHunt({ start_balance: 800 }, slots.map((name, index) => slotGame(name, 1 + index, { slot_provider: 'Nolimit City' })));
    await huntStaff.updateGame(hunt.id, hunt.games[0].id, { assigned_user_id: await memberId(browser, assigned) });
    await huntStaff.openPredictions(hunt.id);
    await predictAs(browser, hunt.id, uniqueName('PhoneFan'), { end_balance: 650.5, highest_multiplier: 75, highest_multiplier_game: slots[1] });
    await huntStaff.enterWin(hunt.id, hunt.games[0].id, 612);
    await huntStaff.enterWin(hunt.id, hunt.games[1].id, 44.2);
    await huntStaff.updateGame(hunt.id, hunt.games[2].id, { pending_win: true });

    await page.goto('/bonus-hunts');
    await expect(page.getByTestId('hunt-heading')).toContainText(hunt.title);
    await expect(slotRow(page, slots[0])).toContainText(assigned);
    await expect(slotRow(page, slots[2])).toContainText('Pending');
    await slotRow(page, slots[0]).getByRole('button', { name: `Past results of ${slots[0]}` }).click();
    await expect(page.getByRole('region', { name: `Past results of ${slots[0]}` })).toContainText('$612.00');
    await noHorizontalScroll(page);
    await shot(page, 'mobile-current');
    await tab(page, 'Predictions').click();
    await expect(page.getByTestId('prediction-row')).toHaveCount(1);
    await noHorizontalScroll(page);
    await shot(page, 'mobile-predictions');
    await tab(page, 'History').click();
    await expect(page.getByTestId('past-hunt').first()).toBeVisible();
    await noHorizontalScroll(page);
    await shot(page, 'mobile-history');
  });
});
