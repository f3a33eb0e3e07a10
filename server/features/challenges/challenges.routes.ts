import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHALLENGE_TEXTS, CLAIM_IMAGES_MAX } from '../../../common/challenges';
import { idParamSchema } from '../../../common/contracts/api';
import {
  challengeDetailResponseSchema,
  challengeListResponseSchema,
  claimResponseSchema,
  myClaimsResponseSchema,
} from '../../../common/contracts/challenges';
import { unauthorized } from '../../platform/errors';
import { perMemberPerMinute } from '../../platform/rate-limit';
import { readMultipart } from '../../platform/uploads';
import { CHALLENGE_MESSAGES, type ChallengesService } from './challenges.service';

/** Claims one member may send per minute (decision 021): more than anyone retrying a form, nothing for a script. */
const CLAIMS_PER_MINUTE = 10;

/** Challenges are for members only (spec 1 §6): visitors are told to sign in before anything else is checked. */
const signedIn = (message: string) => (request: FastifyRequest) => {
  if (!request.user) throw unauthorized(message);
  return request.user;
};
const viewer = signedIn(CHALLENGE_MESSAGES.signInToView);
const claimant = signedIn(CHALLENGE_MESSAGES.signInToClaim);

/** Spec 1 §7 challenge calls. */
export function challengesRoutes(app: FastifyInstance, challenges: ChallengesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mustView = async (request: FastifyRequest) => void viewer(request);

  r.get('/api/r/challenges', { preValidation: mustView, schema: { response: { 200: challengeListResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await challenges.list(viewer(request).id) };
  });

  r.get('/api/r/challenges/my-claims', { preValidation: mustView, schema: { response: { 200: myClaimsResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await challenges.myClaims(viewer(request).id) };
  });

  r.get(
    '/api/r/challenges/:id',
    { preValidation: mustView, schema: { params: idParamSchema, response: { 200: challengeDetailResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await challenges.detail(request.params.id, viewer(request).id) };
    },
  );

  r.post(
    '/api/r/challenges/:id/claim',
    {
      config: { rateLimit: perMemberPerMinute(CLAIMS_PER_MINUTE) },
      preValidation: async (request) => void claimant(request),
      schema: { params: idParamSchema, response: { 201: claimResponseSchema } },
    },
    async (request, reply) => {
      // Any file of the form counts as evidence (the modal sends evidence_images[0]…[4]); at most 5, 5 MB each.
      const form = await readMultipart(request, { maxFiles: CLAIM_IMAGES_MAX, tooMany: CHALLENGE_TEXTS.tooManyImages });
      const result = await challenges.claim(claimant(request).id, request.params.id, form);
      return reply.code(201).send({ success: true as const, ...result });
    },
  );
}
