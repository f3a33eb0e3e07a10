import type { Page } from '@playwright/test';
import { MOBILE, signedInElsewhere, uniqueName } from './fixtures';
import { expect, test } from './ticket-staff';
import { createTicketByApi, fileInput, fitsWidth, png, toast } from './ticket-member';

/*
 * The members' ticket pages (spec 2 /tickets, /tickets/{id}, §4–§9): the visitor's prompt, the list's chips,
 * counts and search, the ticket with its replies, replying with an image, staff replying as Support Team (with
 * the member's notification), another member's ticket as not found, a closed ticket without a reply form, and
 * the load failures.
 */

const card = (page: Page, title: string) => page.getByTestId('ticket-card').filter({ hasText: title });
const chip = (page: Page, key: string) => page.getByTestId(`ticket-filter-${key}`);
const replyForm = (page: Page) => page.getByRole('form', { name: 'Add a reply' });

test('visitors are asked to log in on every ticket page', async ({ page }) => {
  for (const path of ['/tickets', '/tickets/create', '/tickets/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login with Discord' })).toHaveAttribute('href', '/login');
    await expect(page.getByTestId('ticket-card')).toHaveCount(0);
  }
});

test('the list: chips count every status, filter and search; cards are cut at 100 characters and open the ticket', async ({ page, signIn, ticketStaff: staff }) => {
  const category = await staff.createCategory();
  const name = uniqueName('Lister');
  await signIn(name);
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'No Tickets Found' })).toBeVisible();
  await expect(chip(page, 'all')).toContainText('All Tickets 0');

  const long = `${'Every spin froze the game and I lost my bonus round. '.repeat(3)}End.`;
  const open = await createTicketByApi(page, { title: uniqueName('Frozen game '), description: long, category_id: category.id, priority: 'urgent' });
  const progressing = await createTicketByApi(page, { title: uniqueName('Missing points '), category_id: category.id });
  const resolved = await createTicketByApi(page, { title: uniqueName('Avatar upload '), category_id: category.id, priority: 'low' });
  const closed = await createTicketByApi(page, { title: uniqueName('Old question '), category_id: category.id });
  await staff.update(progressing.id, { status: 'in_progress' });
  await staff.update(resolved.id, { status: 'resolved' });
  await staff.update(closed.id, { status: 'closed' });

  await page.reload();
  const counts = { all: 4, open: 1, in_progress: 1, waiting: 0, resolved: 1, closed: 1 };
  const labels = { all: 'All Tickets', open: 'Open', in_progress: 'In Progress', waiting: 'Waiting', resolved: 'Resolved', closed: 'Closed' };
  for (const [key, count] of Object.entries(counts)) await expect(chip(page, key)).toHaveText(`${labels[key as keyof typeof labels]} ${count}`);
  await expect(page.getByTestId('ticket-card')).toHaveCount(4);

  const first = card(page, open.title);
  await expect(first.getByTestId('ticket-excerpt')).toHaveText(`${long.slice(0, 100)}...`);
  await expect(first.getByTestId('ticket-status')).toHaveText('Open');
  await expect(first.getByTestId('ticket-priority')).toHaveText('Priority: Urgent');
  await expect(first.getByTestId('ticket-category')).toHaveText(category.name);
  await expect(first.getByTestId('ticket-replies')).toHaveText('0 replies');
  await expect(card(page, progressing.title).getByTestId('ticket-status')).toHaveText('In Progress');

  await page.getByRole('radio', { name: /^Closed/ }).click();
  await expect(page).toHaveURL('/tickets?status=closed');
  await expect(page.getByTestId('ticket-card')).toHaveCount(1);
  await expect(card(page, closed.title)).toBeVisible();
  await page.getByRole('radio', { name: /^Waiting/ }).click();
  await expect(page.getByRole('heading', { name: 'No Tickets Found' })).toBeVisible();
  await page.getByRole('radio', { name: /^All Tickets/ }).click();
  await expect(page.getByTestId('ticket-card')).toHaveCount(4);

  const search = page.getByRole('searchbox', { name: 'Search tickets' });
  await search.fill('missing POINTS');
  await expect(page.getByTestId('ticket-card')).toHaveCount(1);
  await expect(card(page, progressing.title)).toBeVisible();
  await search.fill('bonus round');
  await expect(page.getByTestId('ticket-card')).toHaveCount(1);
  await expect(card(page, open.title)).toBeVisible();
  await search.fill('nothing like this anywhere');
  await expect(page.getByRole('heading', { name: 'No Tickets Found' })).toBeVisible();
  // The chips still count every ticket.
  await expect(chip(page, 'all')).toHaveText('All Tickets 4');
  await search.fill('');

  await card(page, open.title).click();
  await expect(page).toHaveURL(`/tickets/${open.id}`);
  await expect(page.getByTestId('ticket-title')).toHaveText(open.title);
  await expect(page.getByTestId('ticket-description')).toHaveText(long);
});

