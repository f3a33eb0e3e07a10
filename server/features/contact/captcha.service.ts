import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '../../../common/contact';
import type { Captcha } from '../../../common/contracts/contact';
import type { DB } from '../../db/types';

/**
 * Letters and digits people do not mix up once case is ignored (no 0/O/Q-like D, 1/I/L, 2/Z, 5/S, 8/B,
 * U/V): the answer is compared case-insensitively, so the image may show either case.
 */
export const CAPTCHA_CHARACTERS = 'ACEFGHJKMNPRTWXY34679';

/** The image: 150x50 CSS pixels drawn at twice that for sharp screens, dark grey text on a light panel. */
const IMAGE = { width: 150, height: 50, fontSize: 52, noise: 3, color: false };
const PANEL = '#efe9ff';

/** svg-captcha's main export draws a given text (its typings only declare the helpers around it). */
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/** The text comes from the crypto generator, not Math.random (svg-captcha's own create). */
const randomText = () => Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_CHARACTERS[randomInt(CAPTCHA_CHARACTERS.length)]).join('');

/** Keyed by the token, so a stored hash says nothing about any other captcha's answer. */
const hashOf = (token: string, answer: string) => createHmac('sha256', token).update(answer.trim().toLowerCase()).digest();

export type CaptchaCheck = 'right' | 'wrong' | 'expired';

/**
 * Captchas made on the server, single use, 10 minutes (decision 022). A row holds only the answer's HMAC;
 * answering deletes the row in the same statement, so every answer (right or wrong) uses it up, once,
 * whichever instance receives it.
 */
export function createCaptchaService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  return {
    /** A new captcha; `text` fixes its answer (test runs only: config.captchaFixedAnswer). Sweeps expired rows first. */
    async issue(text: string = randomText()): Promise<Captcha> {
      const at = now();
      await db.deleteFrom('captchas').where('expires_at', '<=', at.toISOString()).execute();
      const token = randomBytes(24).toString('base64url');
      const svg = drawText(text, IMAGE);
      const png = await sharp(Buffer.from(svg), { density: 144 }).flatten({ background: PANEL }).png().toBuffer();
      await db
        .insertInto('captchas')
        .values({ token, answer_hash: hashOf(token, text).toString('hex'), expires_at: new Date(at.getTime() + CAPTCHA_TTL_MS).toISOString() })
        .execute();
      return { token, image: `data:image/png;base64,${png.toString('base64')}` };
    },

    /** Uses the captcha up and says whether the answer was right; an unknown or used token counts as expired. */
    async check(token: string, answer: string): Promise<CaptchaCheck> {
      const row = await db.deleteFrom('captchas').where('token', '=', token).returning(['answer_hash', 'expires_at']).executeTakeFirst();
      if (!row || row.expires_at <= now().toISOString()) return 'expired';
      const expected = Buffer.from(row.answer_hash, 'hex');
      const given = hashOf(token, answer);
      return expected.length === given.length && timingSafeEqual(expected, given) ? 'right' : 'wrong';
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
