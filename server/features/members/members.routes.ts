import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionResponseSchema } from '../../../common/contracts/session';
import type { Auth } from '../../platform/auth/auth';
import type { MembersService } from './members.service';

export function membersRoutes(app: FastifyInstance, deps: { members: MembersService; auth: Auth }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in member as it is now (points move) and the CSRF token for this browser. */
  r.get('/api/r/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return {
      success: true as const,
      user: request.user ? deps.members.toSignedInUser(request.user) : null,
      csrf_token: deps.auth.csrfToken(request, reply),
    };
  });

  r.get(
    '/avatars/:file',
    { schema: { params: z.object({ file: z.string().regex(/^\d{1,10}\.svg$/, 'must be {id}.svg') }) } },
    async (request, reply) => {
      const svg = await deps.members.generatedAvatar(Number.parseInt(request.params.file, 10));
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(svg);
    },
  );
}
