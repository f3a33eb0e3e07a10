import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settingsResponseSchema, siteSettingsSchema } from '../../../common/contracts/settings';
import { adminOnly } from '../../platform/admin';
import type { SettingsService } from './settings.service';

/** Staff read the settings; only admins change them. */
export function settingsAdminRoutes(admin: FastifyInstance, settings: SettingsService) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: settingsResponseSchema } };

  r.get('/settings', { schema }, async () => ({ success: true as const, ...(await settings.get()) }));

  const saved = { response: { 200: settingsResponseSchema.extend({ message: z.string() }) } };
  r.put('/settings', { ...adminOnly, schema: { ...saved, body: siteSettingsSchema } }, async (request) => {
    return { success: true as const, message: 'Settings saved.', ...(await settings.update(request.body)) };
  });
}
