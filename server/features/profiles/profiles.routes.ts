import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileFieldsSchema, profileResponseSchema, settingsUserResponseSchema, usernameParamSchema } from '../../../common/contracts/profiles';
import type { Auth } from '../../platform/auth/auth';
import { requireUser } from '../../platform/auth/auth';
import { UpstreamError } from '../../integrations/http';
import { HttpError } from '../../platform/errors';
import { sendJsonText } from '../../platform/json-text';
import { perMemberPerMinute, perMinute } from '../../platform/rate-limit';
import { KICK_LINK_MESSAGES, type KickLinkService } from './kick-link.service';
import type { ProfilesService } from './profiles.service';

const CONNECTIONS = '/settings?tab=connections';

export function profilesRoutes(
  app: FastifyInstance,
  deps: { profiles: ProfilesService; kickLink: KickLinkService; auth: Auth; signInLimitPerMinute: number },
) {
  const { profiles, kickLink, auth } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Spec 1 and 2 §7: the public profile, which also feeds the hover card. */
  r.get('/api/r/user/:username', { schema: { params: usernameParamSchema, response: { 200: profileResponseSchema } } }, async (request, reply) =>
    sendJsonText(reply, profiles.profileJson(request.params.username, request.user?.id ?? null)),
  );

  /** The signed-in member's own editable fields, for /settings. */
  r.get('/api/r/profile', { schema: { response: { 200: settingsUserResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, user: await profiles.settingsUser(requireUser(request).id) };
  });

  r.post(
    '/api/r/profile/update',
    { config: { rateLimit: perMemberPerMinute(30) }, schema: { body: profileFieldsSchema.strict(), response: { 200: settingsUserResponseSchema } } },
    async (request) => {
      const result = await profiles.update(requireUser(request).id, request.body);
      return { success: true as const, message: result.message, user: result.user };
    },
  );

  r.post('/api/r/profile/disconnect-kick', { schema: { body: z.object({}).nullish(), response: { 200: settingsUserResponseSchema } } }, async (request) => ({
    success: true as const,
    message: KICK_LINK_MESSAGES.disconnected,
    user: await kickLink.disconnect(requireUser(request).id),
  }));

  const limited = { rateLimit: perMinute(deps.signInLimitPerMinute) };

  /** Browser navigation from Settings → Connections: off to Kick, and back to the callback below. */
  r.get('/auth/kick', { config: limited }, async (request, reply) => {
    if (!request.user || !request.sessionId) return reply.redirect('/login', 302);
    if (!kickLink.available) {
      auth.flash(reply, 'error', KICK_LINK_MESSAGES.notConfigured);
      return reply.redirect(CONNECTIONS, 302);
    }
    return reply.redirect(await kickLink.start(request.sessionId), 302);
  });

  r.get(
    '/auth/kick/callback',
    {
      config: limited,
      schema: {
        querystring: z.object({
          code: z.string().max(1024).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      if (!request.user || !request.sessionId) {
        auth.flash(reply, 'error', 'Sign in first, then connect your Kick account from Settings.');
        return reply.redirect('/login', 302);
      }
      const { code, state, error } = request.query;
      if (error || !code || !state) {
        auth.flash(reply, error ? 'info' : 'error', error ? 'Connecting Kick was cancelled.' : KICK_LINK_MESSAGES.expired);
        return reply.redirect(CONNECTIONS, 302);
      }
      try {
        const account = await kickLink.finish(request.sessionId, request.user.id, code, state);
        auth.flash(reply, 'success', `Kick account connected as @${account.name}.`);
      } catch (failure) {
        if (failure instanceof HttpError) auth.flash(reply, 'error', failure.message);
        else {
          request.log.warn({ err: failure }, 'Kick linking failed');
          const silent = failure instanceof UpstreamError && failure.status === undefined;
          auth.flash(reply, 'error', silent ? 'Kick did not answer. Please try again in a moment.' : 'Connecting Kick failed. Please try again.');
        }
      }
      return reply.redirect(CONNECTIONS, 302);
    },
  );
}
