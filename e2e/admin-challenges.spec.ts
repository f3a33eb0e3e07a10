import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { pickSuggestion, toast } from './admin-hunt-ui';
import { claimByApi, expect, minutesFromNow, pngOf, test } from './challenge-staff';
import { MOBILE, signedInElsewhere, signInAs, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/* The staff challenge pages: the form and the list, and the review queue from a member's claim to their notification. */

const SHOTS = '/tmp/shots-d';
mkdirSync(SHOTS, { recursive: true });
/** A full-page picture from the top (a scrolled page would show its sticky bars mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** 'YYYY-MM-DDTHH:mm' in this machine's time zone (the browser's), as a datetime-local field takes it. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const rows = (page: Page) => page.getByTestId('admin-challenge-row');
const claims = (page: Page) => page.getByTestId('admin-claim');
const preview = (form: Locator) => form.getByTestId('challenge-image-preview').locator('img');
const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

/** A catalogue slot with a picture, added through the staff API (the type-ahead then offers it). */
async function catalogueSlot(page: Page, name: string) {
  const headers = await csrf(page);
  const upload = await page.request.post('/admin-new/api/slots/images', { headers, multipart: { image: { name: 'slot.png', mimeType: 'image/png', buffer: await pngOf('#d946ef', 96) } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const created = await page.request.post('/admin-new/api/slots', { headers, data: { name, provider: 'Pragmatic Play', image: ((await upload.json()) as { path: string }).path } });
  expect(created.status(), await created.text()).toBe(200);
}

/** Every evidence image of a claim is on screen at its own full size, and loaded. */
async function expectFullSize(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const { natural, shown } = await image.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, shown: Math.round(img.getBoundingClientRect().width) }));
    expect(shown).toBe(natural);
  }
}

/** Opens the member's notifications dropdown (after a reload, so the new one is counted). */
async function notifications(page: Page) {
  await page.reload();
  await bell(page).click();
  const dropdown = page.getByRole('dialog').filter({ hasText: 'Notifications' });
  await expect(dropdown).toBeVisible();
  return dropdown;
}

/** The member's own claims on /challenges → My Claims. */
async function myClaims(page: Page) {
  await page.goto('/challenges');
  await page.getByRole('tab', { name: 'My Claims' }).click();
  return page.getByTestId('my-claim');
}

