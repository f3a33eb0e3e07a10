import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../common/contracts/api';
import { replyAddedResponseSchema } from '../../../common/contracts/tickets';
import {
  adminTicketCategoriesResponseSchema, adminTicketDetailResponseSchema, adminTicketListQuerySchema, adminTicketListSchema, assigneesResponseSchema,
  ticketCategoryInputSchema, ticketCategoryOrderSchema, ticketUpdateSchema,
} from '../../../common/contracts/tickets-admin';
import { requireStaff } from '../../platform/auth/auth';
import type { UploadStore } from '../../platform/uploads';
import { readTicketForm } from './ticket-uploads';
import { TICKETS_PER_PAGE, type TicketsAdminService } from './tickets-admin.service';

/**
 * /admin-new/api/tickets… and /admin-new/api/ticket-categories…: support is moderators' and admins' work alike
 * (ARCHITECTURE roles), so the admin API's staff check is the whole policy. Changes answer the ticket (or every
 * category) as it now is.
 */
export function ticketsAdminRoutes(admin: FastifyInstance, deps: { tickets: TicketsAdminService; uploads: UploadStore }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { tickets } = deps;
  const categories = { response: { 200: adminTicketCategoriesResponseSchema } };

  r.get('/tickets', { schema: { querystring: adminTicketListQuerySchema, response: { 200: adminTicketListSchema } } }, async (request) => {
    const { tickets: data, total } = await tickets.list(request.query);
    return { success: true as const, data, page: request.query.page, pages: Math.max(1, Math.ceil(total / TICKETS_PER_PAGE)), total };
  });

  r.get('/tickets/assignees', { schema: { response: { 200: assigneesResponseSchema } } }, async () => ({ success: true as const, data: await tickets.assignees() }));

  r.get('/tickets/:id', { schema: { params: idParamSchema, response: { 200: adminTicketDetailResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await tickets.get(request.params.id),
  }));

  r.patch('/tickets/:id', { schema: { params: idParamSchema, body: ticketUpdateSchema, response: { 200: adminTicketDetailResponseSchema } } }, async (request) => ({
    success: true as const,
    message: 'Ticket updated.',
    data: await tickets.update(request.params.id, request.body),
  }));

  /** Multipart: message, images[n] (the members' limits) and the status the reply leaves the ticket in (waiting by default). */
  r.post('/tickets/:id/reply', { schema: { params: idParamSchema, response: { 201: replyAddedResponseSchema } } }, async (request, reply) => {
    const form = await readTicketForm(request, 'reply');
    const data = await tickets.reply(requireStaff(request).id, request.params.id, form);
    return reply.code(201).send({ success: true as const, message: 'Reply sent.', data });
  });

  r.get('/ticket-categories', { schema: categories }, async () => ({ success: true as const, data: await tickets.categories() }));

  r.post('/ticket-categories', { schema: { body: ticketCategoryInputSchema, response: { 201: adminTicketCategoriesResponseSchema } } }, async (request, reply) =>
    reply.code(201).send({ success: true as const, message: 'Category created.', data: await tickets.createCategory(request.body.name) }),
  );

  r.put('/ticket-categories/order', { schema: { ...categories, body: ticketCategoryOrderSchema } }, async (request) => ({
    success: true as const,
    message: 'Order saved.',
    data: await tickets.orderCategories(request.body.category_ids),
  }));

  r.put('/ticket-categories/:id', { schema: { ...categories, params: idParamSchema, body: ticketCategoryInputSchema } }, async (request) => ({
    success: true as const,
    message: 'Category renamed.',
    data: await tickets.renameCategory(request.params.id, request.body.name),
  }));

  r.delete('/ticket-categories/:id', { schema: { ...categories, params: idParamSchema } }, async (request) => ({
    success: true as const,
    message: 'Category deleted.',
    data: await tickets.deleteCategory(request.params.id),
  }));
}
