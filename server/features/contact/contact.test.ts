import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_MS, CONTACT_TEXTS } from '../../../common/contact';
import { CSRF_REFUSAL } from '../../platform/auth/auth';
import { useTestApp } from '../../test/app';
import { manualClock } from '../../test/clock';
import { signedInMember, TestClient } from '../../test/client';
import { CONTACT_MESSAGES } from './contact.service';
import { CAPTCHA_ANSWER, contactForm, contactSnapshot, FIXED_CAPTCHA_ENV, freshAddress, newCaptcha, sendContact } from './contact.testkit';

/** POST /api/r/contact (spec 1 §5, §7, §8, §9; decision 022): every field's rule, the captcha, the limits. */
describe('contact form', () => {
  const clock = manualClock('2026-03-02T12:00:00.000Z');
  const t = useTestApp({ env: FIXED_CAPTCHA_ENV, now: clock.now });
  const db = () => t.database.db;
  let visitor: TestClient;

  beforeAll(async () => {
    visitor = new TestClient(t.app);
    await visitor.page('/contact');
  });

  /** A refusal with its status, message and field errors, leaving messages and captchas as they were (besides `burns`). */
  const refused = async (body: Record<string, unknown>, status: number, message: string, errors?: Record<string, string[]>) => {
    const token = (body.captcha_token as string | undefined) ?? (await newCaptcha(visitor));
    const before = await contactSnapshot(db());
    const response = await sendContact(visitor, { ...body, captcha_token: token });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ success: false, message, ...(errors ? { errors } : {}) });
    const after = await contactSnapshot(db());
    expect(after.messages).toEqual(before.messages);
    return { token, captchaKept: after.captchas.some((row) => row.token === token) };
  };

  it('sends a message: the spec text, stored with its fields, the captcha answered case-insensitively and used up', async () => {
    const form = contactForm({ name: '  Grace Hopper ', subject: 'Raffle question', message: 'Line one\nLine two' });
    const token = await newCaptcha(visitor);
    const response = await sendContact(visitor, { ...form, captcha_answer: CAPTCHA_ANSWER.toLowerCase(), captcha_token: token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: CONTACT_TEXTS.sent });
    const row = await db().selectFrom('contact_messages').selectAll().where('email', '=', form.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Grace Hopper', subject: 'Raffle question', message: 'Line one\nLine two', user_id: null, read_at: null, archived_at: null, emailed_at: null, created_at: clock.now().toISOString() });
    expect(await db().selectFrom('captchas').where('token', '=', token).selectAll().execute()).toEqual([]);
  });

  it("keeps a signed-in member's id with the message", async () => {
    const member = await signedInMember(t.app, 'ContactingMember');
    const form = contactForm();
    const response = await sendContact(member.client, { ...form, captcha_answer: CAPTCHA_ANSWER.toUpperCase() });
    expect(response.statusCode, response.body).toBe(200);
    const row = await db().selectFrom('contact_messages').select('user_id').where('email', '=', form.email).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(member.id);
  });

  it('requires every field, with the spec text under the field, and keeps the captcha for the corrected form', async () => {
    const cases: [string, string][] = [
      ['name', 'The name field is required.'],
      ['email', 'The email field is required.'],
      ['subject', 'The subject field is required.'],
      ['message', 'The message field is required.'],
      ['captcha_answer', 'The captcha answer field is required.'],
    ];
    for (const [field, text] of cases) {
      for (const value of [undefined, '', '  \n\t ']) {
        const { captchaKept } = await refused({ ...contactForm(), [field]: value }, 422, text, { [field]: [text] });
        expect(captchaKept, `${field} ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('reports every wrong field at once, first message per field', async () => {
    const response = await sendContact(visitor, { name: '', email: 'nope', subject: 'x'.repeat(256), message: '', captcha_answer: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      subject: ['The subject may not be greater than 255 characters.'],
      message: ['The message field is required.'],
      captcha_answer: ['The captcha answer field is required.'],
    });
  });

  it('holds name, email and subject to 255 characters, the message to 2,000 and the answer to 10 (after trimming)', async () => {
    const email255 = `${'a'.repeat(243)}@example.com`;
    expect(email255).toHaveLength(255);
    const ok = await sendContact(visitor, contactForm({ name: 'n'.repeat(255), email: email255, subject: 's'.repeat(255), message: ` ${'m'.repeat(2000)} ` }));
    expect(ok.statusCode, ok.body).toBe(200);
    const tooLong = (label: string, max: string) => `The ${label} may not be greater than ${max} characters.`;
    await refused(contactForm({ name: 'n'.repeat(256) }), 422, tooLong('name', '255'), { name: [tooLong('name', '255')] });
    await refused(contactForm({ email: `a${email255}` }), 422, tooLong('email', '255'), { email: [tooLong('email', '255')] });
    await refused(contactForm({ subject: 's'.repeat(256) }), 422, tooLong('subject', '255'), { subject: [tooLong('subject', '255')] });
    await refused(contactForm({ message: 'm'.repeat(2001) }), 422, tooLong('message', '2,000'), { message: [tooLong('message', '2,000')] });
    await refused(contactForm({ captcha_answer: 'a'.repeat(11) }), 422, tooLong('captcha answer', '10'), { captcha_answer: [tooLong('captcha answer', '10')] });
  });

  it('accepts only a valid email format', async () => {
    const text = 'The email must be a valid email address.';
    for (const email of ['plainaddress', 'two@@example.com', 'no-domain@', '@example.com', 'spaces in@example.com', 'a@b', '<a@example.com>']) {
      await refused(contactForm({ email }), 422, text, { email: [text] });
    }
    for (const email of ['first.last+tag@example.co.uk', 'UPPER@Example.COM']) {
      const response = await sendContact(visitor, contactForm({ email }));
      expect(response.statusCode, email).toBe(200);
    }
  });

  it('refuses a wrong answer, and the captcha is burnt: the right answer afterwards is refused as expired', async () => {
    const form = contactForm();
    const { token, captchaKept } = await refused({ ...form, captcha_answer: 'WRONG' }, 422, CONTACT_TEXTS.captchaWrong, { captcha_answer: [CONTACT_TEXTS.captchaWrong] });
    expect(captchaKept).toBe(false);
    await refused({ ...form, captcha_token: token }, 422, CONTACT_TEXTS.captchaExpired, { captcha_answer: [CONTACT_TEXTS.captchaExpired] });
  });

  it('takes a captcha once: the same token again is refused, with one message stored', async () => {
    const form = contactForm();
    const token = await newCaptcha(visitor);
    expect((await sendContact(visitor, { ...form, captcha_token: token })).statusCode).toBe(200);
    await refused({ ...contactForm(), captcha_token: token }, 422, CONTACT_TEXTS.captchaExpired, { captcha_answer: [CONTACT_TEXTS.captchaExpired] });
    await refused({ ...contactForm(), captcha_token: 'made-up-token' }, 422, CONTACT_TEXTS.captchaExpired, { captcha_answer: [CONTACT_TEXTS.captchaExpired] });
    expect(await db().selectFrom('contact_messages').where('email', '=', form.email).selectAll().execute()).toHaveLength(1);
  });

  it('lets a captcha expire after 10 minutes', async () => {
    const lastMoment = await newCaptcha(visitor);
    const expired = await newCaptcha(visitor);
    clock.advance(CAPTCHA_TTL_MS - 1);
    expect((await sendContact(visitor, { ...contactForm(), captcha_token: lastMoment })).statusCode).toBe(200);
    clock.advance(1);
    const { captchaKept } = await refused({ ...contactForm(), captcha_token: expired }, 422, CONTACT_TEXTS.captchaExpired, { captcha_answer: [CONTACT_TEXTS.captchaExpired] });
    expect(captchaKept).toBe(false);
  });

  it('refuses a send without the CSRF token', async () => {
    const before = await contactSnapshot(db());
    const response = await visitor.post('/api/r/contact', { ...contactForm(), captcha_token: await newCaptcha(visitor) }, { csrf: false, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: CSRF_REFUSAL });
    expect((await contactSnapshot(db())).messages).toEqual(before.messages);
  });

  it('takes 5 messages per email address per hour (any case), then 429 with nothing stored, until the hour has passed', async () => {
    const email = `limited.${Date.now()}@example.com`;
    for (let sent = 0; sent < 5; sent++) {
      const response = await sendContact(visitor, contactForm({ email: sent % 2 ? email.toUpperCase() : email }));
      expect(response.statusCode, response.body).toBe(200);
    }
    await refused(contactForm({ email }), 429, CONTACT_MESSAGES.tooManyFromEmail);
    clock.advance(60 * 60 * 1000);
    expect((await sendContact(visitor, contactForm({ email }))).statusCode).toBe(200);
  });

  it('takes 10 sends per client address per hour, then 429 with a clear message and nothing stored', async () => {
    const address = freshAddress();
    for (let sent = 0; sent < 10; sent++) {
      const response = await sendContact(visitor, contactForm(), address);
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await contactSnapshot(db());
    const limited = await sendContact(visitor, contactForm(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'Too many attempts. Please wait 1 hour and try again.' });
    expect((await contactSnapshot(db())).messages).toEqual(before.messages);
    expect((await sendContact(visitor, contactForm(), freshAddress())).statusCode).toBe(200);
  });
});
