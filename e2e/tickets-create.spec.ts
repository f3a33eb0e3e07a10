import { MOBILE, uniqueName } from './fixtures';
import { expect, test } from './ticket-staff';
import { fileInput, fitsWidth, png, toast } from './ticket-member';

/*
 * /tickets/create (spec 2 /tickets/create, §5, §8, §9): a ticket with a screenshot through the real upload, the
 * form's rules in the browser, a field refused by the server under its field, the screenshot messages, Cancel.
 */

const form = (page: import('@playwright/test').Page) => page.getByRole('form', { name: 'Create Ticket' });

test('a member creates a ticket with a screenshot and lands on it', async ({ page, signIn, ticketStaff: staff }) => {
  const category = await staff.createCategory();
  await signIn(uniqueName('Creator'));
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Support Tickets' })).toBeVisible();
  // The page a visit starts on leaves the first Tab to "Skip to content".
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.getByRole('link', { name: 'Create Ticket' }).first().click();
  await expect(page).toHaveURL('/tickets/create');
  const create = form(page);
  await expect(create.getByLabel('Priority')).toHaveValue('medium');

  const title = uniqueName('Withdrawal stuck ');
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Category').selectOption({ label: category.name });
  await create.getByLabel('Priority').selectOption('high');
  const description = 'My withdrawal has been pending for two days.\nTransaction id: 12345.';
  await create.getByLabel('Description').fill(description);
  await expect(create.getByTestId('description-counter')).toHaveText(`${description.length} / 5,000`);
  await fileInput(page).setInputFiles([await png('pending-withdrawal.png', '#cc4422')]);
  await expect(create.getByTestId('image-preview')).toHaveCount(1);
  await expect(create.getByRole('img', { name: 'pending-withdrawal.png' })).toBeVisible();

  // Held a moment so the busy state can be seen.
  await page.route('**/api/r/tickets', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create.getByRole('button', { name: /Creating\.\.\./ })).toBeDisabled();
  await expect(toast(page, 'success', 'Ticket created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);

  await expect(page.getByTestId('ticket-title')).toHaveText(title);
  // The button that led here is gone: the page's content has the focus, so the next Tab goes on from there.
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
  await expect(page.getByTestId('ticket-status')).toHaveText('Open');
  await expect(page.getByTestId('ticket-priority')).toHaveText('Priority: High');
  await expect(page.getByTestId('ticket-category')).toHaveText(category.name);
  await expect(page.getByTestId('ticket-description')).toHaveText(description);
  const attachment = page.getByTestId('ticket-attachment');
  await expect(attachment).toHaveCount(1);
  await expect(attachment).toHaveAttribute('target', '_blank');
  await expect(attachment.getByRole('img', { name: 'pending-withdrawal.png' })).toBeVisible();
  const href = (await attachment.getAttribute('href'))!;
  expect(href).toMatch(/^\/storage\/tickets\/[0-9a-f]{32}\.webp$/);
  expect((await page.request.get(href)).headers()['content-type']).toBe('image/webp');
  await expect(page.getByTestId('no-replies')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a reply' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Tickets' }).click();
  const card = page.getByTestId('ticket-card').filter({ hasText: title });
  await expect(card.getByTestId('ticket-status')).toHaveText('Open');
  await expect(card.getByTestId('ticket-replies')).toHaveText('0 replies');
});

test('the form says what is missing before sending, and shows a field the server refuses under it', async ({ page, signIn, ticketStaff: staff }) => {
  const category = await staff.createCategory();
  await signIn(uniqueName('Hasty'));
  await page.goto('/tickets/create');
  const create = form(page);
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/r/tickets')) sent++;
  });
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create.getByText('The title is required.')).toBeVisible();
  await expect(create.getByText('The category is required.')).toBeVisible();
  await expect(create.getByText('The description is required.')).toBeVisible();
  await expect(create.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);

  // Blank after trimming is still missing; typing clears the field's message.
  await create.getByLabel('Title').fill('   ');
  await expect(create.getByText('The title is required.')).toHaveCount(0);
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create.getByText('The title is required.')).toBeVisible();
  await expect(create.getByLabel('Title')).toHaveAttribute('maxlength', '255');
  await expect(create.getByLabel('Description')).toHaveAttribute('maxlength', '5000');

  // The category goes away after the page loaded it: the server's words appear under Category.
  await create.getByLabel('Title').fill('Points missing');
  await create.getByLabel('Description').fill('I watched the whole stream and got no points.');
  await create.getByLabel('Category').selectOption({ label: category.name });
  await staff.removeCategory(category.id);
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toast(page, 'error', 'The selected category is invalid.')).toBeVisible();
  await expect(create.getByText('The selected category is invalid.')).toBeVisible();
  await expect(create.getByLabel('Category')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/tickets/create');
  expect(sent).toBe(1);

  await create.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/tickets');
});

test('screenshots: the 6th, a file above 5 MB and a file that is no image are refused with the spec words; previews can be removed', async ({ page, signIn }) => {
  await signIn(uniqueName('Shots'));
  await page.goto('/tickets/create');
  const create = form(page);
  const error = create.getByTestId('image-error');
  const six = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'].map((colour, index) => png(`shot-${index + 1}.png`, colour)));
  await fileInput(page).setInputFiles(six);
  await expect(error).toHaveText('Maximum 5 images allowed per ticket.');
  await expect(create.getByTestId('image-preview')).toHaveCount(0);

  await fileInput(page).setInputFiles([
    six[0],
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(error).toHaveText('File huge.png is too large. Maximum size is 5MB. File notes.txt is not an image.');
  await expect(create.getByTestId('image-preview')).toHaveCount(1);
  await fileInput(page).setInputFiles(six.slice(1, 5));
  await expect(create.getByTestId('image-preview')).toHaveCount(5);
  await expect(fileInput(page)).toBeDisabled();
  await create.getByRole('button', { name: 'Remove shot-3.png' }).click();
  await expect(create.getByTestId('image-preview')).toHaveCount(4);
  await expect(create.getByRole('img', { name: 'shot-3.png' })).toHaveCount(0);
  await expect(fileInput(page)).toBeEnabled();
  // One more fits; two more would be a 6th.
  await fileInput(page).setInputFiles([six[2], six[5]]);
  await expect(error).toHaveText('Maximum 5 images allowed per ticket.');
  await expect(create.getByTestId('image-preview')).toHaveCount(4);
});

test('the form on a phone', async ({ page, signIn }) => {
  await page.setViewportSize(MOBILE);
  await signIn(uniqueName('PhoneForm'));
  await page.goto('/tickets/create');
  await expect(form(page).getByLabel('Category').locator('option').nth(1)).toBeAttached();
  await expect(form(page).getByRole('button', { name: 'Create Ticket' })).toBeVisible();
  await fitsWidth(page, MOBILE.width);
});
