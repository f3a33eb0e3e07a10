import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { EarningRules } from '../common/contracts/earning';
import { MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';

// Several sign-ins and full page loads per test: give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const csrf = async (page: Page) => ({ 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' });

/** The earning rules through the admin API, from a staff page (signed in, with the CSRF meta tag). */
async function rulesApi(staff: Page) {
  const headers = await csrf(staff);
  return {
    async get(): Promise<EarningRules> {
      const response = await staff.request.get('/admin-new/api/earning-rules');
      expect(response.status()).toBe(200);
      return (await response.json()).data;
    },
    put: (rules: EarningRules) => staff.request.put('/admin-new/api/earning-rules', { headers, data: rules }),
  };
}

const toast = (page: Page, type: 'success' | 'error', text: string) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const section = (page: Page, name: string) => page.getByRole('region', { name });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' });
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function openEarningRules(page: Page) {
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Earning rules' }).click();
  await expect(page).toHaveURL('/admin-new/earning-rules');
  await expect(page.getByRole('heading', { name: 'Earning rules', level: 1 })).toBeVisible();
  await expect(section(page, 'General').getByLabel('Site time zone')).not.toHaveValue('');
}

test('an admin changes the chat points and the ignored accounts; they are saved and stay after a reload', async ({ page, signIn }) => {
  await signIn(uniqueName('Chief'), 'admin');
  const api = await rulesApi(page);
  const original = await api.get();
  const [bot, spare] = [uniqueName('E2eBot'), uniqueName('E2eSpare')];
  const points = String(original.chat.points + 7);
  try {
    await openEarningRules(page);
    const chat = section(page, 'Chat activity');
    const ignored = section(page, 'Ignored Kick accounts');
    const chatPoints = chat.getByLabel('Points per interval');
    await expect(chatPoints).toHaveValue(String(original.chat.points));
    await expect(saveButton(page)).toBeDisabled();

    // Discard puts the saved values back.
    await chatPoints.fill('999');
    await expect(saveButton(page)).toBeEnabled();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(chatPoints).toHaveValue(String(original.chat.points));
    await expect(saveButton(page)).toBeDisabled();

    await chatPoints.fill(points);
    const add = ignored.getByLabel('Add a Kick account');
    await add.fill(bot);
    await add.press('Enter');
    await expect(ignored.getByRole('listitem').filter({ hasText: bot })).toBeVisible();
    await expect(add).toHaveValue('');
    await add.fill('not a name!');
    await ignored.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(ignored.getByRole('alert')).toHaveText('Kick names use letters, numbers, - and _ (at most 40).');
    await add.fill(bot.toUpperCase());
    await add.press('Enter');
    await expect(ignored.getByRole('alert')).toHaveText(`${bot.toUpperCase()} is already on the list.`);
    await add.fill(spare);
    await ignored.getByRole('button', { name: 'Add', exact: true }).click();
    await ignored.getByRole('button', { name: `Remove ${spare}` }).click();
    await expect(ignored.getByRole('listitem').filter({ hasText: spare })).toHaveCount(0);

    await saveButton(page).click();
    await expect(toast(page, 'success', 'Earning rules saved.')).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await expect(page.getByText('All changes saved.')).toBeVisible();

    await page.reload();
    await expect(chatPoints).toHaveValue(points);
    await expect(ignored.getByRole('listitem').filter({ hasText: bot })).toBeVisible();
    await expect(ignored.getByRole('button', { name: `Remove ${bot}` })).toBeVisible();
    await expect(ignored.getByRole('listitem').filter({ hasText: spare })).toHaveCount(0);
    const saved = await api.get();
    expect(saved.chat.points).toBe(Number(points));
    expect(saved.ignored_kick_accounts).toContain(bot);
    expect(saved.ignored_kick_accounts).not.toContain(spare);
  } finally {
    // Put back only what this test changed, so a parallel test's own changes survive.
    const now = await api.get();
    const restore = { ...now, chat: { ...now.chat, points: original.chat.points }, ignored_kick_accounts: now.ignored_kick_accounts.filter((name) => name !== bot && name !== spare) };
    expect((await api.put(restore)).status()).toBe(200);
  }
});

test('an invalid rule shows its field error and nothing is saved', async ({ page, signIn }) => {
  await signIn(uniqueName('Chief'), 'admin');
  const api = await rulesApi(page);
  const before = await api.get();
  await openEarningRules(page);
  const chat = section(page, 'Chat activity');
  const active = chat.getByLabel('Active minutes');
  await chat.getByLabel('Interval (minutes)').fill('10');
  await active.fill('5');
  await saveButton(page).click();
  await expect(toast(page, 'error', 'Must be at least the interval.')).toBeVisible();
  await expect(active).toHaveAttribute('aria-invalid', 'true');
  await expect(active).toHaveAccessibleDescription('Must be at least the interval.');
  await expect(active).toBeFocused();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();

  // An emptied box is named too, rather than saved as 0.
  await active.fill('10');
  await chat.getByLabel('XP per interval').fill('');
  await saveButton(page).click();
  await expect(chat.getByLabel('XP per interval')).toHaveAccessibleDescription('Enter a whole number.');
  await expect(active).not.toHaveAttribute('aria-invalid', 'true');

  const after = await api.get();
  expect([after.chat.interval_minutes, after.chat.active_minutes, after.chat.xp]).toEqual([before.chat.interval_minutes, before.chat.active_minutes, before.chat.xp]);
  await page.reload();
  await expect(chat.getByLabel('Interval (minutes)')).toHaveValue(String(before.chat.interval_minutes));
  await expect(active).toHaveValue(String(before.chat.active_minutes));
  await expect(active).not.toHaveAttribute('aria-invalid', 'true');
});

test('a moderator sees the earning rules read-only', async ({ page, signIn }) => {
  await signIn(uniqueName('Mod'), 'moderator');
  const api = await rulesApi(page);
  const rules = await api.get();
  expect((await api.put(rules)).status()).toBe(403);

  await openEarningRules(page);
  await expect(page.getByText('Only admins can change earning rules.')).toBeVisible();
  await expect(section(page, 'General').getByLabel('Site time zone')).toHaveValue(rules.time_zone);
  await expect(section(page, 'General').getByLabel('Site time zone')).toBeDisabled();
  await expect(section(page, 'Multipliers').getByLabel('VIP multiplier')).toBeDisabled();
  await expect(section(page, 'Daily bonus').getByLabel('Points on day 1')).toHaveValue(String(rules.daily_bonus.points));
  await expect(page.getByRole('switch', { name: 'Pay for chat activity' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Pay for chat activity' })).toHaveAttribute('aria-checked', String(rules.chat.enabled));
  const ignored = section(page, 'Ignored Kick accounts');
  // (Names other tests add for a moment are left out: they may come and go while this runs.)
  for (const name of rules.ignored_kick_accounts.filter((account) => !account.startsWith('E2e'))) {
    await expect(ignored.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
  await expect(ignored.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(ignored.getByLabel('Add a Kick account')).toHaveCount(0);
  await expect(saveButton(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Discard changes' })).toHaveCount(0);
});

test('the points ledger lists an adjustment, filters by member, reason and days, and exports the filtered CSV', async ({ page, signIn, browser }) => {
  const memberName = uniqueName('Ledger');
  const member = await signedInElsewhere(browser, memberName);
  const { user } = await (await member.request.get('/api/r/session')).json();
  await member.context().close();
  const admin = uniqueName('Chief');
  await signIn(admin, 'admin');
  const headers = await csrf(page);
  const note = `E2E ledger bonus ${memberName}`;
  for (const change of [{ delta: 321, reason: note }, { delta: -21, reason: 'E2E correction' }]) {
    expect((await page.request.post(`/admin-new/api/members/${user.id}/points`, { headers, data: change })).status()).toBe(200);
  }

  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Points ledger' }).click();
  await expect(page).toHaveURL('/admin-new/ledger');
  await expect(page.getByRole('heading', { name: 'Points ledger' })).toBeVisible();
  const rows = page.getByTestId('ledger-row');
  await expect(rows.filter({ hasText: note })).toBeVisible();

  // Member: typed, debounced, kept in the address.
  await page.getByRole('searchbox', { name: 'Filter by member' }).fill(memberName);
  await expect(page).toHaveURL(`/admin-new/ledger?member=${memberName}`);
  await expect(rows).toHaveCount(2);
  const [correction, bonus] = [rows.nth(0).getByRole('cell'), rows.nth(1).getByRole('cell')];
  await expect(correction).toHaveText([/\w/, new RegExp(`^${memberName}#${user.id}$`), '−21', '300', 'Adjusted by staff', 'E2E correction', admin], { useInnerText: true });
  await expect(bonus).toHaveText([/\w/, new RegExp(memberName), '+321', '321', 'Adjusted by staff', note, admin], { useInnerText: true });
  await expect(bonus.nth(2)).toHaveClass(/text-success/);
  await expect(correction.nth(2)).toHaveClass(/text-red/);
  await expect(page.getByTestId('ledger-total')).toHaveText('2 entries');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  // Reason: the select offers the reasons in the ledger.
  await page.getByLabel('Reason', { exact: true }).selectOption({ label: 'Adjusted by staff' });
  await expect(page).toHaveURL(`/admin-new/ledger?member=${memberName}&reason=admin_adjustment`);
  await expect(rows).toHaveCount(2);

  // The address is shareable: opening it again restores the filters.
  await page.goto(`/admin-new/ledger?member=${memberName}&reason=store_redemption`);
  await expect(page.getByRole('searchbox', { name: 'Filter by member' })).toHaveValue(memberName);
  await expect(page.getByText('No ledger entries match these filters.')).toBeVisible();
  await page.getByLabel('Reason', { exact: true }).selectOption('admin_adjustment');
  await expect(rows).toHaveCount(2);

  // Days (site time zone, both ends included).
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(1));
  await expect(page).toHaveURL(new RegExp(`from=${day(-1)}&to=${day(1)}$`));
  await expect(rows).toHaveCount(2);
  await page.getByLabel('From', { exact: true }).fill(day(-5));
  await page.getByLabel('To', { exact: true }).fill(day(-2));
  await expect(page.getByText('No ledger entries match these filters.')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(-3));
  await expect(page.getByRole('alert').filter({ hasText: 'Must be on or after the start date.' })).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('To', { exact: true }).fill(day(1));
  await expect(rows).toHaveCount(2);

  // Export: the link carries the filters (not the page) and downloads those rows as CSV.
  const link = page.getByRole('link', { name: 'Export CSV' });
  const href = new URL((await link.getAttribute('href'))!, page.url());
  expect(href.pathname).toBe('/admin-new/api/points/ledger.csv');
  expect(Object.fromEntries(href.searchParams)).toEqual({ member: memberName, reason: 'admin_adjustment', from: day(-1), to: day(1) });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^points-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,created_at,member_id,member,delta,balance_after,reason,reference,note,actor');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`,${user.id},${memberName},-21,300,admin_adjustment,,E2E correction,${admin}`);
  expect(lines[2]).toContain(`,${user.id},${memberName},321,321,admin_adjustment,,${note},${admin}`);

  // Clicking a member's name filters by them; Clear filters shows the whole ledger again.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL('/admin-new/ledger');
  await expect(page.getByRole('searchbox', { name: 'Filter by member' })).toHaveValue('');
  await rows.filter({ hasText: note }).getByRole('button', { name: memberName }).click();
  await expect(page).toHaveURL(`/admin-new/ledger?member=${memberName}`);
  await expect(rows).toHaveCount(2);
});

test('both pages fit a phone without sideways scrolling', async ({ page, signIn }) => {
  await page.setViewportSize(MOBILE);
  await signIn(uniqueName('Chief'), 'admin');
  await page.goto('/admin-new/earning-rules');
  await expect(section(page, 'Chat activity').getByLabel('Points per interval')).toBeVisible();
  await expect(saveButton(page)).toBeVisible();
  expect(await fitsWidth(page)).toBeLessThanOrEqual(MOBILE.width);

  await page.goto('/admin-new/ledger');
  await expect(page.getByTestId('ledger-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  expect(await fitsWidth(page)).toBeLessThanOrEqual(MOBILE.width);
});
