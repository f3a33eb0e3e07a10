import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import {
  adminTournamentListQuerySchema, adminTournamentListSchema, adminTournamentResponseSchema, matchIdParamSchema, matchResultSchema, tournamentInputSchema,
} from '../../../common/contracts/tournaments-admin';
import { countOf } from '../../../common/format';
import { requireStaff } from '../../platform/auth/auth';
import type { TournamentResultsService } from './tournament-results.service';
import { TOURNAMENTS_PER_PAGE, type TournamentsAdminService } from './tournaments-admin.service';

const tournament = { schema: { params: idParamSchema, response: { 200: adminTournamentResponseSchema } } };
const rewardWords = (paid: number) => (paid === 0 ? 'No rewards to pay.' : `${countOf(paid, 'reward')} paid.`);

/**
 * Staff run tournaments: moderators and admins alike may do everything here (decision 020) but set the rewards,
 * which only admins do (the service checks). Every change answers the tournament as it now is.
 */
export function tournamentsAdminRoutes(admin: FastifyInstance, deps: { tournaments: TournamentsAdminService; results: TournamentResultsService }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { tournaments, results } = deps;
  const answer = async (id: number, message: string) => ({ success: true as const, message, data: await tournaments.get(id) });

  r.get('/tournaments', { schema: { querystring: adminTournamentListQuerySchema, response: { 200: adminTournamentListSchema } } }, async (request) => {
    const { tournaments: data, total } = await tournaments.list(request.query);
    return { success: true as const, data, page: request.query.page, pages: Math.max(1, Math.ceil(total / TOURNAMENTS_PER_PAGE)), total };
  });

  r.post('/tournaments', { schema: { body: tournamentInputSchema, response: { 200: adminTournamentResponseSchema } } }, async (request) =>
    answer(
      await tournaments.create(requireStaff(request), request.body),
      request.body.slots.every((slot) => slot.name !== '') ? 'Tournament created. Generate the bracket when you are ready.' : 'Tournament created. Fill every slot, then generate the bracket.',
    ),
  );

  r.get('/tournaments/:id', tournament, async (request) => ({ success: true as const, data: await tournaments.get(request.params.id) }));

  r.put('/tournaments/:id', { schema: { ...tournament.schema, body: tournamentInputSchema } }, async (request) => {
    await tournaments.update(requireStaff(request), request.params.id, request.body);
    return answer(request.params.id, 'Tournament saved.');
  });

  r.delete('/tournaments/:id', { schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await tournaments.remove(request.params.id);
    return { success: true as const, message: 'Tournament deleted.' };
  });

  r.post('/tournaments/:id/generate', tournament, async (request) => {
    await tournaments.generate(request.params.id);
    return answer(request.params.id, 'Bracket generated. Members can see the tournament now.');
  });

  r.put('/tournaments/:id/matches/:matchId', { schema: { params: matchIdParamSchema, body: matchResultSchema, response: { 200: adminTournamentResponseSchema } } }, async (request) => {
    const decided = await results.setResult(request.params.id, request.params.matchId, request.body);
    return answer(request.params.id, decided ? 'Result saved. Predictions are re-scored.' : 'Result cleared. Predictions are re-scored.');
  });

  r.post('/tournaments/:id/predictions/open', tournament, async (request) => {
    await tournaments.openPredictions(request.params.id);
    return answer(request.params.id, 'Predictions are open.');
  });

  r.post('/tournaments/:id/predictions/close', tournament, async (request) => {
    await tournaments.closePredictions(request.params.id);
    return answer(request.params.id, 'Predictions are closed.');
  });

  r.post('/tournaments/:id/finish', tournament, async (request) => {
    const paid = await results.finish(request.params.id);
    return answer(request.params.id, `Tournament finished. ${rewardWords(paid)}`);
  });
}
