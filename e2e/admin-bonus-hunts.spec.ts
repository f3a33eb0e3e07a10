import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { signedInElsewhere, signInAs, uniqueName } from './fixtures';
import { expect, test } from './hunt-staff';
import { csrf } from './leaderboard-staff';

/*
 * Staff run a bonus hunt live from the admin panel, keyboard first. The site has one running hunt, so the tests that
 * start one hold the cross-file hunt lock through the huntStaff fixture (which also finishes whatever runs).
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots-admin';
mkdirSync(SHOTS, { recursive: true });
export const adminShot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
const gameRows = (page: Page) => page.getByTestId('hunt-game');
const addBar = (page: Page) => page.getByRole('form', { name: 'Add slot' });
const slotField = (page: Page) => addBar(page).getByRole('combobox', { name: 'Slot' });
const betField = (page: Page) => addBar(page).getByLabel('Bet ($)');
const opening = (page: Page) => page.getByRole('region', { name: 'Opening mode' });
const winField = (page: Page) => opening(page).getByLabel(/^Win of /);

/** The slot names of the hunt's rows, top to bottom. */
const rowOrder = (page: Page) => gameRows(page).getByTestId('game-slot-name');

/** Types into a type-ahead until its suggestion shows, then picks it with the arrow keys and Enter. */
async function pickSuggestion(field: Locator, typed: string, option: string) {
  const page = field.page();
  await field.fill(typed);
  await expect(page.getByRole('option').filter({ hasText: option })).toBeVisible();
  const index = (await page.getByRole('option').allTextContents()).findIndex((text) => text.includes(option));
  for (let step = 0; step <= index; step++) await field.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toContainText(option);
  await field.press('Enter');
}

async function predict(browser: Browser, huntId: number, prediction: { end_balance: number; highest_multiplier: number; highest_multiplier_game: string }) {
  const name = uniqueName('Predictor');
  const member = await signedInElsewhere(browser, name);
  const response = await member.request.post(`/api/r/bonus-hunts/${huntId}/predict`, { headers: await csrf(member), data: prediction });
  expect(response.status(), await response.text()).toBe(200);
  await member.context().close();
  return name;
}

test('an admin runs a hunt by keyboard: type-ahead and a new slot, reorder, predictions, opening mode, pending, finish with rewards', async ({ page, browser, huntStaff }) => {
  test.setTimeout(150_000);
  const tag = uniqueName('Zq');
  const [alpha, beta, gamma] = [`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`];
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

  // A name not in the catalogue: offered as a new slot; Enter goes to its provider, then the bet; a member is picked.
  await slotField(page).fill(gamma);
  await expect(page.getByRole('option', { name: `Add “${gamma}” to the catalogue` })).toBeVisible();
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
