import type { Locator, Page } from '@playwright/test';
import { MOBILE, rowsWithinScreen, signedInElsewhere, uniqueName } from './fixtures';
import { createTicketByApi, fitsWidth, png, toast } from './ticket-member';
import { expect, test } from './ticket-staff';

/*
 * The staff's support pages: the queue's filters, one ticket's handling (assignee, priority, status) and a Support
 * Team reply with an image that the member then reads on their own ticket page; the categories from creation to the
 * refused delete of one in use; the phone layout.
 */

const rows = (page: Page) => page.getByTestId('admin-ticket-row');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search tickets' });
const categoryRow = (page: Page, name: string) => page.getByTestId('admin-ticket-category').filter({ has: page.getByText(name, { exact: true }) });

/** Every image is on screen at its own full size, and loaded. */
async function expectFullSize(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const { natural, shown } = await image.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, shown: Math.round(img.getBoundingClientRect().width) }));
    expect(shown).toBe(natural);
  }
}

/** A member in a browser of their own with two tickets in a new category: an urgent one with a screenshot and a low one. */
async function memberWithTickets(browser: Parameters<typeof signedInElsewhere>[0], categoryId: number) {
  const name = uniqueName('Asker');
  const member = await signedInElsewhere(browser, name);
  const urgent = await createTicketByApi(member, { title: uniqueName('Cannot withdraw '), description: 'My <b>withdrawal</b> is stuck.\nSecond line.', category_id: categoryId, priority: 'urgent' }, 1);
  const low = await createTicketByApi(member, { title: uniqueName('Avatar question '), category_id: categoryId, priority: 'low' });
  return { name, member, urgent, low };
}

test('staff filter the queue, assign, change priority and status, and reply with an image the member sees from the Support Team', async ({ page, browser, signIn, ticketStaff }) => {
  const category = await ticketStaff.createCategory();
  const { name, member, urgent, low } = await memberWithTickets(browser, category.id);
  const staffName = uniqueName('SupportMod');
  await signIn(staffName, 'moderator');

  await page.goto('/admin-new/tickets');
  await expect(page.getByRole('heading', { name: 'Tickets', exact: true })).toBeVisible();
  await search(page).fill(name);
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
  await expect(rows(page)).toHaveCount(2);
  const urgentRow = row(page, urgent.title);
  await expect(urgentRow.getByTestId('ticket-status')).toHaveText('Open');
  await expect(urgentRow.getByTestId('ticket-priority')).toHaveText('Priority: Urgent');
  await expect(urgentRow.getByTestId('admin-ticket-category')).toHaveText(category.name);
  await expect(urgentRow.getByTestId('admin-ticket-assignee')).toHaveText('Unassigned');
  await expect(urgentRow).toContainText(name);
  // In a window too narrow for every column the card scrolls sideways to the last one, instead of cutting it off.
  const table = page.getByRole('table', { name: 'Tickets' });
  await page.setViewportSize({ width: 900, height: 900 });
  expect(await table.evaluate((node) => node.scrollWidth > node.parentElement!.clientWidth)).toBe(true);
  await expect(table.locator('xpath=..')).toHaveCSS('overflow-x', 'auto');
  await page.setViewportSize({ width: 1440, height: 900 });

  // An address edited by hand: a search longer than the box types is cut to its 100 characters (the same search,
  // so the page stays), and a new search goes back to the first page.
  const padded = `${name}${' '.repeat(120)}tail`;
  await page.goto(`/admin-new/tickets?page=2&search=${encodeURIComponent(padded)}`);
  await expect(search(page)).toHaveValue(padded.slice(0, 100));
  await expect(page).toHaveURL(new RegExp(`[?&]search=${name}(&|$)`));
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('heading', { name: 'No tickets found' })).toBeVisible();
  await search(page).fill(urgent.title);
  await expect(rows(page)).toHaveCount(1);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await search(page).fill(name);
  await expect(rows(page)).toHaveCount(2);

  await page.getByLabel('Priority').selectOption('urgent');
  await expect(rows(page)).toHaveCount(1);
  await expect(urgentRow).toBeVisible();
  await page.getByLabel('Priority').selectOption('all');
  await page.getByLabel('Category').selectOption(category.name);
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('radio', { name: 'Closed' }).click();
  await expect(page.getByRole('heading', { name: 'No tickets found' })).toBeVisible();
  await page.getByRole('radio', { name: 'Open' }).click();
  await expect(rows(page)).toHaveCount(2);
  // The filters live in the address, so a checkbox follows its click once the address has changed.
  await page.getByLabel('Unassigned only').click();
  await expect(page.getByLabel('Unassigned only')).toBeChecked();
  await expect(rows(page)).toHaveCount(2);

  await urgentRow.getByRole('link', { name: urgent.title }).click();
  await expect(page).toHaveURL(`/admin-new/tickets/${urgent.id}`);
  await expect(page.getByTestId('admin-ticket-heading')).toHaveText(urgent.title);
  // The member's text as text (no markup), with its line break, and their screenshot at full size.
  await expect(page.getByTestId('admin-ticket-description')).toContainText('My <b>withdrawal</b> is stuck.');
  await expect(page.getByTestId('admin-ticket-description').locator('b')).toHaveCount(0);
  await expectFullSize(page.getByTestId('admin-ticket-description').getByTestId('admin-ticket-image'), 1);

  await page.getByLabel('Assignee').selectOption(staffName);
  await expect(toast(page, 'success', 'Ticket updated.')).toBeVisible();
  await expect(page.getByLabel('Assignee').locator('option:checked')).toHaveText(staffName);
  await page.getByLabel('Priority').selectOption('high');
  await expect(page.getByTestId('ticket-priority').first()).toHaveText('Priority: High');
  await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
  await expect(page.getByTestId('ticket-status').first()).toHaveText('In Progress');

  // Back to the queue as it was filtered: assigned now, so not among the unassigned ones.
  await page.getByRole('link', { name: 'Back to tickets' }).click();
  await expect(page).toHaveURL(/\/admin-new\/tickets\?.*unassigned=1/);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, low.title)).toBeVisible();
  await page.getByLabel('Unassigned only').click();
  await expect(page.getByLabel('Unassigned only')).not.toBeChecked();
  await page.getByRole('radio', { name: 'In Progress' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(urgentRow.getByTestId('admin-ticket-assignee')).toHaveText(staffName);
  await expect(urgentRow.getByTestId('ticket-priority')).toHaveText('Priority: High');

  // The reply: a blank message is refused on the page, then a message with a screenshot; the ticket waits for the member.
  await urgentRow.getByRole('link', { name: urgent.title }).click();
  const form = page.getByRole('form', { name: 'Reply as the Support Team' });
  await expect(form.getByLabel('Then set the status to')).toHaveValue('waiting');
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(form.getByText('The message is required.')).toBeVisible();
  await form.getByLabel('Message').fill('We have pushed your withdrawal through. <i>Check</i> the screenshot.');
  await form.locator('input[type="file"]').setInputFiles([await png('receipt.png', '#44aa88')]);
  await expect(form.getByTestId('image-preview')).toHaveCount(1);
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'success', 'Reply sent.')).toBeVisible();
  const reply = page.getByTestId('admin-ticket-reply').last();
  await expect(reply.getByTestId('support-team-badge')).toHaveText('Support Team');
  await expect(reply).toContainText('<i>Check</i> the screenshot.');
  await expectFullSize(reply.getByTestId('admin-ticket-image'), 1);
  await expect(page.getByTestId('ticket-status').first()).toHaveText('Waiting');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByTestId('image-preview')).toHaveCount(0);

  // The member reads it on their own ticket page, marked as from the Support Team, with the image.
  await member.goto(`/tickets/${urgent.id}`);
  const seen = member.getByTestId('ticket-reply').filter({ hasText: 'We have pushed your withdrawal through.' });
  await expect(seen.getByTestId('support-team-badge')).toBeVisible();
  await expect(seen.getByTestId('ticket-attachment')).toHaveCount(1);
  await expect(member.getByTestId('ticket-status').first()).toHaveText('Waiting');
  await member.context().close();
});

