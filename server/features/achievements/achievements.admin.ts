import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { achievementInputSchema, achievementListSchema, achievementResponseSchema } from '../../../common/contracts/achievements';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import { adminOnly } from '../../platform/admin';
import type { AchievementsService } from './achievements.service';

/** Staff see the definitions (to award them); only admins create, edit or delete them. */
export function achievementsAdminRoutes(admin: FastifyInstance, achievements: AchievementsService) {
  const r = admin.withTypeProvider<ZodTypeProvider>();

  r.get('/achievements', { schema: { response: { 200: achievementListSchema } } }, async () => ({
    success: true as const,
    data: await achievements.list(),
  }));

  r.post('/achievements', { ...adminOnly, schema: { body: achievementInputSchema, response: { 200: achievementResponseSchema } } }, async (request) => {
    const created = await achievements.create(request.body);
    return { success: true as const, message: `“${created.title}” created.`, data: created };
  });

  r.put(
    '/achievements/:id',
    { ...adminOnly, schema: { params: idParamSchema, body: achievementInputSchema, response: { 200: achievementResponseSchema } } },
    async (request) => {
      const updated = await achievements.update(request.params.id, request.body);
      return { success: true as const, message: `“${updated.title}” saved.`, data: updated };
    },
  );

  r.delete('/achievements/:id', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await achievements.remove(request.params.id);
    return { success: true as const, message: 'Achievement deleted, and taken back from every member who had it.' };
  });
}
