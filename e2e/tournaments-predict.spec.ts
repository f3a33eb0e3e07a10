import type { Page } from '@playwright/test';
import { MOBILE, signedInElsewhere, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';
import { expect, predictByApi, seatNames, test } from './tournament-staff';

/*
 * Predicting a bracket in the browser (spec 2 §2 Predict and Predictions tabs, §4, §8): the tab's states, picking
 * slots round by round, saving, and the figures moving when staff enter results. Every test makes its own
 * tournaments (seat names unique to the run) through the staff API.
 */

const matchCard = (page: Page, number: number) => page.locator(`[data-testid="match-card"][data-match="${number}"]`);
const slotNames = (page: Page, number: number) => matchCard(page, number).getByTestId('slot-name');
const pickButton = (page: Page, number: number, name: string) => page.getByRole('button', { name: `Pick ${name} to win Match ${number}`, exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: /^Save Predictions \(\d+\)$/ });
const toast = (page: Page, type: 'success' | 'error', text: string) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const rows = (page: Page) => page.getByTestId('all-predictions').getByTestId('prediction-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function openTab(page: Page, id: number, tab: 'predict' | 'predictions') {
  await page.goto(`/tournaments/${id}?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab === 'predict' ? 'Predict' : 'Predictions', exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function pick(page: Page, number: number, name: string) {
  await pickButton(page, number, name).click();
  await expect(pickButton(page, number, name)).toHaveAttribute('aria-pressed', 'true');
}

test('the Predict tab: Login Required, Predictions Closed and No Matches Available', async ({ page, signIn, tournamentStaff: staff }) => {
  const open = await staff.running({}, { open: true });
  const closed = await staff.running();
  const seats = seatNames(4);
  const decided = await staff.running({ size: 4, slots: seats.map((name) => ({ name })) });
  await staff.decide(decided.id, { 1: seats[0], 2: seats[2], 3: seats[2] });
  // Staff cannot open predictions once every match has a result, so the page is told here that they are open.
  await page.route(`**/api/r/tournaments/${decided.id}`, async (route) => {
    const body = (await (await route.fetch()).json()) as { data: { tournament: { predictions_active: boolean } } };
    body.data.tournament.predictions_active = true;
    await route.fulfill({ json: body });
  });

  await openTab(page, open.id, 'predict');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('You must be logged in to make predictions.')).toBeVisible();
  await expect(saveButton(page)).toHaveCount(0);

  await signIn(uniqueName('Picker'));
  await openTab(page, closed.id, 'predict');
  await expect(page.getByRole('heading', { name: 'Predictions Closed' })).toBeVisible();
  await expect(page.getByText('Predictions are no longer active for this tournament.')).toBeVisible();
  await openTab(page, decided.id, 'predict');
  await expect(page.getByRole('heading', { name: 'No Matches Available' })).toBeVisible();
  await expect(page.getByText('No matches are currently available for predictions.')).toBeVisible();
  await openTab(page, open.id, 'predict');
  await expect(page.getByRole('heading', { name: 'Make Your Predictions' })).toBeVisible();
  await expect(page.getByText('Click on the slots to predict winners. Your predictions will automatically advance to the next round.')).toBeVisible();
  await expect(saveButton(page)).toHaveText('Save Predictions (0)');
  await expect(saveButton(page)).toBeDisabled();
});

test('picking round by round fills the next round, a changed pick drops what no longer fits, saving keeps the picks', async ({ page, signIn, tournamentStaff: staff }) => {
  test.slow();
  const s = seatNames(8);
  const tournament = await staff.running({ slots: s.map((name) => ({ name })) }, { open: true });
  await signIn(uniqueName('Bracketeer'));
  await openTab(page, tournament.id, 'predict');

  // Only round 1 can be picked; round 2 waits for a pick in every round-1 match.
  await expect(slotNames(page, 5)).toHaveText(['TBD', 'TBD']);
  await expect(matchCard(page, 5).getByRole('button')).toHaveCount(0);
  await pick(page, 1, s[0]);
  await expect(matchCard(page, 1).locator('[data-picked]')).toHaveText(s[0]);
  await expect(saveButton(page)).toHaveText('Save Predictions (1)');
  await expect(saveButton(page)).toBeEnabled();
  await pick(page, 2, s[2]);
  await pick(page, 3, s[4]);
  await expect(slotNames(page, 5)).toHaveText(['TBD', 'TBD']);
  await pick(page, 4, s[7]);
  // Every round-1 match picked: round 2 fills with the picked names, paired in order.
  await expect(slotNames(page, 5)).toHaveText([s[0], s[2]]);
  await expect(slotNames(page, 6)).toHaveText([s[4], s[7]]);
  await expect(slotNames(page, 7)).toHaveText(['TBD', 'TBD']);
  await pick(page, 5, s[2]);
  await pick(page, 6, s[7]);
  await expect(slotNames(page, 7)).toHaveText([s[2], s[7]]);
  await pick(page, 7, s[7]);
  await expect(saveButton(page)).toHaveText('Save Predictions (7)');
  await expect(page.getByTestId('picks-made')).toHaveText('7 of 7 matches picked');

  // A different winner of Match 2: Match 5 changes, its pick and the final's pick no longer fit and go.
  await pick(page, 2, s[3]);
  await expect(slotNames(page, 5)).toHaveText([s[0], s[3]]);
  await expect(matchCard(page, 5).locator('[data-picked]')).toHaveCount(0);
  await expect(slotNames(page, 7)).toHaveText(['TBD', 'TBD']);
  await expect(matchCard(page, 7).locator('[data-picked]')).toHaveCount(0);
  await expect(saveButton(page)).toHaveText('Save Predictions (5)');
  // Clicking a picked slot again takes the pick back.
  await pickButton(page, 6, s[7]).click();
  await expect(pickButton(page, 6, s[7])).toHaveAttribute('aria-pressed', 'false');
  await expect(saveButton(page)).toHaveText('Save Predictions (4)');
  // The keyboard picks too: Enter and Space on a slot.
  await pickButton(page, 6, s[4]).focus();
  await page.keyboard.press('Enter');
  await expect(pickButton(page, 6, s[4])).toHaveAttribute('aria-pressed', 'true');
  await pickButton(page, 5, s[3]).focus();
  await page.keyboard.press('Space');
  await expect(pickButton(page, 5, s[3])).toHaveAttribute('aria-pressed', 'true');
  await pick(page, 7, s[4]);
  await expect(saveButton(page)).toHaveText('Save Predictions (7)');

  // Saving: the button says so and waits; the server's message follows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/r/tournaments/${tournament.id}/predict`, async (route) => {
    await held;
    await route.continue();
  });
  await saveButton(page).click();
  const saving = page.getByRole('button', { name: /Saving\.\.\./ });
  await expect(saving).toBeDisabled();
  await expect(pickButton(page, 1, s[1])).toHaveCount(0);
  release();
  await expect(toast(page, 'success', 'Predictions saved!')).toBeVisible();
  await expect(saveButton(page)).toHaveText('Save Predictions (7)');
  await expect(page.getByTestId('tile-predictions')).toContainText('Predictions1');

  // The Bracket tab puts a trophy on every match with a pick.
  await page.getByRole('tab', { name: 'Bracket' }).click();
  await expect(page.getByTestId('own-pick')).toHaveCount(7);
  await expect(matchCard(page, 2).getByTestId('own-pick')).toContainText(`Your pick: ${s[3]}`);
  // The picks come back after a reload, ready to change.
  await openTab(page, tournament.id, 'predict');
  await expect(saveButton(page)).toHaveText('Save Predictions (7)');
  for (const [number, name] of [[1, s[0]], [2, s[3]], [3, s[4]], [4, s[7]], [5, s[3]], [6, s[4]], [7, s[4]]] as const) {
    await expect(pickButton(page, number, name)).toHaveAttribute('aria-pressed', 'true');
  }
});

