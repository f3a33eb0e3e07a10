import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../common/contracts/api';
import { contactInboxQuerySchema, contactInboxSchema, contactMessageResponseSchema, contactMessageUpdateSchema } from '../../../common/contracts/tickets-admin';
import { CONTACT_MESSAGES_PER_PAGE, type ContactService } from './contact.service';

/** /admin-new/api/contact-messages…: the staff inbox (decision 022); the admin API's staff check is the whole policy. */
export function contactAdminRoutes(admin: FastifyInstance, contact: ContactService) {
  const r = admin.withTypeProvider<ZodTypeProvider>();

  r.get('/contact-messages', { schema: { querystring: contactInboxQuerySchema, response: { 200: contactInboxSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { messages, total, unread } = await contact.inbox(request.query);
    return { success: true as const, data: messages, page: request.query.page, pages: Math.max(1, Math.ceil(total / CONTACT_MESSAGES_PER_PAGE)), total, unread };
  });

  r.patch(
    '/contact-messages/:id',
    { schema: { params: idParamSchema, body: contactMessageUpdateSchema, response: { 200: contactMessageResponseSchema } } },
    async (request) => ({ success: true as const, message: 'Message updated.', data: await contact.update(request.params.id, request.body) }),
  );
}
