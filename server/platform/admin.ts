import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAccessSchema } from '../../common/contracts/session';
import { isStaff, OWN_RECORD_MESSAGES } from '../../common/roles';
import { requireAdmin, requireStaff } from './auth/auth';
import type { SessionUser } from './auth/sessions';
import { forbidden, noSuchEndpoint } from './errors';

export const ADMIN_API_PREFIX = '/admin-new/api';

/**
 * The admin API: every route registered through `register` lives under /admin-new/api and refuses
 * anyone who is not staff before anything else runs. Finer rules (admin-only actions) are each area's policy.
 */
export async function registerAdminApi(app: FastifyInstance, register: (admin: FastifyInstance) => void) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`${ADMIN_API_PREFIX}/check-admin-access`, { schema: { response: { 200: adminAccessSchema } } }, async (request) => ({
      success: true,
      has_admin_access: request.user !== null && isStaff(request.user.role),
    }));

  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request) => {
        requireStaff(request);
      });
      register(admin);
      // Unknown admin paths pass the same staff check: nobody else learns which ones exist.
      admin.all('/*', async (request, reply) => reply.status(404).send(noSuchEndpoint(request.method, request.url)));
    },
    { prefix: ADMIN_API_PREFIX },
  );
}

/**
 * Route options for an admin-only action inside the admin API: checked before the body is validated,
 * so a moderator is told "admins only" rather than what is wrong with the form.
 */
export const adminOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireAdmin(request);
  },
};

/** The same for a rule of an area's own policy, with its own sentence ("Only admins can change roles."). */
export const allowedBeforeTheForm = (allowed: (actor: SessionUser) => boolean, refusal: string) => ({
  preValidation: async (request: FastifyRequest) => {
    if (!allowed(requireStaff(request))) throw forbidden(refusal);
  },
});

/**
 * Staff never decide on something of their own (a challenge claim, a store redemption, a VIP claim): another staff
 * member has to. Otherwise a moderator could approve their own prize or refund their own purchase and keep its code.
 */
export function refuseOwnRecord(staffId: number, ownerId: number, what: string) {
  if (staffId === ownerId) throw forbidden(OWN_RECORD_MESSAGES.refused(what));
}
