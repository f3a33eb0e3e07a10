import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import {
  adminEntrySchema,
  adminPeriodSchema,
  adminPlatformSchema,
  adminSourceSchema,
  entriesQuerySchema,
  entryInputSchema,
  importInputSchema,
  importResultSchema,
  leaderboardInputSchema,
  leaderboardUpdateSchema,
  periodDatesSchema,
  platformInputSchema,
  prizesInputSchema,
} from '../../../common/contracts/leaderboards';
import { sourceInputSchema, sourceTestResultSchema } from '../../../common/contracts/wager-sources';
import { countOf } from '../../../common/format';
import { adminOnly } from '../../platform/admin';
import { requireAdmin } from '../../platform/auth/auth';
import { unprocessable } from '../../platform/errors';
import { receiveOneImage, type UploadStore } from '../../platform/uploads';
import type { CatalogService } from './catalog.service';
import type { PeriodsService } from './periods.service';
import { ENTRIES_PER_PAGE, type StandingsService } from './standings.service';
import { readWagerCsv } from './wager-csv';
import type { WagerSyncService } from './wager-sync.service';

export interface LeaderboardsAdminDeps {
  catalog: CatalogService;
  periods: PeriodsService;
  standings: StandingsService;
  sync: WagerSyncService;
  uploads: UploadStore;
}

const ok = (message: string) => ({ success: true as const, message });
const entryParams = z.object({ id: idParamSchema.shape.id, entryId: idParamSchema.shape.id });
const sourceResponse = z.object({ success: z.literal(true), message: z.string(), data: adminSourceSchema });

/**
 * Staff run the partner leaderboards here. Everyone on staff reads; only admins change platforms,
 * leaderboards, periods, prizes, standings and wager sources (whose keys are secrets).
 */
