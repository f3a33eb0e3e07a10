import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import {
  adminRaffleEntriesQuerySchema, adminRaffleEntriesSchema, adminRaffleListQuerySchema, adminRaffleListSchema, adminRaffleResponseSchema, raffleInputSchema,
  raffleRedrawSchema,
} from '../../../common/contracts/raffles-admin';
import { requireStaff } from '../../platform/auth/auth';
import { receiveOneImage, type UploadStore } from '../../platform/uploads';
import type { RaffleDrawsService } from './raffle-draws.service';
import { RAFFLE_ENTRIES_PER_PAGE, RAFFLE_IMAGE_FOLDER, RAFFLES_PER_PAGE, type RafflesAdminService } from './raffles-admin.service';

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
const raffle = { schema: { params: idParamSchema, response: { 200: adminRaffleResponseSchema } } };

/**
 * Staff run raffles: moderators and admins alike may do everything here (decision 019), so the admin API's
 * staff check is the whole policy. Every change answers the raffle as it now is, picks included.
 */
export function rafflesAdminRoutes(admin: FastifyInstance, deps: { raffles: RafflesAdminService; draws: RaffleDrawsService; uploads: UploadStore }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { raffles, draws } = deps;
  const answer = async (id: number, message: string) => ({ success: true as const, message, data: await raffles.get(id) });

  r.get('/raffles', { schema: { querystring: adminRaffleListQuerySchema, response: { 200: adminRaffleListSchema } } }, async (request) => {
    const { raffles: data, total } = await raffles.list(request.query);
    return { success: true as const, data, page: request.query.page, pages: pages(total, RAFFLES_PER_PAGE), total };
  });

  r.post('/raffles', { schema: { body: raffleInputSchema, response: { 200: adminRaffleResponseSchema } } }, async (request) =>
    answer(await raffles.create(requireStaff(request).id, request.body), 'Raffle created.'),
  );

  r.get('/raffles/:id', raffle, async (request) => ({ success: true as const, data: await raffles.get(request.params.id) }));

  r.put('/raffles/:id', { schema: { ...raffle.schema, body: raffleInputSchema } }, async (request) => {
    await raffles.update(request.params.id, request.body);
    return answer(request.params.id, 'Raffle saved.');
  });

  r.delete('/raffles/:id', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await raffles.remove(request.params.id);
    return { success: true as const, message: 'Raffle deleted.' };
  });

  r.get('/raffles/:id/entries', { schema: { params: idParamSchema, querystring: adminRaffleEntriesQuerySchema, response: { 200: adminRaffleEntriesSchema } } }, async (request) => {
    const { page, search } = request.query;
    const { entries, total } = await raffles.entries(request.params.id, search, page);
    return { success: true as const, data: entries, page, pages: pages(total, RAFFLE_ENTRIES_PER_PAGE), total };
  });

  /** One image for a raffle: checked by content, re-encoded, stored; the raffle form then saves its path. */
  r.post('/raffles/images', { schema: { response: { 200: z.object({ success: z.literal(true), path: z.string() }) } } }, async (request) => ({
    success: true as const,
    path: await receiveOneImage(request, deps.uploads, RAFFLE_IMAGE_FOLDER),
  }));

  r.post('/raffles/:id/close', raffle, async (request) => {
    await draws.close(request.params.id);
    return answer(request.params.id, 'Entries closed. The entry list is frozen and its hash is published.');
  });

  r.post('/raffles/:id/draw', raffle, async (request) => {
    await draws.draw(requireStaff(request).id, request.params.id);
    return answer(request.params.id, 'Winners drawn. Check them, then announce.');
  });

  r.post('/raffles/:id/redraw', { schema: { ...raffle.schema, body: raffleRedrawSchema } }, async (request) => {
    await draws.redraw(requireStaff(request).id, request.params.id, request.body);
    return answer(request.params.id, `Pick ${request.body.position} replaced by the next pick of the draw.`);
  });

  r.post('/raffles/:id/announce', raffle, async (request) => {
    await draws.announce(requireStaff(request).id, request.params.id);
    return answer(request.params.id, 'Winners announced. They have been notified and the seed is public.');
  });
}
