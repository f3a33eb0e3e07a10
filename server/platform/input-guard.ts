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
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_REFUSAL);
  });
}