test('a refusal shows the server’s sentence: predictions closed while the member was picking', async ({ page, signIn, tournamentStaff: staff }) => {
  const tournament = await staff.running({}, { open: true });
  await signIn(uniqueName('Late'));
  await openTab(page, tournament.id, 'predict');
  await pick(page, 1, tournament.slots[1].name);
  await staff.closePredictions(tournament.id);
  await saveButton(page).click();
  await expect(toast(page, 'error', 'Predictions are no longer active for this tournament')).toBeVisible();
  // The tournament reloads and says why.
  await expect(page.getByRole('heading', { name: 'Predictions Closed' })).toBeVisible();
});

test('results move accuracy and correct/total; the member’s own row stands out; friends’ predictions show', async ({ page, signIn, tournamentStaff: staff, browser }) => {
  test.slow();
  const s = seatNames(4);
  const tournament = await staff.running({ size: 4, slots: s.map((name) => ({ name })) }, { open: true });
  const ownName = uniqueName('Own');
  await signIn(ownName);
  await openTab(page, tournament.id, 'predictions');
  await expect(page.getByRole('heading', { name: 'No Predictions Yet' })).toBeVisible();

  // A friend (request and accept through the API) and a stranger predict too.
  const friendName = uniqueName('Pal');
  const friend = await signedInElsewhere(browser, friendName);
  const friendId = ((await (await friend.request.get('/api/r/session')).json()) as { user: { id: number } }).user.id;
  const requested = await page.request.post('/api/r/friends/request', { headers: await csrf(page), data: { user_id: friendId } });
  expect(requested.status()).toBe(200);
  const { friendship_id } = ((await requested.json()) as { data: { friendship_id: number } }).data;
  expect((await friend.request.post(`/api/r/friends/${friendship_id}/accept`, { headers: await csrf(friend), data: {} })).status()).toBe(200);
  const strangerName = uniqueName('Stranger');
  const stranger = await signedInElsewhere(browser, strangerName);
  await predictByApi(page, tournament, { 1: s[0], 2: s[2], 3: s[0] });
  await predictByApi(friend, tournament, { 1: s[1], 2: s[2], 3: s[2] });
  await predictByApi(stranger, tournament, { 1: s[0], 2: s[3] });
  await friend.context().close();
  await stranger.context().close();

  const expectFigures = async (name: string, accuracy: string, correctTotal: string) => {
    await expect(row(page, name).getByTestId('accuracy')).toHaveText(accuracy);
    await expect(row(page, name).getByTestId('correct-total')).toHaveText(`${correctTotal} correct`);
  };
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('predictions-shown')).toHaveText('3 predictions');
  await expectFigures(ownName, '0%', '0/0');
  await expect(row(page, ownName)).toHaveAttribute('data-own', 'true');
  await expect(row(page, friendName)).not.toHaveAttribute('data-own');
  await expect(page.getByTestId('top-performer')).toHaveCount(3);
  const friends = page.getByTestId('friend-predictions');
  await expect(friends.getByRole('heading')).toHaveText("Friends' Predictions");
  await expect(friends.getByTestId('prediction-row')).toHaveCount(1);
  await expect(friends.getByTestId('prediction-row')).toContainText(friendName);
  await expect(friends.getByTestId('correct-total')).toHaveText('0/0 correct');

  // Staff decide Match 1: the own pick was right, the friend's and the stranger's wrong.
  await staff.closePredictions(tournament.id);
  await staff.decide(tournament.id, { 1: s[0] });
  await page.reload();
  await expectFigures(ownName, '100%', '1/1');
  await expectFigures(friendName, '0%', '0/1');
  await expectFigures(strangerName, '100%', '1/1');
  // Two correct-on-one: more picks made ranks first.
  await expect(page.getByTestId('top-performer').first()).toContainText(ownName);
  await expect(page.getByTestId('top-performer').first()).toHaveAttribute('data-place', '1');
  await expect(friends.getByTestId('accuracy')).toHaveText('0%');

  // Match 2 goes to the stranger's pick; then staff correct it, and everyone is scored again.
  await staff.decide(tournament.id, { 2: s[3] });
  await page.reload();
  await expectFigures(ownName, '50%', '1/2');
  await expectFigures(strangerName, '100%', '2/2');
  await expect(page.getByTestId('top-performer').first()).toContainText(strangerName);
  await staff.setResult(tournament.id, 2, { winner_name: s[2] });
  await staff.decide(tournament.id, { 3: s[2] });
  await page.reload();
  await expectFigures(ownName, '66.7%', '2/3');
  await expectFigures(friendName, '66.7%', '2/3');
  await expectFigures(strangerName, '50%', '1/2');
  await expect(friends.getByTestId('correct-total')).toHaveText('2/3 correct');

  // Visitors see the list, not anybody's friends.
  await page.context().clearCookies();
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('friend-predictions')).toHaveCount(0);
  await expect(page.locator('[data-own]')).toHaveCount(0);
});

