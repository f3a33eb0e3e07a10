import type { Browser } from '@playwright/test';
import { MOBILE, signedInElsewhere, signInAs, uniqueName } from './fixtures';
import { expect, slotGame, test } from './hunt-staff';
import { adminShot, addBar, betField, gameRows, opening, pickSuggestion, rowOrder, slotField, toast, winField } from './admin-hunt-ui';
import { csrf } from './leaderboard-staff';

/*
 * Staff run a bonus hunt live from the admin panel, keyboard first. The site has one running hunt, so the tests that
 * start one hold the cross-file hunt lock through the huntStaff fixture (which also finishes whatever runs).
 */
test.describe.configure({ mode: 'serial' });

async function predict(browser: Browser, huntId: number, prediction: { end_balance: number; highest_multiplier: number; highest_multiplier_game: string }) {
  const name = uniqueName('Predictor');
  const member = await signedInElsewhere(browser, name);
  const response = await member.request.post(`/api/r/bonus-hunts/${huntId}/predict`, { headers: await csrf(member), data: prediction });
  expect(response.status(), await response.text()).toBe(200);
  await member.context().close();
  return name;
}

test('an admin runs a hunt by keyboard: type-ahead and a new slot, reorder, predictions, opening mode, pending, finish with rewards', async ({ page, browser, huntStaff }) => {
  test.slow();
  const tag = uniqueName('Zq');
  const [alpha, beta, gamma] = [`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma Dog House Megaways With A Very Long Name Indeed, For The Table`];
  await huntStaff.addSlot(alpha, 'Pragmatic Play');
  await huntStaff.addSlot(beta, 'Hacksaw Gaming');
  await huntStaff.finishRunning();
  const assignee = uniqueName('SlotOwner');
  await (await signedInElsewhere(browser, assignee)).context().close();

  await signInAs(page, uniqueName('HuntHost'), 'admin');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bonus hunts' }).click();
  await expect(page.getByRole('heading', { name: 'Bonus hunts', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No hunt is running' })).toBeVisible();

  // A new hunt: the start balance is required, then it starts and its runner opens.
  const title = uniqueName('Live Hunt ');
  await page.getByRole('button', { name: 'New hunt' }).click();
  const form = page.getByRole('dialog', { name: 'New bonus hunt' });
  await form.getByLabel('Title (optional)').fill(title);
  await form.getByRole('button', { name: 'Start hunt' }).click();
  await expect(form.getByLabel('Start balance ($)')).toHaveAccessibleDescription('Enter the start balance as a number.');
  await form.getByLabel('Start balance ($)').fill('500');
  await form.getByLabel('Closest end balance').fill('100');
  await form.getByLabel('Closest highest multiplier').fill('50');
  await form.getByLabel('Right highest-multiplier game').fill('25');
  await form.getByRole('button', { name: 'Start hunt' }).click();
  await expect(toast(page, 'Hunt started.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-new\/bonus-hunts\/\d+$/);
  const huntId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No slots yet' })).toBeVisible();

  // Slots by keyboard: a suggestion picked with the arrows, Enter to the bet, Enter adds and returns to the slot field.
  await pickSuggestion(slotField(page), `${tag} al`, alpha);
  await expect(slotField(page)).toHaveValue(alpha);
  await expect(betField(page)).toBeFocused();
  await betField(page).fill('2.5');
  await betField(page).press('Enter');
  await expect(addBar(page).getByText(`Added “${alpha}” as #1.`)).toBeVisible();
  await expect(slotField(page)).toBeFocused();
  await expect(slotField(page)).toHaveValue('');

  await pickSuggestion(slotField(page), `${tag} be`, beta);
  await expect(betField(page)).toBeFocused();
  await expect(betField(page)).toHaveValue('2.5');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(gameRows(page)).toHaveCount(2);
  // The add bar clears itself once the add is done; typing before that would be wiped.
  await expect(addBar(page).getByText(`Added “${beta}” as #2.`)).toBeVisible();
  await expect(slotField(page)).toHaveValue('');

  // A name not in the catalogue: offered as a new slot; Enter goes to its provider, then the bet; a member is picked.
  await slotField(page).fill(gamma);
  await expect(page.getByRole('option', { name: `Add “${gamma}” to the catalogue` })).toBeVisible();
  await adminShot(page, 'typeahead-desktop');
  await slotField(page).press('Enter');
  const provider = addBar(page).getByLabel('Provider (new slot)');
  await expect(provider).toBeFocused();
  await page.keyboard.type('E2E Studio');
  await page.keyboard.press('Enter');
  await expect(betField(page)).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  const member = addBar(page).getByRole('combobox', { name: 'Member (optional)' });
  await expect(member).toBeFocused();
  await pickSuggestion(member, assignee, `@${assignee}`);
  await expect(member).toHaveValue(assignee);
  await member.press('Enter');
  await expect(gameRows(page)).toHaveCount(3);
  await expect(gameRows(page).nth(2)).toContainText(gamma);
  await expect(gameRows(page).nth(2)).toContainText('E2E Studio');
  await expect(gameRows(page).nth(2)).toContainText(assignee);
  await expect(rowOrder(page)).toHaveText([alpha, beta, gamma]);
  // The long name is cut in its cell, so every row keeps its actions on one line: move, win, edit and remove level.
  const actionRows = await gameRows(page).evaluateAll((rows) => rows.map((row) => new Set([...row.querySelectorAll('button')].map((button) => Math.round(button.getBoundingClientRect().top))).size));
  expect(actionRows).toEqual([1, 1, 1]);

  // Reorder: a button, then Alt+↑ from where the focus stayed.
  await page.getByRole('button', { name: `Move #3 ${gamma} up` }).click();
  await expect(rowOrder(page)).toHaveText([alpha, gamma, beta]);
  await expect(page.getByRole('button', { name: `Move #2 ${gamma} up` })).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(rowOrder(page)).toHaveText([gamma, alpha, beta]);
  await page.reload();
  await expect(rowOrder(page)).toHaveText([gamma, alpha, beta]);

  // Predictions open; a member predicts.
  await page.getByRole('button', { name: 'Open predictions' }).click();
  await expect(toast(page, 'Predictions are open.')).toBeVisible();
  await expect(page.getByTestId('predictions-status')).toHaveText('Predictions open · 0');
  const predictor = await predict(browser, huntId, { end_balance: 300, highest_multiplier: 20, highest_multiplier_game: alpha });
  await expect(page.getByTestId('predictions-status')).toHaveText('Predictions open · 1');
  await adminShot(page, 'runner-desktop');

  // Opening mode: the current game is highlighted and its win field focused; Enter saves and moves on.
  await page.getByRole('button', { name: 'Start opening' }).click();
  await expect(opening(page)).toContainText('game 1 of 3');
  await expect(winField(page)).toBeFocused();
  await expect(gameRows(page).nth(0)).toHaveAttribute('aria-current', 'step');
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Predictions are now closed: the first bonus has been opened.')).toBeVisible();
  await expect(page.getByTestId('predictions-status')).toHaveText('Predictions closed · 1');
  await expect(opening(page)).toContainText('game 2 of 3');
  await expect(gameRows(page).nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(winField(page)).toBeFocused();
  await expect(gameRows(page).nth(0)).toContainText('$50.00');
  await expect(gameRows(page).nth(0)).toContainText('50.00x');
  await adminShot(page, 'runner-opening-desktop');

  // A blank or mistyped win is refused where it was typed, and the game still awaits its win.
  for (const typed of ['', '12abc']) {
    await winField(page).fill(typed);
    await page.keyboard.press('Enter');
    await expect(opening(page).getByText('Enter the win as a number.')).toBeVisible();
    await expect(opening(page)).toContainText('game 2 of 3');
    await expect(gameRows(page).nth(1)).toContainText('Not opened');
  }
  await winField(page).fill('');

  // P marks the game pending and moves on; the last game pays nothing; Enter goes back to the pending one.
  await page.keyboard.press('p');
  await expect(gameRows(page).nth(1)).toContainText('Pending');
  await expect(opening(page)).toContainText('game 3 of 3');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(opening(page)).toContainText('game 2 of 3');
  await expect(gameRows(page).nth(2)).toContainText('Opened');
  await page.keyboard.press('Escape');
  await expect(opening(page)).toHaveCount(0);

  // Predictions cannot open again once opening started: the server's refusal is shown.
  await page.getByRole('button', { name: 'Open predictions' }).click();
  await expect(toast(page, 'Predictions can only open before the first bonus is opened.')).toBeVisible();

  // Finishing is held back while a game awaits its win.
  await page.getByRole('button', { name: 'Finish hunt' }).click();
  const finish = page.getByRole('dialog', { name: 'Finish the hunt?' });
  await expect(finish).toContainText('1 game still awaits its win');
  await expect(finish.getByRole('button', { name: 'Finish hunt' })).toBeDisabled();
  await finish.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Enter the win of #2 ${alpha}` }).click();
  await expect(winField(page)).toBeFocused();
  await page.keyboard.type('60');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Every game has its win')).toBeVisible();
  await expect(opening(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Hunt summary' })).toContainText('$110.00');

  // Only one hunt runs: a second is refused with the server's message.
  await page.getByRole('link', { name: 'All hunts' }).click();
  await expect(page.getByRole('region', { name: 'Running hunt' })).toContainText(title);
  await page.getByRole('button', { name: 'New hunt' }).click();
  const second = page.getByRole('dialog', { name: 'New bonus hunt' });
  await second.getByLabel('Start balance ($)').fill('100');
  await second.getByRole('button', { name: 'Start hunt' }).click();
  await expect(second.getByRole('alert')).toHaveText('Finish the running hunt before starting a new one.');
  await second.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Run hunt' }).click();

  // The finish shows the end balance and the rewards, then what was paid.
  await page.getByRole('button', { name: 'Finish hunt' }).click();
  await expect(finish).toContainText('End balance $110.00');
  await expect(finish.getByTestId('reward-to-pay')).toHaveText([
    'Closest end balance: 100 points to each closest prediction',
    'Closest highest multiplier: 50 points to each closest prediction',
    'Highest multiplier game: 25 points to each closest prediction',
  ]);
  await adminShot(page, 'finish-dialog-desktop');
  await finish.getByRole('button', { name: 'Finish hunt' }).click();
  await expect(toast(page, 'Hunt finished with an end balance of $110.00. 2 rewards paid.')).toBeVisible();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  const paid = page.getByRole('region', { name: 'Rewards paid' }).getByTestId('reward-paid');
  await expect(paid.filter({ hasText: 'Closest end balance' })).toContainText(`${predictor}`);
  await expect(paid.filter({ hasText: 'Closest end balance' })).toContainText('+100 pts');
  await expect(paid.filter({ hasText: 'Closest highest multiplier' })).toContainText('+50 pts');
  await expect(paid).toHaveCount(2);
  await expect(addBar(page)).toHaveCount(0);
  await adminShot(page, 'runner-finished-desktop');

  await page.getByRole('link', { name: 'All hunts' }).click();
  await expect(page.getByTestId('past-hunt').filter({ hasText: title })).toContainText('$110.00');
  await expect(page.getByTestId('past-hunt').filter({ hasText: title })).toContainText('−$390.00');
  await adminShot(page, 'hunts-desktop');
});

test('a moderator runs the hunt in two tabs kept in sync: inline edit, remove, a win from other staff; rewards are for admins; members are refused', async ({ page, browser, huntStaff }) => {
  test.slow();
  const tag = uniqueName('Sync');
  const [first, second, third] = [`${tag} One`, `${tag} Two`, `${tag} Three`];
  const hunt = await huntStaff.startHunt({ start_balance: 200 }, [slotGame(first, 1), slotGame(second, 2), slotGame(third, 5)]);
  const assignee = uniqueName('Viewer');
  await (await signedInElsewhere(browser, assignee)).context().close();

  await signInAs(page, uniqueName('HuntMod'), 'moderator');
  await page.goto('/admin-new/bonus-hunts');
  await expect(page.getByRole('region', { name: 'Running hunt' })).toContainText(hunt.title);
  await page.getByRole('link', { name: 'Run hunt' }).click();
  await expect(page.getByRole('heading', { name: hunt.title, level: 1 })).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(`/admin-new/bonus-hunts/${hunt.id}`);
  await expect(rowOrder(other)).toHaveText([first, second, third]);

  // Inline edit: the bet field takes the focus, a member is picked, Enter saves; the other tab follows.
  await page.getByRole('button', { name: `Edit #2 ${second}` }).click();
  const bet = page.getByLabel(`Bet of #2 ${second} ($)`);
  await expect(bet).toBeFocused();
  await bet.fill('-1');
  await bet.press('Enter');
  await expect(bet).toHaveAccessibleDescription('The bet cannot be negative.');
  await bet.fill('3');
  await pickSuggestion(page.getByRole('combobox', { name: `Member of #2 ${second}` }), assignee, `@${assignee}`);
  await page.getByRole('combobox', { name: `Member of #2 ${second}` }).press('Enter');
  await expect(toast(page, `#2 ${second} saved.`)).toBeVisible();
  await expect(gameRows(page).nth(1)).toContainText('$3.00');
  await expect(gameRows(other).nth(1)).toContainText('$3.00');
  await expect(gameRows(other).nth(1)).toContainText(assignee);

  // Escape leaves an inline edit unchanged.
  await page.getByRole('button', { name: `Edit #1 ${first}` }).click();
  await page.getByLabel(`Bet of #1 ${first} ($)`).fill('99');
  await page.keyboard.press('Escape');
  await expect(gameRows(page).nth(0)).toContainText('$1.00');

  // Removing asks first.
  await page.getByRole('button', { name: `Remove #3 ${third}` }).click();
  const remove = page.getByRole('dialog', { name: `Remove #3 ${third}?` });
  await expect(remove).toContainText('the slot stays in the catalogue');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Slot removed from the hunt.')).toBeVisible();
  await expect(rowOrder(page)).toHaveText([first, second]);
  await expect(rowOrder(other)).toHaveText([first, second]);

  // Another member of staff enters a win: both tabs show it without a reload.
  const entered = Date.now();
  await huntStaff.enterWin(hunt.id, hunt.games[0].id, 12.5);
  await expect(gameRows(page).nth(0)).toContainText('$12.50', { timeout: 4000 });
  await expect(gameRows(other).nth(0)).toContainText('$12.50', { timeout: 4000 });
  console.log(`A win entered by other staff showed on the runner after ${Date.now() - entered} ms`);
  await other.close();

  // Rewards pay points: a moderator may not set them.
  await page.getByRole('button', { name: 'Edit hunt' }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${hunt.title}”` });
  await expect(edit).toContainText('Only admins can set them.');
  await expect(edit.getByLabel('Closest end balance')).toBeDisabled();
  await edit.getByLabel('Start balance ($)').fill('250');
  await edit.getByRole('button', { name: 'Save hunt' }).click();
  await expect(toast(page, 'Hunt saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hunt summary' })).toContainText('$250.00');

  // A member is refused the pages and the API.
  const member = await signedInElsewhere(browser, uniqueName('Curious'));
  const response = await member.goto('/admin-new/bonus-hunts');
  expect(response?.status()).toBe(403);
  await expect(member.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  expect((await member.request.get('/admin-new/api/bonus-hunts')).status()).toBe(403);
  expect((await member.request.post('/admin-new/api/slots', { headers: await csrf(member), data: { name: uniqueName('Sneaky') } })).status()).toBe(403);
  await member.context().close();
});

test('the runner, opening mode and the lists fit a phone', async ({ page, huntStaff }) => {
  test.slow();
  const tag = uniqueName('Phone');
  const hunt = await huntStaff.startHunt({ start_balance: 400 }, [
    slotGame(`${tag} Gates of Olympus`, 2, { slot_provider: 'Pragmatic Play' }),
    slotGame(`${tag} Wanted Dead or a Wild`, 4, { slot_provider: 'Hacksaw Gaming' }),
    slotGame(`${tag} Mental`, 1, { slot_provider: 'Nolimit City' }),
    slotGame(`${tag} Jammin Jars`, 3, { slot_provider: 'Push Gaming' }),
  ]);
  await huntStaff.enterWin(hunt.id, hunt.games[0].id, 230);
  await huntStaff.updateGame(hunt.id, hunt.games[1].id, { pending_win: true });

  await page.setViewportSize(MOBILE);
  await signInAs(page, uniqueName('PhoneHost'), 'admin');
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await page.goto(`/admin-new/bonus-hunts/${hunt.id}`);
  await expect(gameRows(page)).toHaveCount(4);
  await fits();
  await adminShot(page, 'runner-mobile');
  await page.getByRole('button', { name: 'Start opening' }).click();
  await expect(opening(page)).toContainText('game 2 of 4');
  await expect(winField(page)).toBeFocused();
  await fits();
  await adminShot(page, 'runner-opening-mobile');
  await page.goto('/admin-new/bonus-hunts');
  await expect(page.getByRole('region', { name: 'Running hunt' })).toBeVisible();
  await fits();
  await adminShot(page, 'hunts-mobile');
});
