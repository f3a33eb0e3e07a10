import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaSchema, contactInputSchema, contactResponseSchema } from '../../../common/contracts/contact';
import { perMinute } from '../../platform/rate-limit';
import type { CaptchaService } from './captcha.service';
import type { ContactService } from './contact.service';

/** Decision 022: captchas per client address per minute, contact messages per client address per hour. */
export const CAPTCHAS_PER_MINUTE = 30;
export const MESSAGES_PER_ADDRESS_PER_HOUR = 10;

/** Spec 1 §7 captcha and contact calls: open to visitors and members alike. */
export function contactRoutes(app: FastifyInstance, deps: { captcha: CaptchaService; contact: ContactService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contact } = deps;

  r.get('/api/r/captcha', { config: { rateLimit: perMinute(CAPTCHAS_PER_MINUTE) }, schema: { response: { 200: captchaSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return contact.newCaptcha();
  });

  // Every field is checked (per-field 422) before the captcha is looked at, so a typo does not use it up.
  r.post(
    '/api/r/contact',
    {
      config: { rateLimit: { max: MESSAGES_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour' } },
      schema: { body: contactInputSchema, response: { 200: contactResponseSchema } },
    },
    async (request) => {
      const { message } = await contact.send(request.body, { userId: request.user?.id ?? null });
      return { success: true as const, message };
    },
  );
}