test('a closed ticket is reopened by the reply with the status chosen, and an unknown ticket is not found', async ({ page, browser, signIn, ticketStaff }) => {
  const category = await ticketStaff.createCategory();
  const { member, low } = await memberWithTickets(browser, category.id);
  await member.context().close();
  await ticketStaff.update(low.id, { status: 'closed' });
  await signIn(uniqueName('SupportMod'), 'moderator');

  await page.goto(`/admin-new/tickets/${low.id}`);
  const form = page.getByRole('form', { name: 'Reply as the Support Team' });
  await expect(form.getByText('This ticket is closed. Your reply reopens it with the status you choose.')).toBeVisible();
  await expect(form.getByLabel('Then set the status to').locator('option')).toHaveText(['Open', 'In Progress', 'Waiting', 'Resolved']);
  await form.getByLabel('Then set the status to').selectOption('resolved');
  await form.getByLabel('Message').fill('Reopening to note the fix.');
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'success', 'Reply sent.')).toBeVisible();
  await expect(page.getByTestId('ticket-status').first()).toHaveText('Resolved');
  await expect(form.getByText('This ticket is closed.', { exact: false })).toHaveCount(0);

  for (const path of ['/admin-new/tickets/999999999', '/admin-new/tickets/not-a-ticket']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Ticket Not Found' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to tickets' }).first().click();
  await expect(page).toHaveURL('/admin-new/tickets');
});

