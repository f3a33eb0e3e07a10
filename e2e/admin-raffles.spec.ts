import type { Page } from '@playwright/test';
import { adminShot, toast } from './admin-hunt-ui';
import { MOBILE, rowsWithinScreen, signedInElsewhere, signInAs, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';
import { enterByApi, expect, minutesFromNow, test } from './raffle-staff';

/* The staff raffle pages: the form, the list, and running a raffle's draw from the admin panel. */

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** 'YYYY-MM-DDTHH:mm' in this machine's time zone (the browser's), as a datetime-local field takes it. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const picks = (page: Page) => page.getByTestId('raffle-pick');
const status = (page: Page) => page.getByTestId('admin-raffle-status');
const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

/** Opens a step's confirmation from the page header and confirms it. */
async function runStep(page: Page, button: string, dialogTitle: string | RegExp, message: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('button', { name: button }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('a moderator creates a points raffle with an image through the form (field errors first), finds it in the list and edits it', async ({ page }) => {
  const title = uniqueName('Gift Card Giveaway ');
  await signInAs(page, uniqueName('RaffleHost'), 'moderator');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Raffles' }).click();
  await expect(page).toHaveURL('/admin-new/raffles');
  await expect(page.getByRole('heading', { name: 'Raffles', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New raffle' }).click();
  const form = page.getByRole('dialog', { name: 'New raffle' });
  await form.getByLabel('Title').fill('ab');
  await form.getByLabel('Free entry').uncheck();
  await form.getByLabel('Entries with points').check();
  await form.getByLabel('Points per entry').fill('0');
  await form.getByRole('button', { name: 'Create raffle' }).click();
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Give the raffle a title of at least 3 characters.');
  await expect(form.getByLabel('Points per entry')).toHaveAccessibleDescription('The points per entry must be at least 1.');
  await expect(form.getByLabel('Ends')).toHaveAccessibleDescription('Enter the end as a date and time.');
  await expect(toast(page, 'Check the fields marked in red.')).toBeVisible();
  await adminShot(page, 'raffle-form-errors-desktop');

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A $50 gift card for one lucky viewer.');
  await form.getByLabel('Prize value (USD)').fill('50');
  await form.getByLabel('Points per entry').fill('10');
  await form.getByLabel('Max entries per member').fill('5');
  await form.getByLabel('Number of winners').fill('2');
  await form.getByLabel('Ends').fill(localInput(minutesFromNow(3 * 24 * 60)));
  await form.locator('label').filter({ hasText: 'Upload image' }).locator('input[type="file"]').setInputFiles({ name: 'prize.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('Replace image')).toBeVisible();
  await expect.poll(() => form.locator('img[src^="/storage/raffles/"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Create raffle' }).click();
  await expect(toast(page, 'Raffle created.')).toBeVisible();

  // The new raffle's page opens: open now, its seed committed, nothing drawn.
  await expect(page).toHaveURL(/\/admin-new\/raffles\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(status(page)).toHaveText('Open');
  const overview = page.getByTestId('admin-raffle-overview');
  await expect(overview).toContainText('10 points per entry');
  await expect(overview).toContainText('At most 5 entries');
  await expect(overview).toContainText('$50.00');
  await expect(page.getByTestId('admin-raffle-commitments')).toContainText(/[0-9a-f]{64}/);
  await expect(page.getByTestId('admin-raffle-commitments')).toContainText('Published when entries close.');
  await expect(page.getByRole('heading', { name: 'No entries yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Public page' })).toHaveAttribute('href', `/raffles/${id}`);
  await adminShot(page, 'raffle-new-desktop');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${title}”` });
  await expect(edit.getByLabel('Points per entry')).toHaveValue('10');
  await expect(edit.getByLabel('Points per entry')).toBeEnabled();
  await edit.getByLabel('Title').fill(`${title} XL`);
  await edit.getByLabel('Number of winners').fill('1');
  await edit.getByRole('button', { name: 'Save raffle' }).click();
  await expect(toast(page, 'Raffle saved.')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} XL`);
  await expect(page.getByTestId('admin-raffle-overview')).toContainText(/Winners\s*1/);

  // In the list: found by status and title, with its figures.
  await page.getByRole('link', { name: 'All raffles' }).click();
  await expect(page.getByTestId('admin-raffle-row').first()).toBeVisible();
  await adminShot(page, 'raffles-list-desktop');
  await page.getByRole('radio', { name: 'Open' }).click();
  await page.getByRole('searchbox', { name: 'Search raffles' }).fill(title);
  const row = page.getByTestId('admin-raffle-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${title} XL`);
  await expect(row.getByTestId('admin-raffle-status')).toHaveText('Open');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/storage\/raffles\/.+/);
  await page.getByRole('radio', { name: 'Entries closed' }).click();
  await expect(page.getByRole('heading', { name: 'No raffles found' })).toBeVisible();
  await page.getByRole('radio', { name: 'All' }).click();
  await expect(row).toHaveCount(1);

  // Nobody entered: it can be deleted.
  await row.getByRole('link').click();
  await page.getByRole('button', { name: 'Delete raffle' }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${title} XL”?` });
  await expect(remove).toContainText('Nobody has entered it.');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Raffle deleted.')).toBeVisible();
  await expect(page).toHaveURL('/admin-new/raffles');
});

test('members enter; staff close entries, draw, redraw one winner with a reason and announce; the winner is notified', async ({ page, browser, raffleStaff }) => {
  // Four people sign in and three of them enter: on a busy two-core machine that alone can take a minute.
  test.slow();
  const title = uniqueName('Points Raffle ');
  const raffle = await raffleStaff.create({ title, allow_passwordless_entry: false, allow_points_entry: true, points_per_entry: 5, winners_count: 1 });
  const names = [uniqueName('Ava'), uniqueName('Ben'), uniqueName('Cy')];
  const members = new Map<string, Page>();
  for (const [index, name] of names.entries()) {
    const member = await signedInElsewhere(browser, name);
    await raffleStaff.grant(member, 50);
    await enterByApi(member, raffle.id, { entry_type: 'points', points_spent: index === 0 ? 15 : 5 });
    members.set(name, member);
  }

  await signInAs(page, uniqueName('RaffleRunner'), 'moderator');
  await page.goto(`/admin-new/raffles/${raffle.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const overview = page.getByTestId('admin-raffle-overview');
  await expect(overview).toContainText(/Entries\s*5/);
  await expect(overview).toContainText(/Entrants\s*3/);
  await expect(page.getByTestId('admin-raffle-entry')).toHaveCount(5);
  await page.getByRole('searchbox', { name: 'Search entries by member' }).fill(names[0]);
  await expect(page.getByTestId('admin-raffle-entry')).toHaveCount(3);
  await expect(page.getByTestId('admin-raffle-entry').first()).toContainText('Points');

  // Entered: the entry rules are fixed, and it cannot be deleted.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${title}”` });
  await expect(edit).toContainText('Members have entered already');
  await expect(edit.getByLabel('Points per entry')).toBeDisabled();
  await expect(edit.getByLabel('Number of winners')).toBeDisabled();
  await expect(edit.getByLabel('Title')).toBeEnabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Delete raffle' }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(remove).toContainText('cannot be deleted');
  await expect(remove.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await remove.getByRole('button', { name: 'Cancel' }).click();

  // By keyboard: Enter opens the confirmation, Escape leaves it with nothing done and focus back on the button.
  const close = page.getByRole('button', { name: 'Close entries', exact: true });
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Close the entries of “${title}”?` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(close).toBeFocused();
  await expect(status(page)).toHaveText('Open');

  await runStep(page, 'Close entries', `Close the entries of “${title}”?`, 'Entries closed.');
  await expect(status(page)).toHaveText('Entries closed');
  await expect(page.getByTestId('admin-raffle-commitments')).not.toContainText('Published when entries close.');
  await expect(picks(page)).toHaveCount(0);

  await runStep(page, 'Draw winners', `Draw the winners of “${title}”?`, 'Winners drawn.');
  await expect(status(page)).toHaveText('Drawn (not announced)');
  await expect(picks(page)).toHaveCount(1);
  const first = (await picks(page).first().locator('p').first().textContent())!.trim();
  expect(names).toContain(first);

  // The first pick is replaced: a reason is required, then the next pick of the draw takes the place.
  await page.getByRole('button', { name: `Redraw pick 1 (${first})` }).click();
  const redraw = page.getByRole('dialog', { name: `Redraw pick 1 (${first})?` });
  await redraw.getByRole('button', { name: 'Redraw' }).click();
  await expect(redraw.getByLabel('Reason')).toHaveAccessibleDescription('Give the reason for the redraw (at least 3 characters).');
  await redraw.getByLabel('Reason').fill('Did not answer on Discord');
  await redraw.getByRole('button', { name: 'Redraw' }).click();
  await expect(toast(page, 'Pick 1 replaced by the next pick of the draw.')).toBeVisible();
  await expect(picks(page)).toHaveCount(2);
  await expect(picks(page).first()).toHaveAttribute('data-replaced', 'true');
  await expect(picks(page).first()).toContainText('Replaced: Did not answer on Discord');
  await expect(picks(page).nth(1)).toHaveAttribute('data-replaced', 'false');
  const winner = (await picks(page).nth(1).locator('p').first().textContent())!.trim();
  expect(names.filter((name) => name !== first)).toContain(winner);
  await adminShot(page, 'raffle-drawn-desktop');

  await runStep(page, 'Announce winners', 'Announce the winners?', 'Winners announced.');
  await expect(status(page)).toHaveText('Winners announced');
  await expect(page.getByRole('button', { name: 'Announce winners' })).toHaveCount(0);
  await adminShot(page, 'raffle-announced-desktop');

  // The winner sees the notification and it leads to the raffle; the replaced pick got none.
  const winnerPage = members.get(winner)!;
  await winnerPage.goto('/');
  await bell(winnerPage).click();
  const notification = winnerPage.getByTestId('notification').filter({ hasText: `You won the raffle “${title}”!` });
  await expect(notification).toBeVisible();
  await notification.click();
  await expect(winnerPage).toHaveURL(`/raffles/${raffle.id}`);
  const replaced = members.get(first)!;
  await replaced.goto('/');
  await bell(replaced).click();
  await expect(replaced.getByTestId('notification').first()).toBeVisible();
  await expect(replaced.getByTestId('notification').filter({ hasText: 'You won the raffle' })).toHaveCount(0);
  for (const member of members.values()) await member.context().close();
});

test('staff who entered a raffle may close its entries but get a note instead of Draw, Redraw and Announce', async ({ page, raffleStaff }) => {
  test.slow();
  const title = uniqueName('Staff Raffle ');
  const raffle = await raffleStaff.create({ title, winners_count: 1 });
  await signInAs(page, uniqueName('EnteredMod'), 'moderator');
  await enterByApi(page, raffle.id);

  await page.goto(`/admin-new/raffles/${raffle.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const winners = page.getByTestId('admin-raffle-picks');
  // Open: closing the entries is still theirs to do, and nothing is said yet.
  await expect(winners.getByRole('note')).toHaveCount(0);
  await runStep(page, 'Close entries', `Close the entries of “${title}”?`, 'Entries closed.');
  await expect(status(page)).toHaveText('Entries closed');
  await expect(page.getByRole('button', { name: 'Draw winners' })).toHaveCount(0);
  await expect(winners.getByRole('note')).toHaveText('You entered this raffle, so another staff member has to draw, redraw and announce it.');

  // Another moderator draws; the entrant sees the pick but cannot redraw it nor announce.
  await raffleStaff.draw(raffle.id);
  await page.reload();
  await expect(status(page)).toHaveText('Drawn (not announced)');
  await expect(picks(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Redraw pick/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Announce winners' })).toHaveCount(0);
  await expect(winners.getByRole('note')).toBeVisible();
  await adminShot(page, 'raffle-entrant-desktop');

  // The moderator who did not enter still sees every step.
  await raffleStaff.page.goto(`/admin-new/raffles/${raffle.id}`);
  await expect(raffleStaff.page.getByRole('button', { name: 'Announce winners' })).toBeVisible();
  await expect(raffleStaff.page.getByRole('button', { name: /^Redraw pick 1/ })).toBeVisible();
  await expect(raffleStaff.page.getByTestId('admin-raffle-picks').getByRole('note')).toHaveCount(0);
});

test('a member cannot open the admin raffle pages nor call their API', async ({ browser, raffleStaff }) => {
  const raffle = await raffleStaff.create();
  const member = await signedInElsewhere(browser, uniqueName('Nosy'));
  for (const path of ['/admin-new/raffles', `/admin-new/raffles/${raffle.id}`]) {
    const response = await member.goto(path);
    expect(response?.status()).toBe(403);
    await expect(member.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  }
  expect((await member.request.get('/admin-new/api/raffles')).status()).toBe(403);
  const headers = await csrf(member);
  expect((await member.request.post(`/admin-new/api/raffles/${raffle.id}/draw`, { headers, data: {} })).status()).toBe(403);
  expect((await member.request.post('/admin-new/api/raffles', { headers, data: { title: 'Sneaky', end_datetime: minutesFromNow(60), allow_passwordless_entry: true } })).status()).toBe(403);
  await member.context().close();
});

test('on a phone: the list, a drawn raffle and the form fit the screen', async ({ page, browser, raffleStaff }) => {
  test.slow();
  const raffle = await raffleStaff.create({ title: uniqueName('Phone Raffle with a title long enough to run past the edge of the screen '), winners_count: 2, description: 'Two signed jerseys.' });
  for (const name of [uniqueName('Dee'), uniqueName('Eli'), uniqueName('Fay')]) {
    const member = await signedInElsewhere(browser, name);
    await enterByApi(member, raffle.id);
    await member.context().close();
  }
  await raffleStaff.draw(raffle.id);

  await page.setViewportSize(MOBILE);
  await signInAs(page, uniqueName('PhoneRaffles'), 'moderator');
  await page.goto('/admin-new/raffles');
  await expect(page.getByTestId('admin-raffle-row').first()).toBeVisible();
  await fits(page);
  await rowsWithinScreen(page.getByTestId('admin-raffle-row'));
  await adminShot(page, 'raffles-list-mobile');

  await page.goto(`/admin-new/raffles/${raffle.id}`);
  await expect(picks(page)).toHaveCount(2);
  await expect(page.getByTestId('admin-raffle-entry')).toHaveCount(3);
  await fits(page);
  await adminShot(page, 'raffle-drawn-mobile');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /^Edit/ })).toContainText('Members have entered already');
  await fits(page);
  await page.screenshot({ path: '/tmp/shots-admin/raffle-form-mobile.png', animations: 'disabled' });
});
