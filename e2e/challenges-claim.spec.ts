import type { Page } from '@playwright/test';
import { uniqueName } from './fixtures';
import { expect, pngOf, test } from './challenge-staff';

/*
 * Claiming a challenge from /challenges (spec 1 §2, §4, §5, §8): the claim modal's rules in the browser, a claim
 * with two images through the real upload, My Claims, staff approving it with notes, and the member seeing
 * Approved, the notes and a notification.
 */

const card = (page: Page, name: string) => page.getByTestId('challenge-card').filter({ has: page.getByText(name, { exact: true }) });
const details = (page: Page) => page.getByRole('dialog', { name: 'Challenge Details' });
const claimForm = (page: Page) => page.getByRole('dialog', { name: 'Submit Claim' });
const evidenceInput = (page: Page) => claimForm(page).locator('input[type="file"]');
const toast = (page: Page, type: 'success' | 'error', text: string | RegExp) => page.locator(`[data-toast="${type}"]`).filter({ hasText: text });
const png = async (name: string, colour: string) => ({ name, mimeType: 'image/png', buffer: await pngOf(colour) });

async function openClaimForm(page: Page, slotName: string) {
  await page.goto('/challenges');
  await card(page, slotName).getByRole('button', { name: slotName }).click();
  await details(page).getByRole('button', { name: 'Submit Claim' }).click();
  await expect(claimForm(page)).toBeVisible();
}

