import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import {
  adminChallengeListQuerySchema, adminChallengeListSchema, adminChallengeResponseSchema, adminClaimListQuerySchema, adminClaimListSchema, adminClaimResponseSchema, approveClaimSchema,
  challengeInputSchema, rejectClaimSchema,
} from '../../../common/contracts/challenges-admin';
import { requireStaff } from '../../platform/auth/auth';
import { receiveOneImage, type UploadStore } from '../../platform/uploads';
import { CHALLENGE_IMAGE_FOLDER } from './challenge-views';
import { CLAIMS_PER_PAGE, type ChallengeReviewsService } from './challenge-reviews.service';
import { CHALLENGES_PER_PAGE, type ChallengesAdminService } from './challenges-admin.service';

const pages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * Staff run challenges and review their claims: moderators and admins alike (decision 021), so the admin
 * API's staff check is the whole policy. Every change answers the challenge or the claim as it now is.
 */
export function challengesAdminRoutes(admin: FastifyInstance, deps: { challenges: ChallengesAdminService; reviews: ChallengeReviewsService; uploads: UploadStore }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { challenges, reviews } = deps;
  const challenge = { schema: { params: idParamSchema, response: { 200: adminChallengeResponseSchema } } };
  const claim = { schema: { params: idParamSchema, response: { 200: adminClaimResponseSchema } } };

  r.get('/challenges', { schema: { querystring: adminChallengeListQuerySchema, response: { 200: adminChallengeListSchema } } }, async (request) => {
    const { challenges: data, total } = await challenges.list(request.query);
    return { success: true as const, data, page: request.query.page, pages: pages(total, CHALLENGES_PER_PAGE), total };
  });

  r.post('/challenges', { schema: { body: challengeInputSchema, response: { 201: adminChallengeResponseSchema } } }, async (request, reply) => {
    const id = await challenges.create(requireStaff(request).id, request.body);
    return reply.code(201).send({ success: true as const, message: 'Challenge created.', data: await challenges.get(id) });
  });

  /** One image for a challenge: checked by content, re-encoded, stored; the challenge form then saves its path. */
  r.post('/challenges/image', { schema: { response: { 200: z.object({ success: z.literal(true), path: z.string() }) } } }, async (request) => ({
    success: true as const,
    path: await receiveOneImage(request, deps.uploads, CHALLENGE_IMAGE_FOLDER),
  }));

  r.get('/challenges/:id', challenge, async (request) => ({ success: true as const, data: await challenges.get(request.params.id) }));

  r.put('/challenges/:id', { schema: { ...challenge.schema, body: challengeInputSchema } }, async (request) => {
    await challenges.update(request.params.id, request.body);
    return { success: true as const, message: 'Challenge saved.', data: await challenges.get(request.params.id) };
  });

  r.delete('/challenges/:id', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await challenges.remove(request.params.id);
    return { success: true as const, message: 'Challenge deleted.' };
  });

  r.get('/challenge-claims', { schema: { querystring: adminClaimListQuerySchema, response: { 200: adminClaimListSchema } } }, async (request) => {
    const { claims: data, total } = await reviews.list(request.query);
    return { success: true as const, data, page: request.query.page, pages: pages(total, CLAIMS_PER_PAGE), total };
  });

  r.get('/challenge-claims/:id', claim, async (request) => ({ success: true as const, data: await reviews.get(request.params.id) }));

  r.post('/challenge-claims/:id/approve', { schema: { ...claim.schema, body: approveClaimSchema } }, async (request) => ({
    success: true as const,
    message: 'Claim approved.',
    data: await reviews.approve(requireStaff(request).id, request.params.id, request.body.admin_notes),
  }));

  r.post('/challenge-claims/:id/reject', { schema: { ...claim.schema, body: rejectClaimSchema } }, async (request) => ({
    success: true as const,
    message: 'Claim rejected.',
    data: await reviews.reject(requireStaff(request).id, request.params.id, request.body.admin_notes),
  }));
}