test('a moderator creates a challenge from a catalogue slot with an uploaded image (field errors first), finds it and edits it', async ({ page }) => {
  test.slow();
  const slot = uniqueName('Sugar Rush ');
  await signInAs(page, uniqueName('ChallengeHost'), 'moderator');
  await catalogueSlot(page, slot);
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Challenges', exact: true }).click();
  await expect(page).toHaveURL('/admin-new/challenges');
  await expect(page.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New challenge' }).click();
  const form = page.getByRole('dialog', { name: 'New challenge' });
  await pickSuggestion(form.getByRole('combobox', { name: 'Slot' }), slot.slice(0, -2), slot);
  await expect(form.getByRole('combobox', { name: 'Slot' })).toHaveValue(slot);
  // The catalogue slot's picture shows until an image of the challenge's own is uploaded.
  await expect(preview(form)).toHaveAttribute('src', /^\/storage\/slots\/.+/);
  await form.getByLabel('Minimum bet ($)').fill('0.20');
  await form.getByLabel('Prize ($)').fill('250');
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(form.getByLabel('Multiplier (x)')).toHaveAccessibleDescription('Enter the multiplier as a number.');
  await expect(toast(page, 'Check the fields marked in red.')).toBeVisible();

  // An end before the start is named under the end.
  await form.getByLabel('Multiplier (x)').fill('1000');
  await form.getByLabel('Starts').fill(localInput(minutesFromNow(-60)));
  await form.getByLabel('Ends').fill(localInput(minutesFromNow(-120)));
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(form.getByLabel('Ends')).toHaveAccessibleDescription('The end must be after the start.');
  await expect(form.getByLabel('Multiplier (x)')).not.toHaveAttribute('aria-invalid');
  await shot(page, 'challenge-form-errors-desktop');

  await form.getByLabel('Ends').fill(localInput(minutesFromNow(3 * 24 * 60)));
  await form.locator('label').filter({ hasText: 'Upload image' }).locator('input[type="file"]').setInputFiles({ name: 'challenge.png', mimeType: 'image/png', buffer: await pngOf('#7c3aed', 120) });
  await expect(form.getByText('Replace image')).toBeVisible();
  await expect(preview(form)).toHaveAttribute('src', /^\/storage\/challenges\/.+/);
  await expect.poll(() => preview(form).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(toast(page, 'Challenge created.')).toBeVisible();
  await expect(form).toHaveCount(0);

  // In the list: found by its slot and by its state, with its figures and its own image.
  await page.getByRole('searchbox', { name: 'Search challenges' }).fill(slot);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page);
  await expect(row.getByTestId('admin-challenge-slot')).toHaveText(slot);
  await expect(row).toContainText('1000.00x');
  await expect(row).toContainText('min bet $0.20');
  await expect(row).toContainText('$250.00');
  await expect(row).toContainText('No claims');
  await expect(row.getByTestId('admin-challenge-state')).toHaveText('Active');
  // The list shows the picture as its small thumbnail (the upload at 96 px).
  await expect(row.locator('img')).toHaveAttribute('src', /^\/thumbs\/challenges\/.+/);
  await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await page.getByRole('radio', { name: 'Upcoming' }).click();
  await expect(page.getByRole('heading', { name: 'No challenges found' })).toBeVisible();
  await page.getByRole('radio', { name: 'Active' }).click();
  await expect(rows(page)).toHaveCount(1);
  await shot(page, 'challenges-list-desktop');

  // Edited: a points prize, starting tomorrow (Upcoming), and without its own image (the catalogue's shows again).
  await row.getByRole('button', { name: `Edit ${slot}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit “${slot}”` });
  await expect(edit.getByLabel('Multiplier (x)')).toHaveValue('1000');
  await expect(edit.getByLabel('Prize ($)')).toHaveValue('250');
  await edit.getByRole('radio', { name: 'Points' }).click();
  await edit.getByLabel('Prize (points)').fill('5000');
  await edit.getByLabel('Starts').fill(localInput(minutesFromNow(24 * 60)));
  await edit.getByRole('button', { name: 'Remove image' }).click();
  await expect(preview(edit)).toHaveAttribute('src', /^\/storage\/slots\/.+/);
  await edit.getByRole('button', { name: 'Save challenge' }).click();
  await expect(toast(page, 'Challenge saved.')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await page.getByRole('radio', { name: 'Upcoming' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(row).toContainText('5,000 points');
  await expect(row.getByTestId('admin-challenge-state')).toHaveText('Upcoming');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/thumbs\/slots\/.+/);

  // Nobody claimed it: it can be deleted.
  await row.getByRole('button', { name: `Delete ${slot}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete the ${slot} challenge?` });
  await expect(remove).toContainText('Nobody has claimed it.');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Challenge deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No challenges found' })).toBeVisible();
});

test('a claim with two images: staff see the evidence full size, approve it with notes; the member sees Approved with the notes and a notification', async ({ page, browser, challengeStaff }) => {
  test.slow();
  const challenge = await challengeStaff.create({ slot_name: uniqueName('Wanted Dead ') , prize_type: 'points', prize_amount: 5000, multiplier: 750 });
  const memberName = uniqueName('Hunter');
  const member = await signedInElsewhere(browser, memberName);
  const description = `Hit 812x on ${challenge.slot_name} at $0.40 — clip at 1:02:13.`;

  // The member claims on /challenges with two screenshots.
  await member.goto('/challenges');
  await member.getByRole('button', { name: challenge.slot_name }).click();
  await member.getByRole('dialog', { name: 'Challenge Details' }).getByRole('button', { name: 'Submit Claim' }).click();
  const claimForm = member.getByRole('dialog', { name: 'Submit Claim' });
  await claimForm.getByLabel('Description').fill(description);
  await claimForm.locator('input[type="file"]').setInputFiles([
    { name: 'win.png', mimeType: 'image/png', buffer: await pngOf('#16a34a', 480) },
    { name: 'bet.png', mimeType: 'image/png', buffer: await pngOf('#2563eb', 320) },
  ]);
  await expect(claimForm.getByTestId('image-preview')).toHaveCount(2);
  await claimForm.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(toast(member, 'Claim submitted successfully!')).toBeVisible();

  // The list's pending count leads to the queue filtered by the challenge.
  await signInAs(page, uniqueName('Reviewer'), 'moderator');
  await page.goto('/admin-new/challenges');
  await page.getByRole('searchbox', { name: 'Search challenges' }).fill(challenge.slot_name);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).getByRole('link', { name: `Review 1 pending claim for ${challenge.slot_name}` }).click();
  await expect(page).toHaveURL(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  await expect(page.getByTestId('claims-challenge-filter')).toContainText(`Claims for ${challenge.slot_name}`);
  await expect(claims(page)).toHaveCount(1);
  const claim = claims(page);
  await expect(claim).toContainText(memberName);
  await expect(claim.getByTestId('claim-description')).toHaveText(description);
  await expect(claim.getByTestId('challenge-multiplier')).toHaveText('750.00x');
  await expect(claim.getByTestId('challenge-prize')).toHaveText('5,000 points');
  await expectFullSize(claim.getByTestId('claim-evidence'), 2);
  await shot(page, 'claims-queue-desktop');

  // Each image opens the original in a new tab, from the keyboard too.
  const first = claim.getByRole('link', { name: /^Evidence 1 of 2/ });
  await expect(first).toHaveAttribute('target', '_blank');
  await first.focus();
  const [original] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await expect(original).toHaveURL(/\/storage\/challenge-claims\/.+/);
  await original.close();

  await claim.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${memberName}’s claim?` });
  await expect(dialog.getByTestId('decide-claim-text')).toContainText(`${memberName} gets 5,000 points for hitting 750.00x on ${challenge.slot_name}.`);
  await dialog.getByLabel('Notes for the member (optional)').fill('Clean hit, GG!');
  await shot(page, 'claim-approve-desktop');
  await dialog.getByRole('button', { name: 'Approve and pay 5,000 points' }).click();
  await expect(toast(page, 'Claim approved.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
  await page.getByRole('radio', { name: 'Approved' }).click();
  await expect(claims(page)).toHaveCount(1);
  await expect(claim.getByTestId('claim-status')).toHaveText('Approved');
  await expect(claim.getByTestId('claim-review')).toContainText('Clean hit, GG!');
  await expect(claim.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The challenge is claimed by the member, read-only.
  await page.goto('/admin-new/challenges');
  await page.getByRole('searchbox', { name: 'Search challenges' }).fill(challenge.slot_name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByTestId('admin-challenge-state')).toHaveText('Claimed');
  await rows(page).getByRole('button', { name: `Edit ${challenge.slot_name}` }).click();
  const view = page.getByRole('dialog', { name: `${challenge.slot_name} (claimed)` });
  await expect(view.getByTestId('admin-challenge-claimed')).toContainText(memberName);
  await expect(view.getByLabel('Multiplier (x)')).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Save challenge' })).toBeDisabled();
  await page.keyboard.press('Escape');

  // The member: Approved with the notes in My Claims, and the notification.
  const mine = (await myClaims(member)).filter({ hasText: challenge.slot_name });
  await expect(mine.getByTestId('claim-status')).toHaveText('Approved');
  await expect(mine.getByTestId('admin-notes')).toContainText('Clean hit, GG!');
  const dropdown = await notifications(member);
  await expect(dropdown.getByTestId('notification').first()).toContainText('was approved. Prize: 5,000 points. Notes: Clean hit, GG!');
  await member.context().close();
});

test('rejecting needs a reason, which the member is told', async ({ page, browser, challengeStaff }) => {
  test.slow();
  const challenge = await challengeStaff.create({ slot_name: uniqueName('Mental ') });
  const memberName = uniqueName('Shooter');
  const member = await signedInElsewhere(browser, memberName);
  await claimByApi(member, challenge.id, 'Got it!', 1);

  await signInAs(page, uniqueName('Reviewer'), 'moderator');
  await page.goto(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  await claims(page).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${memberName}’s claim?` });
  await dialog.getByRole('button', { name: 'Reject claim' }).click();
  await expect(dialog.getByLabel('Reason (the member sees it)')).toHaveAccessibleDescription('Tell the member why the claim is rejected.');
  await dialog.getByLabel('Reason (the member sees it)').fill('The bet is below the $0.20 minimum.');
  await dialog.getByRole('button', { name: 'Reject claim' }).click();
  await expect(toast(page, 'Claim rejected.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();

  const mine = (await myClaims(member)).filter({ hasText: challenge.slot_name });
  await expect(mine.getByTestId('claim-status')).toHaveText('Rejected');
  await expect(mine.getByTestId('admin-notes')).toContainText('The bet is below the $0.20 minimum.');
  const dropdown = await notifications(member);
  await expect(dropdown.getByTestId('notification').first()).toContainText('was rejected. Notes: The bet is below the $0.20 minimum.');
  await member.context().close();
});

test('a reviewer sees a note instead of Approve and Reject on their own claim; another reviewer decides it', async ({ page, challengeStaff }) => {
  test.slow();
  const challenge = await challengeStaff.create({ slot_name: uniqueName('Own Claim ') });
  await signInAs(page, uniqueName('SelfReviewer'), 'moderator');
  await claimByApi(page, challenge.id, 'My own hit, on stream.', 1);

  await page.goto(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  const own = claims(page);
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('note')).toHaveText('Your own claim: another staff member handles it.');
  await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  const other = challengeStaff.page;
  await other.goto(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  await expect(claims(other).getByRole('note')).toHaveCount(0);
  await claims(other).getByRole('button', { name: 'Approve' }).click();
  await other.getByRole('dialog').getByRole('button', { name: /^Approve/ }).click();
  await expect(toast(other, 'Claim approved.')).toBeVisible();
});

test("approving a claim another reviewer's approval already settled shows the server's word and reloads the queue", async ({ page, browser, challengeStaff }) => {
  test.slow();
  const challenge = await challengeStaff.create({ slot_name: uniqueName('Le Bandit ') });
  const [ann, bob] = [await signedInElsewhere(browser, uniqueName('Ann')), await signedInElsewhere(browser, uniqueName('Bob'))];
  const first = await claimByApi(ann, challenge.id, 'First!', 1);
  await claimByApi(bob, challenge.id, 'Me too!', 1);

  await signInAs(page, uniqueName('Reviewer'), 'moderator');
  await page.goto(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  await expect(claims(page)).toHaveCount(2);
  // Meanwhile another reviewer approves Ann's claim: Bob's is rejected with it, and the challenge is claimed.
  await challengeStaff.approve(first.id, 'Ann was first.');
  await claims(page).filter({ hasText: 'Me too!' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Approve and pay/ }).click();
  await expect(toast(page, 'This claim has already been reviewed.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
  await page.getByRole('radio', { name: 'All' }).click();
  await expect(claims(page)).toHaveCount(2);
  await expect(claims(page).filter({ hasText: 'Me too!' }).getByTestId('claim-review')).toContainText('Another claim for this challenge was approved.');
  await ann.context().close();
  await bob.context().close();
});

test('the challenge pages on a phone: the list as cards, the form and the queue fit the screen', async ({ page, browser, challengeStaff }) => {
  test.slow();
  const challenge = await challengeStaff.create({ slot_name: uniqueName('Big Bass ') });
  const member = await signedInElsewhere(browser, uniqueName('Phone'));
  await claimByApi(member, challenge.id, 'Screens attached: the win and the bet.', 2);
  await member.context().close();

  await signInAs(page, uniqueName('Reviewer'), 'moderator');
  // The whole list and queue at 1440 first (the demo content and other tests' challenges fill them).
  await page.goto('/admin-new/challenges');
  await expect(rows(page).nth(1)).toBeVisible();
  await shot(page, 'challenges-all-desktop');
  await page.goto('/admin-new/challenge-claims');
  await expect(claims(page).first()).toBeVisible();
  await shot(page, 'claims-all-desktop');

  await page.setViewportSize(MOBILE);
  await page.goto('/admin-new/challenges');
  await page.getByRole('searchbox', { name: 'Search challenges' }).fill(challenge.slot_name);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('columnheader')).toHaveCount(0);
  await fits(page);
  await page.getByRole('searchbox', { name: 'Search challenges' }).fill('');
  await expect(rows(page).nth(1)).toBeVisible();
  await shot(page, 'challenges-list-mobile');

  await page.getByRole('button', { name: 'New challenge' }).click();
  await expect(page.getByRole('dialog', { name: 'New challenge' })).toBeVisible();
  await fits(page);
  await shot(page, 'challenge-form-mobile');
  await page.keyboard.press('Escape');

  await page.goto(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  await expectFullSize(claims(page).getByTestId('claim-evidence'), 2);
  await fits(page);
  await shot(page, 'claims-queue-mobile');
});