export function leaderboardsAdminRoutes(admin: FastifyInstance, deps: LeaderboardsAdminDeps) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { catalog, periods, standings, sync } = deps;

  r.get('/leaderboards/platforms', { schema: { response: { 200: z.object({ success: z.literal(true), data: z.array(adminPlatformSchema) }) } } }, async () => ({
    success: true as const,
    data: await catalog.platforms(),
  }));

  r.post('/leaderboards/platforms', { ...adminOnly, schema: { body: platformInputSchema, response: { 200: successSchema } } }, async (request) => {
    await catalog.createPlatform(request.body);
    return ok(`“${request.body.name}” added.`);
  });

  r.put('/leaderboards/platforms/:id', { ...adminOnly, schema: { params: idParamSchema, body: platformInputSchema, response: { 200: successSchema } } }, async (request) => {
    await catalog.updatePlatform(request.params.id, request.body);
    return ok(`“${request.body.name}” saved.`);
  });

  r.delete('/leaderboards/platforms/:id', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await catalog.deletePlatform(request.params.id);
    return ok('Platform deleted.');
  });

  r.post('/leaderboards/platform-images', { ...adminOnly, schema: { response: { 200: z.object({ success: z.literal(true), path: z.string() }) } } }, async (request) => {
    return { success: true as const, path: await receiveOneImage(request, deps.uploads, 'platforms') };
  });

  r.post('/leaderboards/platforms/:id/leaderboards', { ...adminOnly, schema: { params: idParamSchema, body: leaderboardInputSchema, response: { 200: successSchema } } }, async (request) => {
    await catalog.createLeaderboard(request.params.id, request.body);
    return ok('Leaderboard created; its first period has started.');
  });

  r.put('/leaderboards/:id', { ...adminOnly, schema: { params: idParamSchema, body: leaderboardUpdateSchema, response: { 200: successSchema } } }, async (request) => {
    await catalog.updateLeaderboard(request.params.id, request.body);
    return ok('Leaderboard saved. A new period length applies from the next period.');
  });

  r.delete('/leaderboards/:id', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await catalog.deleteLeaderboard(request.params.id);
    return ok('Leaderboard deleted.');
  });

  r.get('/leaderboards/:id/periods', { schema: { params: idParamSchema, response: { 200: z.object({ success: z.literal(true), data: z.array(adminPeriodSchema) }) } } }, async (request) => ({
    success: true as const,
    data: await catalog.periods(request.params.id),
  }));

  r.put('/leaderboards/:id/period', { ...adminOnly, schema: { params: idParamSchema, body: periodDatesSchema, response: { 200: successSchema } } }, async (request) => {
    await periods.setDates(request.params.id, request.body);
    return ok('Period dates saved.');
  });

  r.post('/leaderboards/:id/end-period', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await periods.endNow(request.params.id);
    return ok('The period has ended and the next one has started.');
  });

  r.put('/leaderboards/:id/prizes', { ...adminOnly, schema: { params: idParamSchema, body: prizesInputSchema, response: { 200: successSchema } } }, async (request) => {
    await periods.setPrizes(request.params.id, request.body.prizes);
    return ok('Prizes saved. The next periods start with the same prizes.');
  });

  r.post('/leaderboard-periods/:id/pay-prizes', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await periods.payPrizes(request.params.id, requireAdmin(request).id);
    return ok('Prizes marked as paid; they now count toward the total given away.');
  });

  r.get(
    '/leaderboard-periods/:id/entries',
    {
      schema: {
        params: idParamSchema,
        querystring: entriesQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: z.array(adminEntrySchema), meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }) }) },
      },
    },
    async (request) => {
      const { entries, total } = await standings.page(request.params.id, request.query.search, request.query.page);
      return { success: true as const, data: entries, meta: { page: request.query.page, per_page: ENTRIES_PER_PAGE, total } };
    },
  );

  r.post('/leaderboard-periods/:id/entries', { ...adminOnly, schema: { params: idParamSchema, body: entryInputSchema, response: { 200: successSchema } } }, async (request) => {
    const { username, wagered } = request.body;
    await standings.setEntries(request.params.id, [{ username, cents: Math.round(wagered * 100) }], 'manual');
    return ok(`${username} saved. Syncs will not overwrite a staff entry.`);
  });

  r.delete('/leaderboard-periods/:id/entries/:entryId', { ...adminOnly, schema: { params: entryParams, response: { 200: successSchema } } }, async (request) => {
    await standings.deleteEntry(request.params.id, request.params.entryId);
    return ok('Player removed from this period.');
  });

  r.post('/leaderboard-periods/:id/import', { ...adminOnly, schema: { params: idParamSchema, body: importInputSchema, response: { 200: importResultSchema } } }, async (request) => {
    const { rows, errors } = readWagerCsv(request.body.csv);
    // All or nothing: a file with a bad line changes nothing, and every bad line is listed.
    // Line 0 is the file as a whole (too many players): no line number to point at.
    const told = (error: { line: number; message: string }) => (error.line > 0 ? `Line ${error.line}: ${error.message}` : error.message);
    if (errors.length > 0) throw unprocessable(told(errors[0]), { csv: errors.slice(0, 50).map(told) });
    if (rows.length === 0) throw unprocessable('The file has no players.', { csv: ['The file has no players.'] });
    await standings.setEntries(request.params.id, rows, 'import');
    return { success: true as const, message: `Imported ${countOf(rows.length, 'player')}.`, data: { imported: rows.length } };
  });

  r.put('/leaderboards/:id/source', { ...adminOnly, schema: { params: idParamSchema, body: sourceInputSchema, response: { 200: sourceResponse } } }, async (request) => ({
    success: true as const,
    message: 'Source saved; it syncs within a minute.',
    data: await sync.save(request.params.id, request.body),
  }));

  r.delete('/leaderboards/:id/source', { ...adminOnly, schema: { params: idParamSchema, response: { 200: successSchema } } }, async (request) => {
    await sync.remove(request.params.id);
    return ok('Source removed. The standings stay as they are.');
  });

  r.post('/leaderboards/:id/source/test', { ...adminOnly, schema: { params: idParamSchema, body: sourceInputSchema, response: { 200: sourceTestResultSchema } } }, async (request) => ({
    success: true as const,
    data: await sync.test(request.params.id, request.body),
  }));

  r.post('/leaderboards/:id/source/sync', { ...adminOnly, schema: { params: idParamSchema, response: { 200: sourceResponse } } }, async (request) => {
    const source = await sync.syncNow(request.params.id);
    return { success: true as const, message: source.consecutive_failures > 0 ? `Sync failed: ${source.last_error}` : `Synced: ${source.last_row_count ?? 0} players.`, data: source };
  });
}