test('a crowd: the list says it shows the first ones, and a member below them still sees their own place', async ({ page, signIn, tournamentStaff: staff, browser }) => {
  const tournament = await staff.running({}, { open: true });
  const others = await Promise.all([uniqueName('Crowd'), uniqueName('Crowd')].map((name) => signedInElsewhere(browser, name)));
  for (const other of others) await predictByApi(other, tournament, { 1: tournament.slots[0].name });
  await Promise.all(others.map((other) => other.context().close()));
  const ownName = uniqueName('Far');
  await signIn(ownName);
  await predictByApi(page, tournament, { 1: tournament.slots[1].name });
  // The server serves the first 100 of a crowd; here the page is told there are 250 and the member is not among those sent.
  await page.route(`**/api/r/tournaments/${tournament.id}`, async (route) => {
    const body = (await (await route.fetch()).json()) as { data: { tournament: { predictions_count: number }; top_predictions: { user: { username: string } }[] } };
    body.data.tournament.predictions_count = 250;
    body.data.top_predictions = body.data.top_predictions.filter((summary) => summary.user.username !== ownName);
    await route.fulfill({ json: body });
  });
  await openTab(page, tournament.id, 'predictions');
  await expect(page.getByTestId('predictions-shown')).toHaveText('Showing the top 2 of 250');
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).last()).toContainText(ownName);
  await expect(rows(page).last()).toContainText('#3');
  await expect(rows(page).last()).toHaveAttribute('data-own', 'true');
});

test.describe('mobile', () => {
  test.use({ viewport: MOBILE, hasTouch: true });

  test('on a phone: tap to pick down a tall bracket, the save bar stays in reach', async ({ page, signIn, tournamentStaff: staff }) => {
    const s = seatNames(8);
    const tournament = await staff.running({ slots: s.map((name) => ({ name })) }, { open: true });
    await signIn(uniqueName('Thumb'));
    await openTab(page, tournament.id, 'predict');
    for (const [number, name] of [[1, s[1]], [2, s[3]], [3, s[5]], [4, s[7]]] as const) {
      await pickButton(page, number, name).tap();
      await expect(pickButton(page, number, name)).toHaveAttribute('aria-pressed', 'true');
      await expect(saveButton(page)).toBeInViewport();
    }
    await expect(saveButton(page)).toHaveText('Save Predictions (4)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await saveButton(page).tap();
    await expect(toast(page, 'success', 'Predictions saved!')).toBeVisible();
  });
});
