import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import { adminVipClaimSchema, adminVipTierSchema, vipClaimQueueQuerySchema, vipRejectSchema, vipTierInputSchema } from '../../../common/contracts/vip';
import { adminOnly } from '../../platform/admin';
import { requireStaff } from '../../platform/auth/auth';
import { receiveOneImage, type UploadStore } from '../../platform/uploads';
import { VIP_CLAIMS_PER_PAGE, type VipAdminService } from './vip-admin.service';

/** Admins define the tiers; all staff work the claims queue. */
export function vipAdminRoutes(admin: FastifyInstance, deps: { vipAdmin: VipAdminService; uploads: UploadStore }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { vipAdmin } = deps;

  r.get('/vip/tiers', { schema: { response: { 200: z.object({ success: z.literal(true), data: z.array(adminVipTierSchema) }) } } }, async () => ({
    success: true as const,
    data: await vipAdmin.tiers(),
  }));

  r.post('/vip/tiers', { ...adminOnly, schema: { body: vipTierInputSchema, response: { 200: successSchema } } }, async (request) => {
    await vipAdmin.createTier(request.body);
    return { success: true as const, message: `Tier “${request.body.name}” added.` };
  });

  r.put('/vip/tiers/:id', { ...adminOnly, schema: { params: idParamSchema, body: vipTierInputSchema, response: { 200: successSchema } } }, async (request) => {
    await vipAdmin.updateTier(request.params.id, request.body);
    return { success: true as const, message: `Tier “${request.body.name}” saved.` };
  });

  r.delete('/vip/tiers/:id', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await vipAdmin.deleteTier(request.params.id);
    return { success: true as const, message: 'Tier deleted.' };
  });

  r.post('/vip/images', { ...adminOnly, schema: { response: { 200: z.object({ success: z.literal(true), path: z.string() }) } } }, async (request) => {
    return { success: true as const, path: await receiveOneImage(request, deps.uploads, 'vip') };
  });

  r.get(
    '/vip/claims',
    {
      schema: {
        querystring: vipClaimQueueQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: z.array(adminVipClaimSchema), meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }) }) },
      },
    },
    async (request) => {
      const { claims, total } = await vipAdmin.queue(request.query.status, request.query.page);
      return { success: true as const, data: claims, meta: { page: request.query.page, per_page: VIP_CLAIMS_PER_PAGE, total } };
    },
  );

  r.post('/vip/claims/:id/process', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await vipAdmin.process(requireStaff(request).id, request.params.id);
    return { success: true as const, message: 'Marked as processed. The member has been notified.' };
  });

  r.post('/vip/claims/:id/reject', { schema: { params: idParamSchema, body: vipRejectSchema, response: { 200: successSchema } } }, async (request) => {
    await vipAdmin.reject(requireStaff(request).id, request.params.id, request.body.reason);
    return { success: true as const, message: 'Claim rejected. The member has been told why.' };
  });
}
