import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '../../../common/contact';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedInMember, TestClient } from '../../test/client';
import { contactForm, FIXED_CAPTCHA_ENV, sendContact, startMailServer } from './contact.testkit';

type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** An app whose contact messages are emailed through `mail` (SMTP_URL, CONTACT_EMAIL_TO, SMTP_FROM). */
const appMailingTo = (mail: MailServer) =>
  buildTestApp({ env: { ...FIXED_CAPTCHA_ENV, SMTP_URL: mail.url, CONTACT_EMAIL_TO: 'support@nightspin.test', SMTP_FROM: 'site@nightspin.test' } });

const messageRow = (t: TestApp, email: string) => t.database.db.selectFrom('contact_messages').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

/** Decision 022: with SMTP settings staff also get an email, sent to a real SMTP server on this machine. */
describe('contact form: email to staff', () => {
  let mail: MailServer;
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await appMailingTo(mail);
    visitor = new TestClient(t.app);
    await visitor.page('/contact');
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('emails CONTACT_EMAIL_TO from SMTP_FROM with the sender as Reply-To and the message in the body, then records emailed_at', async () => {
    const form = contactForm({ name: 'Grace Hopper', subject: 'Stream schedule', message: 'When is the next bonus hunt?\nThanks!' });
    const response = await sendContact(visitor, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: CONTACT_TEXTS.sent });

    expect(mail.received).toHaveLength(1);
    const [received] = mail.received;
    expect(received.from).toBe('site@nightspin.test');
    expect(received.to).toEqual(['support@nightspin.test']);
    expect(received.header('to')).toBe('support@nightspin.test');
    expect(received.header('subject')).toBe('Contact form: Stream schedule');
    expect(received.header('reply-to')).toBe(`Grace Hopper <${form.email}>`);
    expect(received.text).toContain(`From: Grace Hopper <${form.email}>`);
    expect(received.text).toContain('When is the next bonus hunt?\nThanks!');
    expect(received.text).toContain('/admin-new/contact-inbox');
    expect(received.text).not.toContain('Member:');

    const row = await messageRow(t, form.email);
    expect(row.emailed_at).not.toBeNull();
  });

  it("names the signed-in member, and keeps a name or subject with line breaks from adding headers", async () => {
    const member = await signedInMember(t.app, 'MailingMember');
    const form = contactForm({ name: 'Eve\r\nBcc: victim@example.com', subject: 'Hi\nX-Injected: yes' });
    expect((await sendContact(member.client, form)).statusCode).toBe(200);
    const received = mail.received.at(-1)!;
    expect(received.to).toEqual(['support@nightspin.test']);
    expect(received.header('bcc')).toBeUndefined();
    expect(received.header('x-injected')).toBeUndefined();
    expect(received.header('subject')).toBe('Contact form: Hi X-Injected: yes');
    expect(received.text).toContain('Member: MailingMember');
  });
});

describe('contact form: the mail server refuses', () => {
  let mail: MailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startMailServer({ refuse: true });
    t = await appMailingTo(mail);
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('still answers sent and keeps the message in the inbox, without emailed_at', async () => {
    const visitor = new TestClient(t.app);
    await visitor.page('/contact');
    const form = contactForm();
    const response = await sendContact(visitor, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: CONTACT_TEXTS.sent });
    expect(mail.received).toEqual([]);
    const row = await messageRow(t, form.email);
    expect(row).toMatchObject({ subject: form.subject, emailed_at: null });
  });
});
