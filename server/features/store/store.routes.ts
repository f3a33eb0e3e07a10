import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../common/contracts/api';
import { redeemResponseSchema, storeDataSchema, storeQuerySchema } from '../../../common/contracts/store';
import { requireUser } from '../../platform/auth/auth';
import { sendJsonText } from '../../platform/json-text';
import { perMemberPerMinute } from '../../platform/rate-limit';
import type { StoreService } from './store.service';

/** Spec 1 §7: GET /api/r/store and POST /api/r/store/{id}/redeem. */
export function storeRoutes(app: FastifyInstance, store: StoreService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/store', { schema: { querystring: storeQuerySchema, response: { 200: storeDataSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendJsonText(reply, store.json(requireUser(request), request.query));
  });

  r.post(
    '/api/r/store/:id/redeem',
    { config: { rateLimit: perMemberPerMinute(30) }, schema: { params: idParamSchema, response: { 200: redeemResponseSchema } } },
    async (request) => {
      const result = await store.redeem(requireUser(request), request.params.id);
      return { success: true as const, message: result.message, data: { redemption: result.redemption, balance: result.balance } };
    },
  );
}