test('a member replies with an image; staff answer as Support Team; the member is notified and a reply reopens the ticket', async ({ page, signIn, ticketStaff: staff }) => {
  test.slow();
  const category = await staff.createCategory();
  await signIn(uniqueName('Asker'));
  const ticket = await createTicketByApi(page, { title: uniqueName('Raffle entry '), description: 'My raffle entry did not count.', category_id: category.id }, 1);
  await page.goto(`/tickets/${ticket.id}`);
  await expect(page.getByTestId('ticket-status')).toHaveText('Open');
  await expect(page.getByTestId('ticket-attachment')).toHaveCount(1);

  const form = replyForm(page);
  const send = form.getByRole('button', { name: 'Send Reply' });
  await expect(send).toBeDisabled();
  await form.getByLabel('Your reply').fill('   ');
  await expect(send).toBeDisabled();
  const six = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'].map((colour, index) => png(`reply-${index + 1}.png`, colour)));
  await fileInput(page).setInputFiles(six);
  await expect(form.getByTestId('image-error')).toHaveText('Maximum 5 images allowed per reply.');
  await fileInput(page).setInputFiles([six[0]]);
  await expect(form.getByTestId('image-preview')).toHaveCount(1);
  await form.getByLabel('Your reply').fill('Here is the entry <b>screen</b>.');
  await expect(form.getByTestId('reply-counter')).toHaveText('32 / 5,000');
  await send.click();
  await expect(toast(page, 'success', 'Reply added successfully!')).toBeVisible();
  const replies = page.getByTestId('ticket-reply');
  await expect(replies).toHaveCount(1);
  // Text stays text.
  await expect(replies.first().getByTestId('reply-message')).toHaveText('Here is the entry <b>screen</b>.');
  await expect(replies.first().getByTestId('ticket-attachment')).toHaveCount(1);
  await expect(replies.first().getByTestId('support-team-badge')).toHaveCount(0);
  // The form emptied itself.
  await expect(form.getByLabel('Your reply')).toHaveValue('');
  await expect(form.getByTestId('image-preview')).toHaveCount(0);

  await staff.reply(ticket.id, 'Thanks! We credited the entry.\nGood luck in the draw.', { images: 1 });
  await page.reload();
  await expect(page.getByTestId('ticket-status')).toHaveText('Waiting');
  await expect(replies).toHaveCount(2);
  const staffReply = replies.nth(1);
  await expect(staffReply.getByTestId('support-team-badge')).toHaveText('Support Team');
  await expect(staffReply.getByTestId('reply-message')).toHaveText('Thanks! We credited the entry.\nGood luck in the draw.');
  await expect(staffReply.getByTestId('ticket-attachment')).toHaveCount(1);
  await expect(staffReply).toContainText(staff.name);

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const notification = page.getByTestId('notification').filter({ hasText: ticket.title }).first();
  await expect(notification).toContainText('Support Team replied');
  await page.keyboard.press('Escape');

  await replyForm(page).getByLabel('Your reply').fill('Thank you!');
  await replyForm(page).getByRole('button', { name: 'Send Reply' }).click();
  await expect(toast(page, 'success', 'Reply added successfully!')).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('Open');
  await page.goto('/tickets');
  await expect(card(page, ticket.title).getByTestId('ticket-replies')).toHaveText('3 replies');
});

