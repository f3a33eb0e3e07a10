import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { adminShot, pickSuggestion, toast } from './admin-hunt-ui';
import { MOBILE, signedInElsewhere, signInAs, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';
import { expect, predictByApi, seatNames, test } from './tournament-staff';

/* The staff tournament pages: the form with its seat editor, the list, and running a bracket to its finish. */

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const status = (page: Page) => page.getByTestId('admin-tournament-status');
const match = (page: Page, number: number) => page.getByRole('article', { name: `Match ${number}` });
const wins = (page: Page, number: number, slot: string) => match(page, number).getByRole('button', { name: `${slot} wins Match ${number}` });
const predictor = (page: Page) => page.getByTestId('admin-predictor');
const balance = async (page: Page): Promise<number> => (await (await page.request.get('/api/r/session')).json()).user.points;
const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

/** A catalogue slot with a picture of one colour, added through the staff API. */
async function catalogueSlot(page: Page, name: string, colour: string) {
  const headers = await csrf(page);
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: colour } }).png().toBuffer();
  const upload = await page.request.post('/admin-new/api/slots/images', { headers, multipart: { image: { name: 'slot.png', mimeType: 'image/png', buffer } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const created = await page.request.post('/admin-new/api/slots', { headers, data: { name, provider: 'Pragmatic Play', image: ((await upload.json()) as { path: string }).path } });
  expect(created.status(), await created.text()).toBe(200);
}

/** Sets a match's winner by clicking its slot and waits until the card shows it decided. */
async function decide(page: Page, number: number, slot: string) {
  await wins(page, number, slot).click();
  await expect(wins(page, number, slot)).toHaveAttribute('aria-pressed', 'true');
}

test('an admin builds an 8-slot bracket from the catalogue, runs predictions and every result through the pages, and pays the best predictor', async ({ page, browser, tournamentStaff }) => {
  test.slow();
  const name = uniqueName('Slot Showdown ');
  const seats = seatNames(8, uniqueName('Seat '));
  const [gates, bonanza] = [uniqueName('Gates of Olympus '), uniqueName('Sweet Bonanza ')];
  seats[0] = gates;
  seats[1] = bonanza;
  const memberName = uniqueName('Predictor');
  const member = await signedInElsewhere(browser, memberName);

  await signInAs(page, uniqueName('TourneyHost'), 'admin');
  await catalogueSlot(page, gates, '#7c3aed');
  await catalogueSlot(page, bonanza, '#d946ef');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tournaments' }).click();
  await expect(page).toHaveURL('/admin-new/tournaments');
  await expect(page.getByRole('heading', { name: 'Tournaments', level: 1 })).toBeVisible();

  // The form: two slots from the catalogue (their pictures show), a member on slot 1, the rest typed; a duplicate name first.
  await page.getByRole('button', { name: 'New tournament' }).click();
  const form = page.getByRole('dialog', { name: 'New tournament' });
  await form.getByLabel('Name').fill(name);
  await expect(form.getByTestId('seat')).toHaveCount(8);
  await adminShot(page, 'tournament-form-new-desktop');
  await pickSuggestion(form.getByRole('combobox', { name: 'Slot 1', exact: true }), gates.slice(0, -2), gates);
  await pickSuggestion(form.getByRole('combobox', { name: 'Slot 2', exact: true }), bonanza, bonanza);
  await expect(form.getByTestId('seat').first().locator(':scope > img[src^="/storage/"]')).toBeVisible();
  await pickSuggestion(form.getByRole('combobox', { name: 'Member of slot 1' }), memberName, memberName);
  for (const index of [2, 3, 4, 5, 6, 7]) await form.getByRole('combobox', { name: `Slot ${index + 1}`, exact: true }).fill(index === 3 ? seats[2] : seats[index]);
  await form.getByRole('button', { name: 'Add place' }).click();
  await form.getByLabel('1st place (points)').fill('500');
  await form.getByRole('button', { name: 'Create tournament' }).click();
  await expect(form.getByRole('combobox', { name: 'Slot 4', exact: true })).toHaveAccessibleDescription(`“${seats[2]}” is already in this bracket; every slot needs its own name.`);
  await expect(toast(page, 'Check the fields marked in red.')).toBeVisible();
  await adminShot(page, 'tournament-form-errors-desktop');
  await form.getByRole('combobox', { name: 'Slot 4', exact: true }).fill(seats[3]);
  await form.getByRole('button', { name: 'Create tournament' }).click();
  await expect(toast(page, 'Tournament created. Generate the bracket when you are ready.')).toBeVisible();

  // The draft's page: the seats paired as round 1 will play them; then the bracket, by confirmation.
  await expect(page).toHaveURL(/\/admin-new\/tournaments\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(status(page)).toHaveText('Draft');
  await expect(page.getByTestId('admin-seat')).toHaveCount(8);
  await expect(page.getByTestId('admin-seat').first()).toContainText(gates);
  await expect(page.getByTestId('admin-seat').first()).toContainText(memberName);
  await expect(page.getByTestId('admin-tournament-seats')).toContainText('8 of 8 named');
  await expect(page.getByRole('link', { name: 'Public page' })).toHaveCount(0);
  await adminShot(page, 'tournament-draft-desktop');
  await page.getByRole('button', { name: 'Generate bracket' }).click();
  await page.getByRole('dialog', { name: `Generate the bracket of “${name}”?` }).getByRole('button', { name: 'Generate bracket' }).click();
  await expect(toast(page, 'Bracket generated. Members can see the tournament now.')).toBeVisible();
  await expect(status(page)).toHaveText('Running');
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('heading', { level: 3 })).toHaveText(['Round 1 4 matches', 'Round 2 2 matches', 'Final 1 match']);
  await expect(match(page, 1)).toContainText(memberName);
  await expect(match(page, 5).getByRole('button', { name: 'TBD' })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Public page' })).toHaveAttribute('href', `/tournaments/${id}`);

  // Predictions open: results wait until they close (the server says so), and a member predicts the whole bracket.
  await page.getByRole('button', { name: 'Open predictions' }).click();
  await expect(toast(page, 'Predictions are open.')).toBeVisible();
  await expect(page.getByTestId('admin-tournament-predictions')).toHaveText('Predictions open');
  await wins(page, 1, gates).click();
  await expect(toast(page, 'Close predictions before entering results.')).toBeVisible();
  await expect(wins(page, 1, gates)).toHaveAttribute('aria-pressed', 'false');
  await predictByApi(member, await tournamentStaff.get(id), { 1: gates, 2: seats[2], 3: seats[4], 4: seats[6], 5: gates, 6: seats[4], 7: gates });
  await page.reload();
  await expect(predictor(page)).toHaveCount(1);
  await expect(predictor(page)).toContainText(memberName);
  await expect(predictor(page)).toContainText('0/0');

  // Once someone predicted, the seats are fixed and the tournament cannot be deleted; its name still can change.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit).toContainText('Members have predicted or matches have results, so the slots and size stay as they are.');
  await expect(edit.getByRole('combobox', { name: 'Slot 1', exact: true })).toBeDisabled();
  await edit.getByLabel('Description').fill('Eight slots, one champion.');
  await edit.getByRole('button', { name: 'Save tournament' }).click();
  await expect(toast(page, 'Tournament saved.')).toBeVisible();
  await expect(page.getByText('Eight slots, one champion.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete tournament' }).click();
  const deleting = page.getByRole('dialog', { name: `Delete “${name}”?` });
  await expect(deleting.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await deleting.getByRole('button', { name: 'Cancel' }).click();

  // Results: each winner moves on at once, a changed result asks first, and the member's accuracy follows.
  await page.getByRole('button', { name: 'Close predictions' }).click();
  await expect(toast(page, 'Predictions are closed.')).toBeVisible();
  await decide(page, 1, gates);
  await expect(toast(page, 'Result saved. Predictions are re-scored.').first()).toBeVisible();
  await expect(wins(page, 5, gates)).toBeVisible();
  await decide(page, 2, seats[3]);
  await expect(wins(page, 5, seats[3])).toBeVisible();
  await wins(page, 2, seats[2]).click();
  const change = page.getByRole('dialog', { name: 'Change the result of Match 2?' });
  await expect(change).toContainText(`“${seats[2]}” wins instead of “${seats[3]}” and takes its place in Match 5.`);
  await change.getByRole('button', { name: 'Change result' }).click();
  await expect(wins(page, 5, seats[2])).toBeVisible();
  await expect(wins(page, 2, seats[2])).toHaveAttribute('aria-pressed', 'true');
  await decide(page, 3, seats[4]);
  // By keyboard too.
  await wins(page, 4, seats[6]).focus();
  await page.keyboard.press('Enter');
  await expect(wins(page, 4, seats[6])).toHaveAttribute('aria-pressed', 'true');
  await expect(predictor(page)).toContainText('100%');
  await expect(predictor(page)).toContainText('4/4');

  await match(page, 5).getByLabel(`Multiplier of ${gates}`).fill('125.5');
  await match(page, 5).getByLabel(`Multiplier of ${seats[2]}`).fill('3');
  await decide(page, 5, gates);
  await expect(match(page, 5).getByLabel(`Multiplier of ${gates}`)).toHaveValue('125.5');
  await expect(match(page, 1)).toContainText('Match 5 has a result: change that first.');
  await expect(wins(page, 1, bonanza)).toBeDisabled();
  await decide(page, 6, seats[6]);
  await decide(page, 7, gates);
  await expect(predictor(page)).toContainText('85.7%');
  await expect(predictor(page)).toContainText('6/7');
  await adminShot(page, 'tournament-decided-desktop');

  // Finish: the dialog lists who is paid what; the member gets the points and a notification leading to the tournament.
  const before = await balance(member);
  await page.getByRole('button', { name: 'Finish tournament' }).click();
  const finishing = page.getByRole('dialog', { name: `Finish “${name}”?` });
  const toPay = finishing.getByRole('list', { name: 'Rewards to pay' }).getByRole('listitem');
  await expect(toPay).toHaveCount(1);
  for (const text of ['1st', memberName, '500 points']) await expect(toPay).toContainText(text);
  await finishing.getByRole('button', { name: 'Finish tournament' }).click();
  await expect(toast(page, 'Tournament finished. 1 reward paid.')).toBeVisible();
  await expect(status(page)).toHaveText('Completed');
  await expect(page.getByTestId('admin-tournament-winner')).toContainText(gates);
  await expect(page.getByTestId('admin-tournament-winner')).toContainText(memberName);
  const paid = page.getByRole('region', { name: 'Rewards paid' }).getByTestId('admin-reward');
  for (const text of ['1st', memberName, '500 points']) await expect(paid).toContainText(text);
  await expect(wins(page, 7, seats[6])).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Finish tournament' })).toHaveCount(0);
  await adminShot(page, 'tournament-finished-desktop');

  expect(await balance(member)).toBe(before + 500);
  await member.goto('/');
  await bell(member).click();
  const notification = member.getByTestId('notification').filter({ hasText: `Your bracket predictions for “${name}” placed #1: 500 points are yours.` });
  await expect(notification).toBeVisible();
  await notification.click();
  await expect(member).toHaveURL(`/tournaments/${id}`);
  await member.context().close();
});

test('the list filters by status and name; a draft nobody predicted is deleted from its page', async ({ page, tournamentStaff }) => {
  const prefix = uniqueName('Listed ');
  const draft = await tournamentStaff.create({ name: `${prefix} Draft`, size: 4 });
  const running = await tournamentStaff.running({ name: `${prefix} Running`, size: 16 }, { open: true });
  await signInAs(page, uniqueName('TourneyLists'), 'moderator');
  await page.goto('/admin-new/tournaments');
  const rows = page.getByTestId('admin-tournament-row');
  await page.getByRole('searchbox', { name: 'Search tournaments' }).fill(prefix);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${prefix} Running`);
  await expect(rows.first()).toContainText('16 slots');
  await expect(rows.first()).toContainText('Predictions open');
  await expect(rows.nth(1)).toContainText('Bracket not generated');
  await adminShot(page, 'tournaments-list-desktop');
  await page.getByRole('radio', { name: 'Draft' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${prefix} Draft`);
  await page.getByRole('radio', { name: 'Completed' }).click();
  await expect(page.getByRole('heading', { name: 'No tournaments found' })).toBeVisible();
  await page.getByRole('radio', { name: 'Running' }).click();
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: `${prefix} Running` }).click();
  await expect(page).toHaveURL(`/admin-new/tournaments/${running.id}`);
  await expect(page.getByRole('region', { name: 'Results' }).getByTestId('admin-match')).toHaveCount(15);

  await page.goto(`/admin-new/tournaments/${draft.id}`);
  // A moderator runs the tournament but leaves what it pays to admins: the form's rewards are locked, saying why.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: `Edit “${prefix} Draft”` });
  const rewards = form.getByRole('group', { name: 'Rewards for the best predictors' });
  await expect(rewards).toContainText('ask an admin to change the rewards');
  await expect(rewards.getByRole('button', { name: 'Add place' })).toBeDisabled();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete tournament' }).click();
  await page.getByRole('dialog', { name: `Delete “${prefix} Draft”?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Tournament deleted.')).toBeVisible();
  await expect(page).toHaveURL('/admin-new/tournaments');
  await page.goto(`/admin-new/tournaments/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Tournament Not Found' })).toBeVisible();
});

test('a member cannot open the staff tournament pages', async ({ browser, tournamentStaff }) => {
  const tournament = await tournamentStaff.create();
  const member = await signedInElsewhere(browser, uniqueName('Nosy'));
  for (const path of ['/admin-new/tournaments', `/admin-new/tournaments/${tournament.id}`]) {
    const response = await member.goto(path);
    expect(response?.status()).toBe(403);
    await expect(member.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  }
  await member.context().close();
});

test('on a phone: the list and a running bracket fit the screen; multipliers are checked and a cleared result leaves the next match; the form fits too', async ({ page, tournamentStaff }) => {
  // One seat with a long slot name: it is cut short on its card, it does not widen the page.
  const slots = seatNames(8, uniqueName('Seat ')).map((name, index) => ({ name: index === 0 ? `Madame Destiny Megaways ${name}` : name }));
  const tournament = await tournamentStaff.running({ name: uniqueName('Phone Cup '), description: 'Eight slots on a small screen.', reward_points: [300, 200, 100], slots });
  const first = tournament.slots[0].name;
  await tournamentStaff.decide(tournament.id, { 1: first, 2: tournament.slots[3].name });
  await page.setViewportSize(MOBILE);
  await signInAs(page, uniqueName('PhoneTourney'), 'moderator');
  await page.goto('/admin-new/tournaments');
  await expect(page.getByTestId('admin-tournament-row').first()).toBeVisible();
  await fits(page);
  await adminShot(page, 'tournaments-list-mobile');

  await page.goto(`/admin-new/tournaments/${tournament.id}`);
  await expect(page.getByTestId('admin-match')).toHaveCount(7);
  await expect(wins(page, 5, first)).toBeVisible();
  await fits(page);
  await adminShot(page, 'tournament-running-mobile');

  // Multipliers: text that is no number is stopped in the page, a negative one by the server; a good one is kept.
  const multiplier = match(page, 1).getByLabel(`Multiplier of ${first}`);
  const saveMultipliers = match(page, 1).getByRole('button', { name: 'Save multipliers' });
  await multiplier.fill('lots');
  await saveMultipliers.click();
  await expect(multiplier).toHaveAccessibleDescription('Enter the multiplier as a number.');
  await multiplier.fill('-2');
  await saveMultipliers.click();
  await expect(multiplier).toHaveAccessibleDescription('The multiplier cannot be negative.');
  await expect(toast(page, 'Check the multipliers marked in red.').first()).toBeVisible();
  // A four-digit multiplier with its decimals shows whole in the box.
  await multiplier.fill('1154.54');
  expect(await multiplier.evaluate((input) => input.scrollWidth - input.clientWidth)).toBe(0);
  await multiplier.fill('42.5x');
  await saveMultipliers.click();
  await expect(toast(page, 'Result saved. Predictions are re-scored.')).toBeVisible();
  await page.reload();
  await expect(match(page, 1).getByLabel(`Multiplier of ${first}`)).toHaveValue('42.5');

  // Clearing a result asks first; its winner leaves the next match.
  await match(page, 2).getByRole('button', { name: 'Clear result of Match 2' }).click();
  const clearing = page.getByRole('dialog', { name: 'Clear the result of Match 2?' });
  await expect(clearing).toContainText(`“${tournament.slots[3].name}” no longer wins and leaves Match 5. Every prediction is scored again.`);
  await clearing.getByRole('button', { name: 'Clear result' }).click();
  await expect(toast(page, 'Result cleared. Predictions are re-scored.')).toBeVisible();
  await expect(match(page, 5).getByRole('button', { name: 'TBD' })).toHaveCount(1);
  await expect(match(page, 2).getByTestId('admin-match-state')).toHaveText('Ready');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: /^Edit/ });
  await expect(edit).toContainText('Members have predicted or matches have results');
  await fits(page);
  await page.screenshot({ path: '/tmp/shots-admin/tournament-form-mobile.png', animations: 'disabled' });
});
