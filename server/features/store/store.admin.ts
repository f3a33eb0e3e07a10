import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import { adminRedemptionSchema, adminStoreItemSchema, redemptionQueueQuerySchema, storeItemInputSchema } from '../../../common/contracts/store';
import { REDEMPTIONS_PER_PAGE } from '../../../common/limits';
import { requireStaff } from '../../platform/auth/auth';
import { receiveOneImage, type UploadStore } from '../../platform/uploads';
import type { StoreService } from './store.service';

const itemResponse = z.object({ success: z.literal(true), message: z.string(), data: adminStoreItemSchema });

/** Staff stock the store and work the redemptions queue. */
export function storeAdminRoutes(admin: FastifyInstance, deps: { store: StoreService; uploads: UploadStore }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { store } = deps;

  r.get('/store/items', { schema: { response: { 200: z.object({ success: z.literal(true), data: z.array(adminStoreItemSchema) }) } } }, async () => ({
    success: true as const,
    data: await store.adminItems(),
  }));

  r.post('/store/items', { schema: { body: storeItemInputSchema, response: { 200: itemResponse } } }, async (request) => {
    const item = await store.createItem(request.body);
    return { success: true as const, message: `“${item.name}” added to the store.`, data: item };
  });

  r.put('/store/items/:id', { schema: { params: idParamSchema, body: storeItemInputSchema, response: { 200: itemResponse } } }, async (request) => {
    const item = await store.updateItem(request.params.id, request.body);
    return { success: true as const, message: `“${item.name}” saved.`, data: item };
  });

  r.delete('/store/items/:id', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await store.deleteItem(request.params.id);
    return { success: true as const, message: 'Item deleted.' };
  });

  /** One image for an item: checked by content, re-encoded, stored; the item form then saves its path. */
  r.post('/store/images', { schema: { response: { 200: z.object({ success: z.literal(true), path: z.string() }) } } }, async (request) => {
    return { success: true as const, path: await receiveOneImage(request, deps.uploads, 'store') };
  });

  r.get(
    '/store/redemptions',
    {
      schema: {
        querystring: redemptionQueueQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(adminRedemptionSchema),
            meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const { redemptions, total } = await store.queue(status, page);
      return { success: true as const, data: redemptions, meta: { page, per_page: REDEMPTIONS_PER_PAGE, total } };
    },
  );

  r.post('/store/redemptions/:id/process', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await store.process(requireStaff(request).id, request.params.id);
    return { success: true as const, message: 'Marked as processed. The member has been notified.' };
  });

  r.post('/store/redemptions/:id/refund', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await store.refund(requireStaff(request).id, request.params.id);
    return { success: true as const, message: 'Refunded: the points are back with the member, who has been notified.' };
  });
}
