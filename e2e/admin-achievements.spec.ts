import type { Page } from '@playwright/test';
import { DESKTOP, expect, signedInElsewhere, test, uniqueName } from './fixtures';

test.use({ viewport: DESKTOP });

const STARTERS = ['First Friend', 'Social Butterfly', 'Rising Star', 'Veteran', 'Fortune Teller', 'Bracket Brain', 'Feeling Lucky', 'OG', 'Treat Yourself'];

const toast = (page: Page, text: string) => page.locator('[data-toast="success"]').filter({ hasText: text });
const definitions = (page: Page) => page.getByTestId('achievement-definition');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A row of the list: its first line is the title, then the category. */
const definition = (page: Page, title: string) =>
  definitions(page).filter({ hasText: new RegExp(`^\\s*${escaped(title)} (gaming|social|wagering|milestone|special|bonus)`) });

async function openMember(page: Page, name: string) {
  await page.goto('/admin-new/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(name);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText(`@${name}`)).toBeVisible();
  return detail;
}

test('an admin creates, edits, awards, revokes and deletes an achievement', async ({ page, signIn, browser }) => {
  const memberName = uniqueName('Earner');
  const member = await signedInElsewhere(browser, memberName);
  await signIn(uniqueName('Chief'), 'admin');

  await page.goto('/admin-new/achievements');
  await expect(page.getByRole('heading', { name: 'Achievements' })).toBeVisible();
  await expect(page).toHaveTitle('Achievements · Admin · NightSpin');
  for (const title of STARTERS) await expect(definition(page, title)).toHaveCount(1);
  await expect(definition(page, 'First Friend')).toContainText('Number of friends ≥ 1');
  await expect(definition(page, 'OG')).toContainText('Awarded by staff only');

  // Validation: an empty form, then an automatic rule without its threshold.
  await page.getByRole('button', { name: 'New achievement' }).click();
  const form = page.getByRole('dialog', { name: 'New achievement' });
  await form.getByRole('button', { name: 'Create achievement' }).click();
  const titleField = form.getByLabel('Title');
  const descriptionField = form.getByLabel('Description');
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField).toHaveAccessibleDescription('Give the achievement a title of at least 2 characters.');
  await expect(descriptionField).toHaveAttribute('aria-invalid', 'true');
  await expect(descriptionField).toHaveAccessibleDescription('Describe how to earn it in at least 3 characters.');

  const title = uniqueName('Night Owl ');
  await titleField.fill(title);
  await descriptionField.fill('Watched a whole stream after midnight.');
  await form.getByLabel('Awarded').selectOption({ label: 'Automatically: number of friends' });
  await expect(form.getByLabel('Threshold')).toBeVisible();
  await form.getByRole('button', { name: 'Create achievement' }).click();
  await expect(form.getByLabel('Threshold')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Threshold')).toHaveAccessibleDescription('Automatic achievements need a threshold.');
  await expect(titleField).not.toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Awarded').selectOption({ label: 'Awarded by staff only' });
  await expect(form.getByLabel('Threshold')).toHaveCount(0);
  await form.getByLabel('Category').selectOption({ label: 'Special' });
  await form.getByRole('radio', { name: 'rocket' }).check({ force: true });
  await form.getByRole('button', { name: 'Create achievement' }).click();
  await expect(toast(page, `“${title}” created.`)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(definition(page, title)).toContainText('Watched a whole stream after midnight.');
  await expect(definition(page, title)).toContainText('Awarded by staff only · held by 0 members');

  // Edit.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${title}”` });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Description').fill('Stayed for the whole late-night stream.');
  await edit.getByRole('button', { name: 'Save achievement' }).click();
  await expect(toast(page, `“${title}” saved.`)).toBeVisible();
  await expect(definition(page, title)).toContainText('Stayed for the whole late-night stream.');

  // Award it to the member from their page in Members.
  const detail = await openMember(page, memberName);
  await expect(detail.getByRole('region', { name: 'Achievements' })).toContainText('Achievements (0)');
  await detail.getByLabel('Award an achievement').selectOption({ label: title });
  await detail.getByRole('button', { name: 'Award' }).click();
  await expect(toast(page, `Achievement awarded to ${memberName}.`)).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Achievements' })).toContainText('Achievements (1)');
  await expect(detail.getByRole('button', { name: `Revoke ${title}` })).toBeVisible();
  await expect(detail.getByLabel('Award an achievement').getByRole('option', { name: title })).toHaveCount(0);

  // The member sees it on their profile and was notified.
  await member.goto(`/profile/${memberName}?tab=achievements`);
  await expect(member.getByTestId('achievement').filter({ hasText: title })).toContainText('Stayed for the whole late-night stream.');
  await member.getByRole('button', { name: /^Notifications/ }).click();
  await expect(member.getByTestId('notification').filter({ hasText: `Achievement unlocked: ${title}!` })).toHaveCount(1);
  await member.keyboard.press('Escape');

  // Revoke.
  await detail.getByRole('button', { name: `Revoke ${title}` }).click();
  await expect(toast(page, 'Achievement revoked.')).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Achievements' })).toContainText('Achievements (0)');
  await expect(detail.getByLabel('Award an achievement').getByRole('option', { name: title })).toHaveCount(1);
  await member.reload();
  await expect(member.getByText('No achievements yet')).toBeVisible();
  await expect(member.getByTestId('achievement')).toHaveCount(0);

  // Delete, after a confirmation (Cancel first keeps it).
  await page.goto('/admin-new/achievements');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(definition(page, title)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Achievement deleted, and taken back from every member who had it.')).toBeVisible();
  await expect(definition(page, title)).toHaveCount(0);
  await page.reload();
  await expect(definition(page, 'OG')).toHaveCount(1);
  await expect(definition(page, title)).toHaveCount(0);
  await member.context().close();
});

test("a moderator sees the achievements but cannot create, edit or delete them", async ({ page, signIn }) => {
  await signIn(uniqueName('Mod'), 'moderator');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Achievements' }).click();
  await expect(page).toHaveURL('/admin-new/achievements');
  await expect(page.getByRole('heading', { name: 'Achievements' })).toBeVisible();
  for (const title of STARTERS) await expect(definition(page, title)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'New achievement' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const refused = await page.request.post('/admin-new/api/achievements', {
    headers: { 'X-CSRF-TOKEN': csrf },
    data: { title: 'Sneaky', description: 'Not allowed.', category: 'special', icon: 'star', rule_kind: 'manual', rule_threshold: null },
  });
  expect(refused.status()).toBe(403);
});
