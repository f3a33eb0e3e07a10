import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import { notificationSchema } from '../../../common/contracts/notifications';
import { NOTIFICATION_COUNT_HEADERS } from '../../../common/limits';
import { requireUser } from '../../platform/auth/auth';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(app: FastifyInstance, notifications: NotificationsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', { schema: { response: { 200: z.array(notificationSchema) } } }, async (request, reply) => {
    const { id } = requireUser(request);
    const [list, counts] = await Promise.all([notifications.list(id), notifications.counts(id)]);
    reply.header(NOTIFICATION_COUNT_HEADERS.total, counts.total).header(NOTIFICATION_COUNT_HEADERS.unread, counts.unread);
    return list;
  });

  r.post(
    '/api/notifications/:id/read',
    { schema: { params: idParamSchema, response: { 200: successSchema } } },
    async (request) => {
      await notifications.markRead(requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/api/notifications/read-all',
    { schema: { response: { 200: successSchema.extend({ updated: z.number() }) } } },
    async (request) => ({ success: true as const, updated: await notifications.markAllRead(requireUser(request).id) }),
  );
}
