import type { Page } from '@playwright/test';
import { MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/*
 * The staff's contact inbox: a message a signed-in member sent through the contact form, read as text with the
 * sender's email and member links, marked read and unread, archived and brought back, with the unread count.
 * The e2e server answers every captcha with CAPTCHA_FIXED_ANSWER (e2e/server.ts).
 */

const CAPTCHA_ANSWER = 'E2eKp';

/** Sends a message through the contact form's API as the member signed in on `member` (a new captcha, answered). */
async function sendContactMessage(member: Page, fields: { name: string; email: string; subject: string; message: string }) {
  const captcha = await member.request.get('/api/r/captcha');
  expect(captcha.status(), await captcha.text()).toBe(200);
  const { token } = (await captcha.json()) as { token: string };
  const response = await member.request.post('/api/r/contact', { headers: await csrf(member), data: { ...fields, captcha_token: token, captcha_answer: CAPTCHA_ANSWER } });
  expect(response.status(), await response.text()).toBe(200);
}

const messages = (page: Page) => page.getByTestId('contact-message');
const messageCard = (page: Page, subject: string) => messages(page).filter({ hasText: subject });
const tab = (page: Page, name: RegExp) => page.getByRole('radio', { name });
const unreadCount = (page: Page) => page.getByTestId('contact-unread-count');
const toast = (page: Page, text: string) => page.locator('[data-toast="success"]').filter({ hasText: text });

/** The unread count the server has now (other tests may send messages meanwhile). */
async function serverUnread(page: Page) {
  const response = await page.request.get('/admin-new/api/contact-messages');
  return ((await response.json()) as { unread: number }).unread;
}

test('staff read a member’s message as text, mark it read and unread, archive and unarchive it, with the unread count', async ({ page, browser, signIn }) => {
  const memberName = uniqueName('Writer');
  const member = await signedInElsewhere(browser, memberName);
  const subject = uniqueName('Raffle question ');
  const email = `${uniqueName('writer')}@example.com`;
  await sendContactMessage(member, { name: 'Wanda Writer', email, subject, message: 'Did I win?\n<script>alert(1)</script> <b>bold</b>' });
  await member.context().close();

  await signIn(uniqueName('InboxMod'), 'moderator');
  await page.goto('/admin-new/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contact inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Contact inbox' })).toBeVisible();
  await expect(tab(page, /^Unread/)).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => Number(await unreadCount(page).textContent()) === (await serverUnread(page))).toBe(true);
  const before = Number(await unreadCount(page).textContent());
  expect(before).toBeGreaterThanOrEqual(1);

  const card = messageCard(page, subject);
  await expect(card.getByTestId('contact-name')).toHaveText('Wanda Writer');
  await expect(card.getByTestId('contact-email')).toHaveAttribute('href', `mailto:${email}`);
  await expect(card.getByTestId('contact-member')).toHaveAttribute('href', `/profile/${memberName}`);
  await expect(card.getByTestId('contact-member')).toContainText(memberName);
  await expect(card.getByTestId('contact-text')).toHaveText('Did I win?\n<script>alert(1)</script> <b>bold</b>');
  await expect(card.getByTestId('contact-text').locator('script, b')).toHaveCount(0);
  await expect(card.getByTestId('contact-emailed')).toHaveText('Not emailed');
  await expect(card.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`);

  // Read: it leaves Unread (one fewer) for Read.
  await card.getByRole('button', { name: 'Mark read' }).click();
  await expect(toast(page, 'Message updated.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect.poll(async () => Number(await unreadCount(page).textContent()) === (await serverUnread(page))).toBe(true);
  await tab(page, /^Read$/).click();
  await expect(page).toHaveURL('/admin-new/contact-inbox?filter=read');
  await expect(card.getByRole('button', { name: 'Mark unread' })).toBeVisible();

  // Archived: it leaves Read for Archived, and comes back unarchived.
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(card).toHaveCount(0);
  await tab(page, /^Archived$/).click();
  await card.getByRole('button', { name: 'Unarchive' }).click();
  await expect(card).toHaveCount(0);
  await tab(page, /^All$/).click();
  await expect(card.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();

  // Unread again: back in Unread.
  await card.getByRole('button', { name: 'Mark unread' }).click();
  await expect(card.getByRole('button', { name: 'Mark read' })).toBeVisible();
  await tab(page, /^Unread/).click();
  await expect(card).toBeVisible();
  await expect.poll(async () => Number(await unreadCount(page).textContent()) === (await serverUnread(page))).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the inbox fits the width, with the filters and every message’s actions', async ({ page, signIn }) => {
    await signIn(uniqueName('PhoneInbox'), 'moderator');
    await page.goto('/admin-new/contact-inbox?filter=all');
    await expect(messages(page).first()).toBeVisible();
    await expect(messages(page).first().getByRole('button', { name: /^Mark (un)?read$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await tab(page, /^Archived$/).click();
    await expect(page).toHaveURL('/admin-new/contact-inbox?filter=archived');
    // The demo content has an archived message.
    await expect(messages(page).first().getByRole('button', { name: 'Unarchive' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });
});
