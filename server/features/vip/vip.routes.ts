import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import { vipDataResponseSchema, vipHistoryResponseSchema, vipQuerySchema } from '../../../common/contracts/vip';
import { requireUser } from '../../platform/auth/auth';
import { sendJsonText } from '../../platform/json-text';
import { perMemberPerMinute } from '../../platform/rate-limit';
import type { VipService } from './vip.service';

/** Spec 2 §7: the member's VIP rewards, their claim history, and claiming a tier. */
export function vipRoutes(app: FastifyInstance, vip: VipService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/vip-rewards', { schema: { querystring: vipQuerySchema, response: { 200: vipDataResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendJsonText(reply, vip.dataJson(requireUser(request)));
  });

  r.get('/api/r/vip-rewards/history', { schema: { response: { 200: vipHistoryResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await vip.history(requireUser(request)) };
  });

  r.post(
    '/api/r/vip-rewards/:id/claim',
    { config: { rateLimit: perMemberPerMinute(20) }, schema: { params: idParamSchema, response: { 200: successSchema } } },
    async (request) => ({ success: true as const, ...(await vip.claim(requireUser(request), request.params.id)) }),
  );
}
