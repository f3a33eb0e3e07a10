/* Contact-form rules shared by the server and the page (spec 1 §2, §3, §5, §8, §9; decision 022). */

/** Spec 1 §9. */
export const CONTACT_FIELD_MAX = 255;
export const CONTACT_MESSAGE_MAX = 2000;
export const CAPTCHA_ANSWER_MAX = 10;
/** A captcha is good for one answer within 10 minutes (issue 11). */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_LENGTH = 5;

/** Spec 1 §8 texts, and the server's own for the captcha and the rate limit. */
export const CONTACT_TEXTS = {
  sent: 'Thank you! Your message has been sent.',
  failed: 'Failed to send message',
  network: 'Failed to send message. Please try again.',
  captchaWrong: 'The captcha answer is wrong. Please try the new image.',
  captchaExpired: 'The captcha has expired. Please try the new image.',
} as const;

export const CONTACT_INBOX_FILTERS = ['unread', 'read', 'archived', 'all'] as const;
export type ContactInboxFilter = (typeof CONTACT_INBOX_FILTERS)[number];
