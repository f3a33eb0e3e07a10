import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsResponseSchema } from '../../../common/contracts/settings';
import type { SettingsService } from './settings.service';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/r/settings', { schema: { response: { 200: settingsResponseSchema } } }, async () => ({
      success: true as const,
      ...(await settings.get()),
    }));
}