test('categories: create, refuse a duplicate name, rename, reorder, delete, and the server refuses deleting one in use', async ({ page, browser, signIn }) => {
  await signIn(uniqueName('CategoryMod'), 'moderator');
  await page.goto('/admin-new/ticket-categories');
  await expect(page.getByRole('heading', { name: 'Ticket categories' })).toBeVisible();

  const create = async (name: string) => {
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New ticket category' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create category' }).click();
    return dialog;
  };
  const first = uniqueName('Payouts ');
  const second = uniqueName('Streams ');
  await create(first);
  await expect(toast(page, 'success', 'Category created.')).toBeVisible();
  await expect(categoryRow(page, first).getByTestId('admin-ticket-category-count')).toHaveText('No tickets');
  await create(second);
  await expect(categoryRow(page, second)).toBeVisible();

  // The same name in other letters is refused under the field, and the dialog stays.
  const duplicate = await create(first.toUpperCase());
  await expect(duplicate.getByText('There is already a category with this name.')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();

  const renamed = `${first} & Cashouts`;
  await page.getByRole('button', { name: `Edit ${first}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${first}` });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page, 'success', 'Category renamed.')).toBeVisible();
  await expect(categoryRow(page, renamed)).toBeVisible();

  // New categories go last; each 'Move up' swaps the second one with the category just above it, until it stands
  // before the first. (Tests in the other worker may add or remove categories of their own meanwhile.)
  const names = page.getByTestId('admin-ticket-category-name');
  const order = () => names.allTextContents();
  await expect.poll(async () => { const all = await order(); return all.indexOf(renamed) >= 0 && all.indexOf(second) > all.indexOf(renamed); }).toBe(true);
  for (let all = await order(); all.indexOf(second) > all.indexOf(renamed); all = await order()) {
    const above = all[all.indexOf(second) - 1];
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    await expect.poll(async () => { const now = await order(); return now.indexOf(second) === now.indexOf(above) - 1; }).toBe(true);
  }
  await page.reload();
  await expect.poll(async () => { const all = await order(); return all.indexOf(second) >= 0 && all.indexOf(second) < all.indexOf(renamed); }).toBe(true);

  // One in use: a member opens a ticket in it; the dialog says so and the server's refusal is shown.
  const member = await signedInElsewhere(browser, uniqueName('Asker'));
  const listed = (await (await page.request.get('/admin-new/api/ticket-categories')).json()) as { data: { id: number; name: string }[] };
  const id = listed.data.find((category) => category.name === renamed)!.id;
  await createTicketByApi(member, { title: uniqueName('In use '), category_id: id });
  await member.context().close();
  await page.reload();
  await expect(categoryRow(page, renamed).getByTestId('admin-ticket-category-count')).toHaveText('1 ticket');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const refuse = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await expect(refuse).toContainText('1 ticket use it');
  await refuse.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'error', 'This category has 1 ticket, so it cannot be deleted. Rename it instead.')).toBeVisible();
  await refuse.getByRole('button', { name: 'Cancel' }).click();
  await expect(categoryRow(page, renamed)).toBeVisible();

  // The count links to the queue filtered by the category.
  await categoryRow(page, renamed).getByRole('link', { name: '1 ticket' }).click();
  await expect(page).toHaveURL(`/admin-new/tickets?category=${id}`);
  await expect(rows(page)).toHaveCount(1);

  await page.goto('/admin-new/ticket-categories');
  await page.getByRole('button', { name: `Delete ${second}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${second}?` });
  await expect(confirm).toContainText('Members can no longer choose it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'Category deleted.')).toBeVisible();
  await expect(categoryRow(page, second)).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the queue turns into cards, and the ticket page shows the handling above the conversation, without sideways scrolling', async ({ page, browser, signIn, ticketStaff }) => {
    const category = await ticketStaff.createCategory();
    const { name, member, urgent } = await memberWithTickets(browser, category.id);
    await createTicketByApi(member, { title: uniqueName('A title long enough to run past the edge of a phone screen, on and on '), category_id: category.id });
    await member.context().close();
    await signIn(uniqueName('PhoneMod'), 'moderator');

    await page.goto(`/admin-new/tickets?search=${name}`);
    await expect(rows(page)).toHaveCount(3);
    await fitsWidth(page, MOBILE.width);
    await rowsWithinScreen(rows(page));
    await row(page, urgent.title).getByRole('link', { name: urgent.title }).click();
    await expect(page.getByTestId('admin-ticket-heading')).toHaveText(urgent.title);
    await expect(page.getByLabel('Assignee')).toBeVisible();
    await expectFullSize(page.getByTestId('admin-ticket-image'), 1);
    await fitsWidth(page, MOBILE.width);

    const form = page.getByRole('form', { name: 'Reply as the Support Team' });
    await form.getByLabel('Message').fill('Replying from a phone.');
    await form.getByRole('button', { name: 'Send reply' }).click();
    await expect(toast(page, 'success', 'Reply sent.')).toBeVisible();
    await expect(page.getByTestId('admin-ticket-reply').getByTestId('support-team-badge')).toBeVisible();

    await page.goto('/admin-new/ticket-categories');
    await expect(categoryRow(page, category.name)).toBeVisible();
    await fitsWidth(page, MOBILE.width);
  });
});
