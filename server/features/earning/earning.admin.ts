import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { earningRulesResponseSchema, earningRulesSchema } from '../../../common/contracts/earning';
import { adminOnly } from '../../platform/admin';
import type { EarningRulesService } from './earning-rules.service';

/** Staff read the earning rules; only admins change them (they move every balance on the site). */
export function earningAdminRoutes(admin: FastifyInstance, rules: EarningRulesService) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const response = { 200: earningRulesResponseSchema };

  r.get('/earning-rules', { schema: { response } }, async () => ({ success: true as const, data: await rules.get() }));

  r.put('/earning-rules', { ...adminOnly, schema: { body: earningRulesSchema, response } }, async (request) => {
    return { success: true as const, message: 'Earning rules saved.', data: await rules.update(request.body) };
  });
}
