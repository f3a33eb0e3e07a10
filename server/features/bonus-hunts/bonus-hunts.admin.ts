import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import {
  adminHuntListQuerySchema, adminHuntListSchema, adminHuntResponseSchema, adminSlotListSchema, adminSlotSchema, gameInputSchema, gameOrderSchema,
  gameUpdateSchema, huntGameParamsSchema, huntInputSchema, slotInputSchema, slotListQuerySchema, slotMergeSchema,
} from '../../../common/contracts/bonus-hunts-admin';
import { countOf, formatUsd } from '../../../common/format';
import { requireStaff } from '../../platform/auth/auth';
import { receiveOneImage, type UploadStore } from '../../platform/uploads';
import type { HuntGamesAdminService } from './hunt-games-admin.service';
import { HUNTS_PER_PAGE, type HuntsAdminService } from './hunts-admin.service';
import { SLOT_IMAGE_FOLDER, type SlotsAdminService } from './slots-admin.service';

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
const slotResponse = z.object({ success: z.literal(true), message: z.string(), data: adminSlotSchema });
const hunt = { schema: { params: idParamSchema, response: { 200: adminHuntResponseSchema } } };
const game = { schema: { params: huntGameParamsSchema, response: { 200: adminHuntResponseSchema } } };

/**
 * Staff (moderators and admins) run bonus hunts live and keep the slot catalogue; only admins set the points
 * a hunt pays (docs/decisions/016-bonus-hunts.md). Every change to a hunt answers the hunt as it now is.
 */
export function bonusHuntsAdminRoutes(admin: FastifyInstance, deps: { hunts: HuntsAdminService; games: HuntGamesAdminService; slots: SlotsAdminService; uploads: UploadStore }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { hunts, games, slots } = deps;
  const answer = async (id: number, message: string) => ({ success: true as const, message, data: await hunts.get(id) });

  r.get('/bonus-hunts', { schema: { querystring: adminHuntListQuerySchema, response: { 200: adminHuntListSchema } } }, async (request) => {
    const { hunts: data, total } = await hunts.list(request.query.page);
    return { success: true as const, data, page: request.query.page, pages: pages(total, HUNTS_PER_PAGE), total };
  });

  r.post('/bonus-hunts', { schema: { body: huntInputSchema, response: { 200: adminHuntResponseSchema } } }, async (request) =>
    answer(await hunts.create(requireStaff(request), request.body), 'Hunt started.'),
  );

  r.get('/bonus-hunts/:id', hunt, async (request) => ({ success: true as const, data: await hunts.get(request.params.id) }));

  r.put('/bonus-hunts/:id', { schema: { ...hunt.schema, body: huntInputSchema } }, async (request) => {
    await hunts.update(requireStaff(request).role, request.params.id, request.body);
    return answer(request.params.id, 'Hunt saved.');
  });

  r.delete('/bonus-hunts/:id', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await hunts.remove(request.params.id);
    return { success: true as const, message: 'Hunt deleted.' };
  });

  r.post('/bonus-hunts/:id/games', { schema: { ...hunt.schema, body: gameInputSchema } }, async (request) => {
    const gameId = await games.add(request.params.id, request.body);
    const data = await hunts.get(request.params.id);
    return { success: true as const, message: `“${data.games.find((row) => row.id === gameId)?.slot_name}” added.`, data };
  });

  r.patch('/bonus-hunts/:id/games/:gameId', { schema: { ...game.schema, body: gameUpdateSchema } }, async (request) => {
    const { closedPredictions } = await games.update(request.params.id, request.params.gameId, request.body);
    return answer(request.params.id, closedPredictions ? 'Saved. Predictions are now closed: opening has started.' : 'Saved.');
  });

  r.delete('/bonus-hunts/:id/games/:gameId', game, async (request) => {
    await games.remove(request.params.id, request.params.gameId);
    return answer(request.params.id, 'Game removed.');
  });

  r.put('/bonus-hunts/:id/games/order', { schema: { ...hunt.schema, body: gameOrderSchema } }, async (request) => {
    await games.reorder(request.params.id, request.body.game_ids);
    return answer(request.params.id, 'Order saved.');
  });

  r.post('/bonus-hunts/:id/predictions/open', hunt, async (request) => {
    await hunts.openPredictions(request.params.id);
    return answer(request.params.id, 'Predictions are open.');
  });

  r.post('/bonus-hunts/:id/predictions/close', hunt, async (request) => {
    await hunts.closePredictions(request.params.id);
    return answer(request.params.id, 'Predictions are closed.');
  });

  r.post('/bonus-hunts/:id/finish', hunt, async (request) => {
    const { endBalance, paid } = await hunts.finish(request.params.id);
    const money = formatUsd(endBalance);
    return answer(request.params.id, `Hunt finished with an end balance of ${money}. ${paid === 0 ? 'No rewards to pay.' : `${countOf(paid, 'reward')} paid.`}`);
  });

  r.get('/slots', { schema: { querystring: slotListQuerySchema, response: { 200: adminSlotListSchema } } }, async (request) => {
    const { search, page, per_page } = request.query;
    const { slots: data, total } = await slots.list(search, page, per_page);
    return { success: true as const, data, page, pages: pages(total, per_page), total };
  });

  r.post('/slots', { schema: { body: slotInputSchema, response: { 200: slotResponse } } }, async (request) => {
    const slot = await slots.create(request.body);
    return { success: true as const, message: `“${slot.name}” added to the catalogue.`, data: slot };
  });

  r.put('/slots/:id', { schema: { params: idParamSchema, body: slotInputSchema, response: { 200: slotResponse } } }, async (request) => {
    const slot = await slots.update(request.params.id, request.body);
    return { success: true as const, message: `“${slot.name}” saved.`, data: slot };
  });

  r.delete('/slots/:id', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    const name = await slots.remove(request.params.id);
    return { success: true as const, message: `“${name}” deleted from the catalogue.` };
  });

  /** One image for a slot: checked by content, re-encoded, stored; the slot form then saves its path. */
  r.post('/slots/images', { schema: { response: { 200: z.object({ success: z.literal(true), path: z.string() }) } } }, async (request) => ({
    success: true as const,
    path: await receiveOneImage(request, deps.uploads, SLOT_IMAGE_FOLDER),
  }));

  r.post('/slots/:id/merge', { schema: { params: idParamSchema, body: slotMergeSchema, response: { 200: successSchema } } }, async (request) => {
    const merged = await slots.merge(request.params.id, request.body.into_id);
    return { success: true as const, message: `“${merged.from}” merged into “${merged.into}”: ${countOf(merged.games, 'game')} moved.` };
  });
}
