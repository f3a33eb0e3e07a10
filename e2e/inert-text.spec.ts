import { mergeTests, type Locator, type Page } from '@playwright/test';
import { signedInElsewhere, uniqueName } from './fixtures';
import { claimByApi, test as challengeTest } from './challenge-staff';
import { test as raffleTest } from './raffle-staff';
import { createTicketByApi, toast } from './ticket-member';
import { expect, test as ticketTest } from './ticket-staff';

/*
 * Hostile input (issue 12): text that members and staff type, carrying an image with an onerror handler and a script
 * element, is shown literally and stays inert wherever it appears: a ticket's subject, description and replies on the
 * member's pages and in the staff's queue and ticket page; a raffle's title and description on the public list, the
 * public raffle and the admin raffle; a challenge claim's description in the staff's review queue and the member's
 * My Claims. Inert: the text reads as typed, no element came of it, and nothing ran. The element checks are what catch
 * markup let through: the site's CSP (script-src 'self') would stop the onerror handler by itself, so `__pwned` staying
 * unset only says nothing ran. (The profile bio and the contact inbox have their own such checks in profile.spec.ts and
 * admin-contact.spec.ts.)
 */

const test = mergeTests(ticketTest, raffleTest, challengeTest);

const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
/** A text of its own (to be found by) carrying the payload. */
const hostile = (label: string) => `${uniqueName(label)} ${PAYLOAD}`;

/** `shown` reads exactly `text`; the page holds no image or script made of a payload, and no payload ran. */
async function expectInert(page: Page, shown: Locator, text: string) {
  await expect(shown).toHaveText(text);
  await expect(shown).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => [...document.scripts].filter((script) => script.text.includes('__pwned')).length)).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test("a ticket's subject, description and replies, on the member's pages and the staff's", async ({ page, signIn, ticketStaff: staff }) => {
  test.slow();
  const category = await staff.createCategory();
  const memberName = uniqueName('Prankster');
  await signIn(memberName);
  const [subject, description, memberReply, staffReply] = [hostile('Subject'), hostile('Desc'), hostile('Mine'), hostile('Staff')];
  const ticket = await createTicketByApi(page, { title: subject, description, category_id: category.id });

  // The member's reply goes through the form, the staff's through their API.
  await page.goto(`/tickets/${ticket.id}`);
  const form = page.getByRole('form', { name: 'Add a reply' });
  await form.getByLabel('Your reply').fill(memberReply);
  await form.getByRole('button', { name: 'Send Reply' }).click();
  await expect(toast(page, 'success', 'Reply added successfully!')).toBeVisible();
  await staff.reply(ticket.id, staffReply);

  await page.goto('/tickets');
  const card = page.getByTestId('ticket-card').filter({ hasText: subject });
  await expectInert(page, card.getByTestId('ticket-card-title'), `#${ticket.id} ${subject}`);
  await expectInert(page, card.getByTestId('ticket-excerpt'), description);
  await card.click();
  await expect(page).toHaveURL(`/tickets/${ticket.id}`);
  await expectInert(page, page.getByTestId('ticket-title'), subject);
  await expectInert(page, page.getByTestId('ticket-description'), description);
  await expectInert(page, page.getByTestId('reply-message').first(), memberReply);
  await expectInert(page, page.getByTestId('reply-message').nth(1), staffReply);

  const desk = staff.page;
  await desk.goto(`/admin-new/tickets?search=${memberName}`);
  await expectInert(desk, desk.getByTestId('admin-ticket-title'), subject);
  await desk.getByTestId('admin-ticket-title').click();
  await expect(desk).toHaveURL(`/admin-new/tickets/${ticket.id}`);
  await expectInert(desk, desk.getByTestId('admin-ticket-heading'), subject);
  await expectInert(desk, desk.getByTestId('admin-ticket-description').getByText(description, { exact: true }), description);
  const replies = desk.getByTestId('admin-ticket-reply');
  await expectInert(desk, replies.first().getByText(memberReply, { exact: true }), memberReply);
  await expectInert(desk, replies.nth(1).getByText(staffReply, { exact: true }), staffReply);
});

test("a raffle's title and description from staff, on the public list and raffle and in the admin panel", async ({ page, raffleStaff }) => {
  const [title, description] = [hostile('Raffle'), hostile('About')];
  const raffle = await raffleStaff.create({ title, description });

  await page.goto('/raffles');
  await expectInert(page, page.getByTestId('raffle-card').getByRole('link', { name: title, exact: true }), title);
  await page.goto(`/raffles/${raffle.id}`);
  await expectInert(page, page.getByRole('heading', { level: 1 }), title);
  await expectInert(page, page.getByTestId('raffle-header').getByText(description, { exact: true }), description);

  const admin = raffleStaff.page;
  await admin.goto(`/admin-new/raffles/${raffle.id}`);
  await expectInert(admin, admin.getByRole('heading', { level: 1 }), title);
  await expectInert(admin, admin.getByTestId('admin-raffle-overview').getByText(description, { exact: true }), description);
});

test("a challenge claim's description, in the staff's review queue and the member's My Claims", async ({ browser, challengeStaff }) => {
  test.slow();
  const challenge = await challengeStaff.create();
  const member = await signedInElsewhere(browser, uniqueName('Claimer'));
  const description = hostile('Claim');
  await claimByApi(member, challenge.id, description, 1);

  const queue = challengeStaff.page;
  await queue.goto(`/admin-new/challenge-claims?challenge=${challenge.id}`);
  await expectInert(queue, queue.getByTestId('admin-claim').getByTestId('claim-description'), description);

  await member.goto('/challenges');
  await member.getByRole('tab', { name: 'My Claims' }).click();
  await expectInert(member, member.getByTestId('my-claim').filter({ hasText: challenge.slot_name }).getByTestId('my-claim-description'), description);
  await member.context().close();
});
