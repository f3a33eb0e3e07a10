import type { Page } from '@playwright/test';
import { MOBILE, signInAs, uniqueName } from './fixtures';
import { expect, slotGame, test } from './hunt-staff';
import { adminShot, pickSuggestion, toast } from './admin-hunt-ui';

/* The slot catalogue in the admin panel: add with a picture, edit, search, merge duplicates, delete what no hunt played. */

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const slotRow = (page: Page, name: string) => page.getByTestId('slot-row').filter({ hasText: name });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search slots' });

test('staff add a slot with a picture (field error first), edit it and find it by name or provider', async ({ page }) => {
  const name = uniqueName('Sugar Rush ');
  await signInAs(page, uniqueName('SlotKeeper'), 'moderator');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Slots' }).click();
  await expect(page).toHaveURL('/admin-new/slots');
  await expect(page.getByRole('heading', { name: 'Slots', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New slot' }).click();
  const form = page.getByRole('dialog', { name: 'New slot' });
  await form.getByRole('button', { name: 'Add slot' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name the slot.');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Provider').fill('Pragmatic Play');
  await form.locator('label').filter({ hasText: 'Upload image' }).locator('input[type="file"]').setInputFiles({ name: 'slot.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('Replace image')).toBeVisible();
  await expect.poll(() => form.locator('img[src^="/storage/slots/"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Add slot' }).click();
  await expect(toast(page, `“${name}” added to the catalogue.`)).toBeVisible();
  await expect(form).toHaveCount(0);

  await search(page).fill(name);
  await expect(page.getByTestId('slot-row')).toHaveCount(1);
  await expect(slotRow(page, name)).toContainText('Pragmatic Play');
  // The list shows the picture as its small thumbnail (the upload at 96 px).
  await expect(slotRow(page, name).locator('img')).toHaveAttribute('src', /^\/thumbs\/slots\/.+/);
  await expect.poll(() => slotRow(page, name).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);

  // The same name again is refused on the field.
  await page.getByRole('button', { name: 'New slot' }).click();
  await form.getByLabel('Name').fill(name.toUpperCase());
  await form.getByRole('button', { name: 'Add slot' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('A slot with this name is already in the catalogue.');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByLabel('Provider')).toHaveValue('Pragmatic Play');
  await edit.getByLabel('Provider').fill('Pragmatic Play Live');
  await edit.getByRole('button', { name: 'Save slot' }).click();
  await expect(toast(page, `“${name}” saved.`)).toBeVisible();
  await search(page).fill('Pragmatic Play Live');
  await expect(slotRow(page, name)).toContainText('Pragmatic Play Live');

  // Nothing played it: it can be deleted.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${name}”?` });
  await expect(remove).toContainText('No hunt has played it.');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `“${name}” deleted from the catalogue.`)).toBeVisible();
  await expect(slotRow(page, name)).toHaveCount(0);
  await search(page).fill('zz-nothing-matches-this');
  await expect(page.getByRole('heading', { name: 'No slots found' })).toBeVisible();
});

test('a duplicate a hunt played cannot be deleted; merged into the slot to keep, the hunt shows the kept slot', async ({ page, huntStaff }) => {
  const kept = uniqueName('Big Bass Bonanza ');
  const duplicate = `${kept} (dup)`;
  await huntStaff.addSlot(kept, 'Pragmatic Play');
  const hunt = await huntStaff.startHunt({ start_balance: 100 }, [slotGame(duplicate, 2)]);

  await signInAs(page, uniqueName('SlotMerger'), 'admin');
  await page.goto('/admin-new/slots');
  await search(page).fill(kept);
  await expect(page.getByTestId('slot-row')).toHaveCount(2);
  await expect(slotRow(page, duplicate)).toContainText('1 play');

  await page.getByRole('button', { name: `Delete ${duplicate}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete “${duplicate}”?` });
  await expect(remove).toContainText('cannot be deleted. Merge it into another slot instead.');
  await expect(remove.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await remove.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Merge ${duplicate}` }).click();
  const merge = page.getByRole('dialog', { name: `Merge “${duplicate}” into another slot` });
  await expect(merge.getByRole('button', { name: 'Merge' })).toBeDisabled();
  const keep = merge.getByRole('combobox', { name: 'Slot to keep' });
  // The duplicate itself is not offered.
  await keep.fill(kept);
  await expect(page.getByRole('option')).toHaveCount(1);
  await pickSuggestion(keep, kept, kept);
  await expect(keep).toHaveValue(kept);
  await expect(merge.getByRole('status')).toContainText(`1 play of “${duplicate}” moves to “${kept}” (Pragmatic Play)`);
  await adminShot(page, 'merge-dialog-desktop');
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, `“${duplicate}” merged into “${kept}”: 1 game moved.`)).toBeVisible();
  await expect(page.getByTestId('slot-row')).toHaveCount(1);
  await expect(slotRow(page, kept)).toContainText('1 play');
  expect((await huntStaff.hunt(hunt.id)).games.map((game) => game.slot_name)).toEqual([kept]);
});

test('the catalogue fits a phone', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signInAs(page, uniqueName('PhoneSlots'), 'admin');
  await page.goto('/admin-new/slots');
  await expect(page.getByRole('heading', { name: 'Slots', level: 1 })).toBeVisible();
  await expect(page.getByTestId('slot-row').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await adminShot(page, 'slots-mobile');
  await page.setViewportSize({ width: 1440, height: 900 });
  await adminShot(page, 'slots-desktop');
});
