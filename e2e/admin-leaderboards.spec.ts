import type { Page } from '@playwright/test';
import { FAKE_PARTNER_KEYS, startFakePartners } from '../server/test/fake-partners';
import { expect, test, uniqueName } from './fixtures';
import { leaderboardStaff } from './leaderboard-staff';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const platformCard = (page: Page, name: string) => page.getByTestId('admin-platform').filter({ has: page.getByRole('heading', { name, exact: true }) });
const toast = (page: Page, text: string) => page.locator('[data-toast="success"]').filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');

// A fake Rainbet (and the other partners) in this worker's own process; the e2e server fetches from it.
let partners: Awaited<ReturnType<typeof startFakePartners>>;
test.beforeAll(async () => {
  partners = await startFakePartners();
});
test.afterAll(async () => {
  await partners.close();
});

test('an admin adds a platform with a logo and a leaderboard, sets prizes, moves the period dates and ends the period', async ({ page, signIn }) => {
  await signIn(uniqueName('BoardBoss'), 'admin');
  await page.goto('/admin-new/leaderboards');
  await expect(page.getByRole('heading', { name: 'Leaderboards', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New platform' }).click();
  const form = dialog(page);
  // The server's field errors show next to their fields.
  await form.getByLabel('Name', { exact: true }).fill('X');
  await form.getByLabel('Slug (in the address)').fill('Not a slug!');
  await form.getByRole('button', { name: 'Add platform' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Give the platform a name of at least 2 characters.');
  await expect(form.getByLabel('Slug (in the address)')).toHaveAccessibleDescription(/Use 2 to 40 lower-case letters, digits and dashes/);

  const name = uniqueName('Casino');
  const slug = name.toLowerCase();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Slug (in the address)').fill(slug);
  await form.locator('label').filter({ hasText: 'Upload image' }).locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('Replace image')).toBeVisible();
  await form.getByRole('button', { name: 'Add platform' }).click();
  await expect(toast(page, `“${name}” added.`)).toBeVisible();
  const card = platformCard(page, name);
  await expect(card).toContainText(`/${slug}`);
  await expect(card).toContainText('Names masked');
  await expect(card.locator('img').first()).toHaveAttribute('src', /^\/storage\/.+/);
  await expect(card).toContainText('No leaderboard yet');

  await card.getByRole('button', { name: 'Leaderboard' }).click();
  await dialog(page).getByLabel('Type').selectOption('sports_bet');
  await dialog(page).getByLabel('Period length').selectOption('custom');
  await dialog(page).getByLabel('Days per period').fill('10');
  await dialog(page).getByRole('button', { name: 'Create leaderboard' }).click();
  await expect(toast(page, 'Leaderboard created; its first period has started.')).toBeVisible();
  const board = card.getByTestId('admin-leaderboard');
  await expect(board).toContainText('Sports Betting');
  await expect(board).toContainText('Every 10 days');
  await expect(board).toContainText(/9d 23h \d+m left/);

  await board.getByRole('button', { name: 'Prizes' }).click();
  const prizes = dialog(page);
  await prizes.getByRole('spinbutton', { name: 'Place 1', exact: true }).fill('500');
  await prizes.getByRole('button', { name: 'Add place' }).click();
  await prizes.getByRole('spinbutton', { name: 'Place 2', exact: true }).fill('250.5');
  await prizes.getByRole('button', { name: 'Add place' }).click();
  await prizes.getByRole('spinbutton', { name: 'Place 3', exact: true }).fill('100');
  await expect(prizes).toContainText('Total prize pool: $850.50');
  await prizes.getByRole('button', { name: 'Remove place 3' }).click();
  await expect(prizes).toContainText('Total prize pool: $750.50');
  await prizes.getByRole('button', { name: 'Save prizes' }).click();
  await expect(toast(page, 'Prizes saved.')).toBeVisible();
  await expect(board).toContainText('$750.50');

  await board.getByRole('button', { name: 'Dates' }).click();
  const dates = dialog(page);
  await dates.getByLabel('Ends').fill('2020-01-01T00:00');
  await dates.getByRole('button', { name: 'Save dates' }).click();
  await expect(dates.getByLabel('Ends')).toHaveAccessibleDescription('The end must be after the start.');
  await dates.getByLabel('Ends').fill('2030-01-15T12:00');
  await dates.getByRole('button', { name: 'Save dates' }).click();
  await expect(toast(page, 'Period dates saved.')).toBeVisible();
  await expect(board).toContainText(/– Jan 1[45], 2030/);

  await board.getByRole('button', { name: 'End period now' }).click();
  const confirm = page.getByRole('alertdialog').or(dialog(page));
  await expect(confirm).toContainText('the next period starts at once');
  await confirm.getByRole('button', { name: 'End period' }).click();
  await expect(toast(page, 'The period has ended and the next one has started.')).toBeVisible();
  await expect(board).toContainText('Last period');
  await expect(board).not.toContainText('2030');
  await expect(board).toContainText(/9d 23h \d+m left/);
});

test('an admin connects a wager source to a fake Rainbet: the test shows a sample, Sync now fills the board, a wrong key shows in the status', async ({ page, signIn, browser }) => {
  partners.state.players = [
    { username: 'HighRoller', wagered: 4200 },
    { username: 'SpinQueen', wagered: 1234.56 },
    { username: 'LuckyLuke', wagered: 99 },
  ];
  const staff = await leaderboardStaff(browser);
  const name = uniqueName('Rainy');
  await staff.board({ name, slug: name.toLowerCase(), mask_names: false });
  await staff.close();

  await signIn(uniqueName('SyncBoss'), 'admin');
  await page.goto('/admin-new/leaderboards');
  const board = platformCard(page, name).getByTestId('admin-leaderboard');
  await expect(board).toContainText('No wager source');
  await board.getByRole('button', { name: 'Connect a source' }).click();
  const form = dialog(page);
  await form.getByLabel('Partner').selectOption('rainbet');
  // Without its key a partner's source is refused, at the key's field.
  await form.getByRole('button', { name: 'Save source' }).click();
  await expect(form.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText("Enter the partner's API key.")).toBeVisible();
  await form.getByLabel('API address (optional)').fill('not an address');
  await form.getByLabel('API key').fill(FAKE_PARTNER_KEYS.rainbet);
  await form.getByRole('button', { name: 'Save source' }).click();
  await expect(form.getByLabel('API address (optional)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('API address (optional)').fill(partners.url);
  await form.getByRole('button', { name: 'Test connection' }).click();
  const result = form.getByTestId('source-test-result');
  await expect(result).toContainText('Connected: 3 players');
  await expect(result.locator('tbody tr')).toHaveText([/HighRoller\s*\$4,200\.00/, /SpinQueen\s*\$1,234\.56/, /LuckyLuke\s*\$99\.00/]);
  await form.getByRole('button', { name: 'Save source' }).click();
  await expect(toast(page, 'Source saved')).toBeVisible();
  const status = board.getByTestId('source-status');
  await expect(status).toContainText('Rainbet · every 5 min');

  await board.getByRole('button', { name: 'Sync now' }).click();
  // A saved source is due at once, so the 15 s background sync may be running it at this very moment: then
  // the button says so, and the sync still fills the board.
  const alreadyRunning = page.locator('[data-toast="error"]').filter({ hasText: 'A sync of this source is already running.' });
  await expect(toast(page, 'Synced: 3 players.').or(alreadyRunning)).toBeVisible();
  await expect(status).toContainText('Last good sync Just now · 3 players');

  const member = await browser.newPage();
  await member.goto(`/leaderboard?platform=${name.toLowerCase()}`);
  await expect(member.getByTestId('podium-entry').first()).toContainText('HighRoller');
  await expect(member.getByText('SpinQueen').first()).toBeVisible();
  await member.close();

  // The key is write-only: the form says one is saved; typing a new one replaces it.
  await board.getByRole('button', { name: 'Source settings' }).click();
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', 'Key saved: type to replace it');
  await form.getByLabel('API key').fill('a-wrong-key');
  await form.getByRole('button', { name: 'Save source' }).click();
  await expect(form).toHaveCount(0);
  await board.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.locator('[data-toast="error"]').filter({ hasText: 'Sync failed: The partner refused the key (HTTP 401)' })).toBeVisible();
  await expect(status.getByRole('alert')).toContainText('The partner refused the key (HTTP 401)');
  await expect(status.getByRole('alert')).toContainText(/(1 failure|\d+ failures) in a row, Just now/);
  await expect(status).toContainText('Last good sync Just now · 3 players');

  await board.getByRole('button', { name: 'Remove source' }).click();
  await page.getByRole('button', { name: 'Remove source' }).last().click();
  await expect(toast(page, 'Source removed.')).toBeVisible();
  await expect(board).toContainText('No wager source');
});

test('a moderator sees the leaderboards but cannot change them', async ({ page, signIn, browser }) => {
  const staff = await leaderboardStaff(browser);
  const name = uniqueName('ReadOnly');
  const { leaderboardId } = await staff.board({ name, slug: name.toLowerCase() });
  await staff.prizes(leaderboardId, [300, 200]);
  await staff.close();

  await signIn(uniqueName('Watcher'), 'moderator');
  await page.goto('/admin-new/leaderboards');
  const card = platformCard(page, name);
  await expect(card.getByTestId('admin-leaderboard')).toContainText('$500.00');
  await expect(card.getByTestId('admin-leaderboard')).toContainText('No wager source');
  await expect(page.getByRole('button', { name: 'New platform' })).toHaveCount(0);
  for (const label of ['Leaderboard', 'Prizes', 'Dates', 'End period now', 'Connect a source']) await expect(card.getByRole('button', { name: label })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
});
