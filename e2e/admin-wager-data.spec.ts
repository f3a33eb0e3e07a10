import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { leaderboardStaff } from './leaderboard-staff';

const rows = (page: Page) => page.getByTestId('wager-entry');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
const total = (page: Page) => page.getByTestId('entries-total');
const toast = (page: Page, text: string) => page.locator('[data-toast="success"]').filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');

/** A platform of its own (names not masked) with a running weekly board, its first players and two prizes. */
async function boardWithPlayers(browser: Parameters<typeof leaderboardStaff>[0], prefix: string) {
  const staff = await leaderboardStaff(browser);
  const slug = uniqueName(prefix).toLowerCase();
  const board = await staff.board({ name: `Wagers ${slug}`, slug, mask_names: false });
  await staff.wagers(board.periodId, [
    ['Alpha', 900],
    ['Bravo', 500],
  ]);
  await staff.prizes(board.leaderboardId, [300, 100]);
  return { staff, slug, ...board };
}

/** Picks the ended period (the newest one that is not current) in the period list. */
async function chooseEndedPeriod(page: Page) {
  const select = page.getByLabel('Period', { exact: true });
  const value = await select.locator('option', { hasText: '· ended' }).first().getAttribute('value');
  await select.selectOption(value!);
  await expect(page).toHaveURL(new RegExp(`period=${value}`));
}

