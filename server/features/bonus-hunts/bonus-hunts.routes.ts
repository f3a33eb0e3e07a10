import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../common/contracts/api';
import {
  currentHuntResponseSchema,
  huntHistoryResponseSchema,
  huntStatsResponseSchema,
  latestActiveResponseSchema,
  predictionInputSchema,
  predictionResponseSchema,
  predictionsResponseSchema,
  slotResultsQuerySchema,
  slotResultsResponseSchema,
} from '../../../common/contracts/bonus-hunts';
import { requireUser } from '../../platform/auth/auth';
import { sendJsonText } from '../../platform/json-text';
import { perMemberPerMinute } from '../../platform/rate-limit';
import type { BonusHuntsService } from './bonus-hunts.service';
import { PREDICTION_MESSAGES, type PredictionsService } from './predictions.service';

/** A member gets a few tries at a prediction form (typos, a closed hunt); a script gets no further. */
const PREDICTIONS_PER_MINUTE = 20;

/** Spec 1 §7 bonus hunt and slot calls, and spec 2 §7 latest-active (polled by the overlay every 3 s). */
export function bonusHuntsRoutes(app: FastifyInstance, deps: { hunts: BonusHuntsService; predictions: PredictionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { hunts, predictions } = deps;

  r.get('/api/r/bonus-hunts/current', { schema: { response: { 200: currentHuntResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendJsonText(reply, hunts.currentJson(request.user?.id ?? null));
  });

  r.get('/api/r/bonus-hunts/latest-active', { schema: { response: { 200: latestActiveResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendJsonText(reply, hunts.latestActiveJson());
  });

  r.get('/api/r/bonus-hunts/history', { schema: { response: { 200: huntHistoryResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true as const, data: await hunts.history() };
  });

  r.get('/api/r/bonus-hunts/stats', { schema: { response: { 200: huntStatsResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true as const, data: await hunts.stats() };
  });

  r.get('/api/r/bonus-hunts/:id/predictions', { schema: { params: idParamSchema, response: { 200: predictionsResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await hunts.predictions(request.params.id) };
  });

  r.post(
    '/api/r/bonus-hunts/:id/predict',
    {
      config: { rateLimit: perMemberPerMinute(PREDICTIONS_PER_MINUTE) },
      // Visitors learn that they must sign in before being told what is wrong with the form.
      preValidation: async (request) => void requireUser(request),
      schema: { params: idParamSchema, body: predictionInputSchema, response: { 200: predictionResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      message: PREDICTION_MESSAGES.submitted,
      data: await predictions.predict(requireUser(request), request.params.id, request.body),
    }),
  );

  r.get('/api/r/slots/results', { schema: { querystring: slotResultsQuerySchema, response: { 200: slotResultsResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true as const, data: await hunts.slotResults(request.query.slot_name) };
  });
}