test('a member claims with two images; staff approve it with notes; the member sees Approved, the notes and a notification', async ({ page, signIn, challengeStaff: staff }) => {
  test.slow();
  const challenge = await staff.create({ multiplier: 1000, prize_type: 'points', prize_amount: 2500 });
  await signIn(uniqueName('Winner'));
  await openClaimForm(page, challenge.slot_name);
  const form = claimForm(page);
  await expect(form).toContainText('1000.00x');
  await evidenceInput(page).setInputFiles([await png('first-hit.png', '#cc4422'), await png('second-hit.png', '#22aa66')]);
  await expect(form.getByTestId('image-preview')).toHaveCount(2);
  await expect(form.getByRole('img', { name: 'second-hit.png' })).toBeVisible();
  await form.getByLabel('Description').fill('  Hit 1,024x on a $0.40 spin, 2nd bonus of the night.  ');

  // Held a moment so the busy state can be seen.
  await page.route('**/api/r/challenges/*/claim', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(form.getByRole('button', { name: /Submitting\.\.\./ })).toBeDisabled();
  await expect(toast(page, 'success', 'Claim submitted successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  // The details reloaded: the claim is listed and waits for review.
  const dialog = details(page);
  await expect(dialog.getByTestId('claim-pending')).toHaveText('Claim pending review');
  await expect(dialog.getByRole('button', { name: 'Submit Claim' })).toHaveCount(0);
  await expect(dialog.getByTestId('details-claims-count')).toHaveText('1 claim');
  await expect(dialog.getByTestId('challenge-claim')).toContainText('Hit 1,024x on a $0.40 spin, 2nd bonus of the night.');
  await page.keyboard.press('Escape');
  await expect(card(page, challenge.slot_name).getByTestId('own-claim')).toContainText('Claim pending review');
  await expect(card(page, challenge.slot_name).getByTestId('challenge-claims-count')).toHaveText('1 claim');

  await page.getByRole('tab', { name: 'My Claims' }).click();
  const mine = page.getByTestId('my-claim').filter({ hasText: challenge.slot_name });
  await expect(mine.getByTestId('claim-status')).toHaveText('Pending');
  await expect(mine).toContainText('1000.00x');
  await expect(mine.getByTestId('my-claim-description')).toHaveText('Hit 1,024x on a $0.40 spin, 2nd bonus of the night.');
  const thumbnails = mine.getByTestId('evidence-thumbnail');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveAttribute('target', '_blank');
  const href = await thumbnails.first().getAttribute('href');
  expect(href).toMatch(/^\/storage\/challenge-claims\/[0-9a-f]{32}\.webp$/);
  expect((await page.request.get(href!)).headers()['content-type']).toBe('image/webp');
  await expect(mine.getByTestId('claim-reviewed')).toHaveCount(0);
  await expect(mine.getByTestId('admin-notes')).toHaveCount(0);

  const [claim] = await staff.claims({ challenge_id: challenge.id });
  await staff.approve(claim.id, 'Clean hit, 2,500 points are yours!');
  await page.reload();
  await expect(mine.getByTestId('claim-status')).toHaveText('Approved');
  await expect(mine.getByTestId('admin-notes')).toContainText('Clean hit, 2,500 points are yours!');
  await expect(mine.getByTestId('claim-reviewed')).toContainText('Reviewed');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByTestId('notification').filter({ hasText: challenge.slot_name }).first()).toContainText('Congratulations!');

  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(card(page, challenge.slot_name).getByTestId('own-claim')).toContainText('Your claim was approved');
});

test('the claim form: a blank description keeps Submit disabled, more than five images are refused, unfit files are named, previews can be removed', async ({ page, signIn, challengeStaff: staff }) => {
  const challenge = await staff.create();
  await signIn(uniqueName('Careful'));
  await openClaimForm(page, challenge.slot_name);
  const form = claimForm(page);
  const submit = form.getByRole('button', { name: 'Submit Claim' });
  const description = form.getByLabel('Description');
  await expect(description).toBeFocused();
  await expect(submit).toBeDisabled();
  await description.fill('   \n  ');
  await expect(submit).toBeDisabled();
  await description.blur();
  await expect(form.getByText('Please provide a description of your achievement')).toBeVisible();

  const six = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'].map((colour, index) => png(`shot-${index + 1}.png`, colour)));
  await evidenceInput(page).setInputFiles(six);
  await expect(form.getByTestId('image-error')).toHaveText('You can only upload up to 5 images');
  await expect(form.getByTestId('image-preview')).toHaveCount(0);

  await evidenceInput(page).setInputFiles([
    six[0],
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(form.getByTestId('image-error')).toHaveText('File huge.png is too large. Maximum size is 5MB. File notes.txt is not an image.');
  await expect(form.getByTestId('image-preview')).toHaveCount(1);
  await evidenceInput(page).setInputFiles(six.slice(1, 5));
  await expect(form.getByTestId('image-preview')).toHaveCount(5);
  await expect(evidenceInput(page)).toBeDisabled();
  await form.getByRole('button', { name: 'Remove shot-3.png' }).click();
  await expect(form.getByTestId('image-preview')).toHaveCount(4);
  await expect(form.getByRole('img', { name: 'shot-3.png' })).toHaveCount(0);
  await expect(evidenceInput(page)).toBeEnabled();

  await description.fill('Clip in the VOD at 2:13:00.');
  await expect(submit).toBeEnabled();
  await expect(form.getByText('Please provide a description of your achievement')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(details(page)).toBeVisible();
});

test('a refusal from the server is shown and the form stays open', async ({ page, signIn, challengeStaff: staff }) => {
  const challenge = await staff.create();
  await signIn(uniqueName('TooLate'));
  await openClaimForm(page, challenge.slot_name);
  await staff.update(await staff.challenge(challenge.id), { is_active: false });
  await claimForm(page).getByLabel('Description').fill('Hit it just now!');
  await claimForm(page).getByRole('button', { name: 'Submit Claim' }).click();
  await expect(toast(page, 'error', 'This challenge is not active.')).toBeVisible();
  await expect(claimForm(page)).toBeVisible();
  await claimForm(page).getByRole('button', { name: 'Cancel' }).click();
  // The details reloaded after the refusal: no more Submit Claim on a switched-off challenge.
  await expect(details(page).getByTestId('challenge-status')).toHaveText('Expired');
  await expect(details(page).getByRole('button', { name: 'Submit Claim' })).toHaveCount(0);
});
