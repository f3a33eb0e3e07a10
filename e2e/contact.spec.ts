import type { Browser, Page } from '@playwright/test';
import { MOBILE, expect, signedInElsewhere, test, uniqueName } from './fixtures';

/** Every captcha's answer on the e2e server (CAPTCHA_FIXED_ANSWER in e2e/server.ts; refused outside NODE_ENV=test). */
const ANSWER = 'E2eKp';
const SENT = 'Thank you! Your message has been sent.';
const WRONG = 'The captcha answer is wrong. Please try the new image.';

const captchaImage = (page: Page) => page.getByRole('img', { name: /^Captcha/ });
const captchaSrc = async (page: Page) => {
  await expect(captchaImage(page)).toBeVisible();
  return (await captchaImage(page).getAttribute('src')) ?? '';
};
/** The captcha picture was replaced (a new one after every send result, or on request). */
const expectNewCaptcha = async (page: Page, before: string) => {
  await expect(captchaImage(page)).not.toHaveAttribute('src', before);
  await expect(captchaImage(page)).toHaveAttribute('src', /^data:image\/png;base64,/);
};

async function fillForm(page: Page, fields: { name?: string; email?: string; subject?: string; message?: string; answer?: string }) {
  if (fields.name !== undefined) await page.getByLabel('Name').fill(fields.name);
  if (fields.email !== undefined) await page.getByLabel('Email').fill(fields.email);
  if (fields.subject !== undefined) await page.getByLabel('Subject').fill(fields.subject);
  if (fields.message !== undefined) await page.getByLabel('Message').fill(fields.message);
  if (fields.answer !== undefined) await page.getByLabel('Captcha answer').fill(fields.answer);
}

/** The staff inbox's record of a message, found by its unique subject (read through the admin API as staff). */
async function inboxMessage(browser: Browser, subject: string) {
  const staff = await signedInElsewhere(browser, uniqueName('InboxStaff'), 'admin');
  const response = await staff.request.get('/admin-new/api/contact-messages?filter=all');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { subject: string; name: string; email: string; message: string; user: { username: string } | null }[] };
  await staff.context().close();
  return body.data.find((message) => message.subject === subject);
}

test.describe('contact page', () => {
  test('a visitor sends a message: a wrong captcha answer is refused with a new picture, then the right one is accepted', async ({ page, browser }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page).toHaveTitle(/^Contact Us · /);
    await expect(page.getByRole('link', { name: 'Create Ticket' })).toHaveAttribute('href', '/tickets/create');
    await expect(page.getByLabel('Name')).toHaveValue('');

    const subject = uniqueName('Question ');
    const email = `${uniqueName('visitor')}@example.com`;
    await fillForm(page, { name: 'Vera Visitor', email, subject, message: 'When is the next raffle?', answer: 'WRONG' });
    const first = await captchaSrc(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: WRONG })).toBeVisible();
    await expect(page.getByLabel('Captcha answer')).toHaveAccessibleDescription(WRONG);
    await expectNewCaptcha(page, first);
    // The rest of the form is kept for the second try; the answer is cleared for the new picture.
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(page.getByLabel('Captcha answer')).toHaveValue('');

    const second = await captchaSrc(page);
    await fillForm(page, { answer: ANSWER.toLowerCase() });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    await expectNewCaptcha(page, second);
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByText(WRONG)).toHaveCount(0);

    expect(await inboxMessage(browser, subject)).toMatchObject({ name: 'Vera Visitor', email, message: 'When is the next raffle?', user: null });
  });

  test('shows the server’s message for each field under that field, and keeps what was typed', async ({ page }) => {
    await page.goto('/contact');
    const first = await captchaSrc(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const [label, text] of [
      ['Name', 'The name field is required.'],
      ['Email', 'The email field is required.'],
      ['Subject', 'The subject field is required.'],
      ['Message', 'The message field is required.'],
      ['Captcha answer', 'The captcha answer field is required.'],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(text);
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expectNewCaptcha(page, first);

    const second = await captchaSrc(page);
    await fillForm(page, { name: 'Erin Error', email: 'not-an-email', subject: 'Typo', message: 'Hello', answer: ANSWER });
    // Typing in a field clears its own error only.
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('The email must be a valid email address.');
    await expect(page.getByRole('alert').filter({ hasText: 'The email must be a valid email address.' })).toBeVisible();
    for (const label of ['Name', 'Subject', 'Message', 'Captcha answer']) await expect(page.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name')).toHaveValue('Erin Error');
    await expectNewCaptcha(page, second);
  });

  test('counts the message’s characters as they are typed, up to 2,000', async ({ page }) => {
    await page.goto('/contact');
    const counter = page.getByTestId('message-counter');
    await expect(counter).toHaveText('0 / 2,000');
    await page.getByLabel('Message').pressSequentially('Hello team!');
    await expect(counter).toHaveText('11 / 2,000');
    await page.getByLabel('Message').fill('x'.repeat(2000));
    await expect(counter).toHaveText('2,000 / 2,000');
    await page.getByLabel('Message').press('End');
    await page.getByLabel('Message').pressSequentially('more');
    await expect(counter).toHaveText('2,000 / 2,000');
  });

  test('a new picture on request, from the refresh button by keyboard', async ({ page }) => {
    await page.goto('/contact');
    const before = await captchaSrc(page);
    await page.getByRole('button', { name: 'New captcha image' }).focus();
    await page.keyboard.press('Enter');
    await expectNewCaptcha(page, before);
  });

  test('prefills a signed-in member’s name, and the message is kept with the member', async ({ page, browser, signIn }) => {
    const name = uniqueName('Contacter');
    await signIn(name);
    await page.goto('/contact');
    await expect(page.getByLabel('Name')).toHaveValue(name);
    const subject = uniqueName('Member question ');
    await fillForm(page, { email: `${name.toLowerCase()}@example.com`, subject, message: 'My points did not arrive.', answer: ANSWER });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    // The name stays filled in for the member's next message.
    await expect(page.getByLabel('Name')).toHaveValue(name);
    expect((await inboxMessage(browser, subject))?.user?.username).toBe(name);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: MOBILE });

    test('fits the width with the form, the captcha and the ticket link', async ({ page }) => {
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
      await expect(captchaImage(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create Ticket' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      const name = await page.getByLabel('Name').boundingBox();
      const email = await page.getByLabel('Email').boundingBox();
      // Stacked, each the width of the form.
      expect(email!.y).toBeGreaterThan(name!.y);
      expect(Math.abs(email!.width - name!.width)).toBeLessThan(2);
    });
  });
});
