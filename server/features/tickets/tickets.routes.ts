import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  replyAddedResponseSchema,
  ticketCategoriesResponseSchema,
  ticketCreatedResponseSchema,
  ticketDetailResponseSchema,
  ticketListResponseSchema,
} from '../../../common/contracts/tickets';
import { unauthorized } from '../../platform/errors';
import { perMemberPerHour } from '../../platform/rate-limit';
import { readTicketForm } from './ticket-uploads';
import { TICKET_MESSAGES, type TicketsService } from './tickets.service';

/** Decision 022: per member per hour. */
export const TICKETS_PER_HOUR = 10;
export const REPLIES_PER_HOUR = 30;

/** Spec 2 §6: tickets are members' only; visitors are told to sign in before anything else is checked. */
const member = (request: FastifyRequest) => {
  if (!request.user) throw unauthorized(TICKET_MESSAGES.signIn);
  return request.user;
};
const mustSignIn = async (request: FastifyRequest) => void member(request);

/** Any text: an id that cannot be one answers like someone else's ticket (404), never a validation error. */
const ticketParams = z.object({ id: z.string() });

/** Spec 2 §7 ticket calls: the signed-in member's own tickets (decision 022). */
export function ticketsRoutes(app: FastifyInstance, tickets: TicketsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/tickets', { preValidation: mustSignIn, schema: { response: { 200: ticketListResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await tickets.list(member(request).id) };
  });

  r.get('/api/r/tickets/categories', { preValidation: mustSignIn, schema: { response: { 200: ticketCategoriesResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await tickets.categories() };
  });

  r.get('/api/r/tickets/:id', { preValidation: mustSignIn, schema: { params: ticketParams, response: { 200: ticketDetailResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await tickets.get(member(request).id, request.params.id) };
  });

  /** Multipart: title, description, category_id, priority and images[0]… (at most 5 of 5 MB). */
  r.post(
    '/api/r/tickets',
    { preValidation: mustSignIn, config: { rateLimit: perMemberPerHour(TICKETS_PER_HOUR) }, schema: { response: { 201: ticketCreatedResponseSchema } } },
    async (request, reply) => {
      const form = await readTicketForm(request, 'ticket');
      return reply.code(201).send({ success: true as const, ...(await tickets.create(member(request).id, form)) });
    },
  );

  /** Multipart: message and images[0]… (at most 5 of 5 MB). */
  r.post(
    '/api/r/tickets/:id/reply',
    { preValidation: mustSignIn, config: { rateLimit: perMemberPerHour(REPLIES_PER_HOUR) }, schema: { params: ticketParams, response: { 201: replyAddedResponseSchema } } },
    async (request, reply) => {
      const form = await readTicketForm(request, 'reply');
      return reply.code(201).send({ success: true as const, ...(await tickets.reply(member(request).id, request.params.id, form)) });
    },
  );
}
