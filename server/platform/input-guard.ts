import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_REFUSAL = 'Text cannot contain NUL characters.';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store a NUL character in text (SQLite can), so one dialect would fail where the
 * other succeeds. Text with NUL in the address, the query or the body is refused up front, for every route.
 */
export function registerInputGuard(app: FastifyInstance) {
  // Spec 1 §7 sends body-less calls (sign-out, accept, decline, redeem) with a JSON content type and nothing after
  // it: such a request means what one without any body means, instead of Fastify's 400 for empty JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_REFUSAL);
  });
}
