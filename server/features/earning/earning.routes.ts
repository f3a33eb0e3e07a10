import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyBonusClaimResponseSchema, dailyBonusResponseSchema } from '../../../common/contracts/earning';
import { requireUser } from '../../platform/auth/auth';
import { perMemberPerMinute } from '../../platform/rate-limit';
import type { DailyBonusService } from './daily-bonus.service';

/** The daily bonus in the top bar: its state, and the claim. */
export function earningRoutes(app: FastifyInstance, dailyBonus: DailyBonusService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/points/daily', { schema: { response: { 200: dailyBonusResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await dailyBonus.status(requireUser(request).id) };
  });

  r.post(
    '/api/r/points/daily',
    { config: { rateLimit: perMemberPerMinute(20) }, schema: { body: z.object({}).strict().nullish(), response: { 200: dailyBonusClaimResponseSchema } } },
    async (request) => ({ success: true as const, ...(await dailyBonus.claim(requireUser(request).id)) }),
  );
}