test("another member's ticket and ids that are no ticket read 'Ticket Not Found' with Back to Tickets", async ({ page, signIn, browser, ticketStaff: staff }) => {
  const category = await staff.createCategory();
  const owner = await signedInElsewhere(browser, uniqueName('Owner'));
  const theirs = await createTicketByApi(owner, { title: uniqueName('Private matter '), category_id: category.id });
  await owner.context().close();

  await signIn(uniqueName('Curious'));
  for (const path of [`/tickets/${theirs.id}`, '/tickets/99999999', '/tickets/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Ticket Not Found' })).toBeVisible();
    await expect(page.getByText(theirs.title)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to Tickets' }).click();
  await expect(page).toHaveURL('/tickets');
  await expect(card(page, theirs.title)).toHaveCount(0);
});

test('a closed ticket shows no reply form; a reply sent as it closed is refused in the server words', async ({ page, signIn, ticketStaff: staff }) => {
  const category = await staff.createCategory();
  await signIn(uniqueName('Closer'));
  const ticket = await createTicketByApi(page, { title: uniqueName('Done deal '), category_id: category.id });
  await page.goto(`/tickets/${ticket.id}`);
  await expect(replyForm(page)).toBeVisible();
  await staff.update(ticket.id, { status: 'closed' });
  // The page still shows the form it loaded: the server refuses, and the ticket reloads closed.
  await replyForm(page).getByLabel('Your reply').fill('One more thing!');
  await replyForm(page).getByRole('button', { name: 'Send Reply' }).click();
  await expect(toast(page, 'error', 'This ticket is closed and cannot receive replies.')).toBeVisible();
  await expect(replyForm(page)).toHaveCount(0);
  await expect(page.getByTestId('ticket-reply')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('ticket-status')).toHaveText('Closed');
  await expect(page.getByTestId('ticket-closed')).toHaveText('This ticket is closed and cannot receive replies.');
  await expect(replyForm(page)).toHaveCount(0);
});

test('failed loads: the list says so and tries again; the ticket says so and returns to the list', async ({ page, signIn, ticketStaff: staff }) => {
  const category = await staff.createCategory();
  await signIn(uniqueName('Unlucky'));
  const ticket = await createTicketByApi(page, { title: uniqueName('Flaky '), category_id: category.id });
  await page.route('**/api/r/tickets', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server Error' } }));
  await page.goto('/tickets');
  await expect(toast(page, 'error', 'Failed to load tickets')).toBeVisible();
  await page.unroute('**/api/r/tickets');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(card(page, ticket.title)).toBeVisible();

  await page.route(`**/api/r/tickets/${ticket.id}`, (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server Error' } }));
  await card(page, ticket.title).click();
  await expect(toast(page, 'error', 'Failed to load ticket details')).toBeVisible();
  await expect(page).toHaveURL('/tickets');
});

test('the list and a ticket on a phone', async ({ page, signIn, ticketStaff: staff }) => {
  await page.setViewportSize(MOBILE);
  const category = await staff.createCategory();
  await signIn(uniqueName('Phone'));
  const ticket = await createTicketByApi(page, { title: uniqueName('A rather long ticket title that has to wrap on a small phone screen '), category_id: category.id }, 2);
  await staff.reply(ticket.id, 'We are looking into it.');
  await page.goto('/tickets');
  await expect(card(page, ticket.title)).toBeVisible();
  await fitsWidth(page, MOBILE.width);
  await card(page, ticket.title).click();
  await expect(page.getByTestId('support-team-badge')).toBeVisible();
  await expect(replyForm(page)).toBeVisible();
  await fitsWidth(page, MOBILE.width);
});
