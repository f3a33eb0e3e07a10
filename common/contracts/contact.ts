import { z } from 'zod';
import { CAPTCHA_ANSWER_MAX, CONTACT_FIELD_MAX, CONTACT_MESSAGE_MAX } from '../contact';
import { formatCount } from '../format';

/* The contact form and its captcha (spec 1 §3 Contact message / Captcha, §5, §7; decision 022). */

/** A fresh captcha: the token to send back and the picture (a data: URL of a PNG made on the server). */
export const captchaSchema = z.object({ token: z.string(), image: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

const required = (label: string) => `The ${label} field is required.`;
const text = (label: string, max: number) =>
  z.string({ error: required(label) }).trim().min(1, required(label)).max(max, `The ${label} may not be greater than ${formatCount(max)} characters.`);

export const contactInputSchema = z.object({
  name: text('name', CONTACT_FIELD_MAX),
  email: text('email', CONTACT_FIELD_MAX).pipe(z.email('The email must be a valid email address.')),
  subject: text('subject', CONTACT_FIELD_MAX),
  message: text('message', CONTACT_MESSAGE_MAX),
  captcha_token: z.string({ error: 'The captcha has expired. Please try the new image.' }).min(1, 'The captcha has expired. Please try the new image.').max(100),
  captcha_answer: text('captcha answer', CAPTCHA_ANSWER_MAX),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactFields = z.output<typeof contactInputSchema>;

export const contactResponseSchema = z.object({ success: z.literal(true), message: z.string() });
