import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './errors';

/**
 * Limits are opt-in per route (`config.rateLimit`), counted per client address; with Redis the counts
 * are shared by every app instance. Sign-in allows SIGN_IN_LIMIT_PER_MINUTE attempts (10 by default:
 * enough for a person who mistypes, useless for a script).
 */
export const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

/**
 * Counted per signed-in member (per address for visitors), after the session is known: bursts of
 * entries, requests or messages from one account are refused whatever address they come from.
 */
export const perMember = (max: number, timeWindow: '1 minute' | '1 hour') => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => (request.user ? `member:${request.user.id}` : request.ip),
});
export const perMemberPerMinute = (max: number) => perMember(max, '1 minute');
export const perMemberPerHour = (max: number) => perMember(max, '1 hour');

export async function registerRateLimits(app: FastifyInstance, options: { redis?: Redis; namespace: string }) {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.namespace}rate:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please wait ${context.after} and try again.`),
  });
}