test('an admin adds, corrects, searches, imports and deletes players, then pays the ended period’s prizes', async ({ page, signIn, browser }) => {
  const { staff, slug, leaderboardId } = await boardWithPlayers(browser, 'wagers');
  const admin = uniqueName('WagerAdmin');
  await signIn(admin, 'admin');
  await page.goto(`/admin-new/wager-data?platform=${slug}`);
  await expect(page.getByRole('heading', { name: 'Wager data', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Platform', { exact: true })).toHaveValue(slug);
  await expect(page.getByTestId('period-summary')).toContainText('Current');
  await expect(total(page)).toHaveText('2 players');
  await expect(rows(page)).toHaveText([/#1.*Alpha.*\$900\.00.*Import/, /#2.*Bravo.*\$500\.00.*Import/]);
  await expect(page.getByRole('region', { name: 'Prizes' })).toContainText('Prizes can be marked as paid once this period has ended.');

  // A staff entry: the server's field error first, then the player is ranked among the others.
  const manual = uniqueName('Manual');
  await page.getByRole('button', { name: 'Add player' }).click();
  await expect(dialog(page)).toContainText('Syncs from the partner never overwrite an amount set here.');
  await dialog(page).getByLabel('Casino username').fill(manual);
  await dialog(page).getByRole('button', { name: 'Add player' }).click();
  await expect(dialog(page).getByLabel('Wagered this period')).toHaveAccessibleDescription('Enter the wagered amount as a number.');
  await dialog(page).getByLabel('Wagered this period').fill('700');
  await dialog(page).getByRole('button', { name: 'Add player' }).click();
  await expect(toast(page, `${manual} saved. Syncs will not overwrite a staff entry.`)).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row(page, manual)).toContainText('#2');
  await expect(row(page, manual)).toContainText('$700.00');
  await expect(row(page, manual)).toContainText('Staff');
  await expect(total(page)).toHaveText('3 players');

  // Correcting a player sets their total for the period.
  await page.getByRole('button', { name: 'Correct Bravo' }).click();
  await expect(dialog(page).getByLabel('Casino username')).toHaveValue('Bravo');
  await dialog(page).getByLabel('Wagered this period').fill('1000');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Bravo saved.')).toBeVisible();
  await expect(rows(page).first()).toContainText('Bravo');
  await expect(rows(page).first()).toContainText('$1,000.00');

  // Search keeps the real ranks.
  await page.getByRole('searchbox', { name: 'Search players' }).fill('alp');
  await expect(total(page)).toHaveText('1 player matching “alp”');
  await expect(rows(page)).toHaveText([/#2.*Alpha/]);
  await page.getByRole('searchbox', { name: 'Search players' }).fill('zulu');
  await expect(page.getByRole('heading', { name: 'No player matches' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search players' }).fill('');
  await expect(total(page)).toHaveText('3 players');

  // A good CSV, pasted.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(dialog(page)).toContainText('username,wagered');
  await dialog(page).getByLabel('CSV text').fill('username,wagered\nCharlie,250\nDelta,"$1,250.50"\n');
  await dialog(page).getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Imported 2 players.')).toBeVisible();
  await expect(total(page)).toHaveText('5 players');
  await expect(rows(page).first()).toContainText('Delta');
  await expect(rows(page).first()).toContainText('$1,250.50');

  // A file with one bad line: the error names the line and nobody is added.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: 'wagers.csv', mimeType: 'text/csv', buffer: Buffer.from('Echo,100\nFoxtrot,lots\nGolf,50\n') });
  await expect(dialog(page).getByText('Chosen: wagers.csv')).toBeVisible();
  await expect(dialog(page).getByLabel('CSV text')).toHaveValue('Echo,100\nFoxtrot,lots\nGolf,50\n');
  await dialog(page).getByRole('button', { name: 'Import' }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('Nothing was imported.');
  await expect(dialog(page).getByRole('alert')).toContainText('Line 2: “lots” is not an amount such as 1234.50.');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(total(page)).toHaveText('5 players');
  await expect(row(page, 'Echo')).toHaveCount(0);

  // Deleting asks first.
  await page.getByRole('button', { name: 'Delete Charlie' }).click();
  await expect(dialog(page)).toContainText('Charlie ($250.00) leaves this period');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Player removed from this period.')).toBeVisible();
  await expect(row(page, 'Charlie')).toHaveCount(0);
  await expect(total(page)).toHaveText('4 players');

  // Members see the staff entry on the leaderboard: Delta, Bravo and Alpha on the podium, the staff entry 4th.
  const member = await (await browser.newContext()).newPage();
  await member.goto(`/leaderboard?platform=${slug}`);
  await expect(member.getByTestId('standing-row').first()).toContainText(manual);
  await expect(member.getByTestId('standing-row').first()).toContainText('$700.00');
  await member.context().close();

  // The period ends; its prizes go to Delta and Bravo.
  await staff.endPeriod(leaderboardId);
  await staff.close();
  await page.reload();
  await chooseEndedPeriod(page);
  await expect(page.getByTestId('period-summary')).toContainText('Ended');
  const prizes = page.getByRole('region', { name: 'Prizes' });
  await expect(prizes.getByRole('listitem')).toHaveText([/#1.*Delta.*\$300\.00/, /#2.*Bravo.*\$100\.00/]);
  await prizes.getByRole('button', { name: 'Mark prizes as paid' }).click();
  await expect(dialog(page)).toContainText('$400.00 to 2 players, added to the total given away');
  await dialog(page).getByRole('button', { name: 'Mark as paid' }).click();
  await expect(toast(page, 'Prizes marked as paid; they now count toward the total given away.')).toBeVisible();
  await expect(page.getByTestId('prizes-paid')).toContainText(new RegExp(`Paid \\w{3} \\d+, \\d{4} by ${admin}`));
  await expect(prizes.getByRole('button', { name: 'Mark prizes as paid' })).toHaveCount(0);
  // Paid standings are final: the change controls are gone and the page says why.
  await expect(page.getByText('The prizes of this period are paid, so its standings are final.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add player' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Correct Delta' })).toHaveCount(0);
  await expect(page.getByTestId('period-summary')).toContainText('Prizes paid');
});

test('a moderator reads the standings and prizes but gets no change controls', async ({ page, signIn, browser }) => {
  const { staff, slug, leaderboardId } = await boardWithPlayers(browser, 'wagersmod');
  await staff.endPeriod(leaderboardId);
  await staff.close();
  await signIn(uniqueName('WagerMod'), 'moderator');
  await page.goto(`/admin-new/wager-data?platform=${slug}`);
  await expect(page.getByTestId('period-summary')).toContainText('Current');
  await expect(page.getByRole('heading', { name: 'No wagers in this period' })).toBeVisible();
  await chooseEndedPeriod(page);
  await expect(rows(page)).toHaveText([/#1.*Alpha.*\$900\.00/, /#2.*Bravo.*\$500\.00/]);
  await expect(page.getByText('Only admins change standings and mark prizes as paid.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prizes' })).toContainText('Not paid yet. Only admins mark prizes as paid.');
  for (const name of ['Add player', 'Import CSV', 'Mark prizes as paid', 'Correct Alpha', 'Delete Alpha']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
});
