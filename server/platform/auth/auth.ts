import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin, isStaff } from '../../../common/roles';
import { forbidden, HttpError, unauthorized } from '../errors';
import { SESSION_ABSOLUTE_MS, type SessionStore, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** false only for calls that prove their origin another way (signed webhooks). */
    csrf?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';
export const CSRF_REFUSAL =
  'Your security token is missing or has expired. Reload the page and try again.';

export interface AuthOptions {
  sessions: SessionStore;
  secret: string;
  secureCookies: boolean;
}

export type Auth = ReturnType<typeof registerAuth>;

/** As many as the sessions kept in memory (session-cache.ts): the members of a busy stream night. */
const SESSION_TOKENS_KEPT = 20_000;

/**
 * Sessions live in the database, keyed by a random token in an HttpOnly cookie. The CSRF token is an
 * HMAC of the session (or, before sign-in, of a random per-browser seed), so it needs no storage and
 * changes whenever the session rotates. See docs/decisions/003-sessions.md.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions) {
  const { sessions, secret, secureCookies } = options;
  // __Host- cookies are pinned to this host and path and can only be set over HTTPS.
  const sessionCookie = secureCookies ? '__Host-sid' : 'sid';
  const seedCookie = secureCookies ? '__Host-csrf' : 'csrf';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };
  // Seed cookies differ only in their value, so their attributes are serialized once: a first visit's page went from
  // 41–43 % to 46–49 % of hello world (bench:hot) when the cookie plugin no longer serialized each seed.
  const seedAttributes = app.serializeCookie(seedCookie, '', { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 }).slice(`${seedCookie}=`.length);

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/assets/')) return;
    const token = request.cookies[sessionCookie];
    if (!token) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) {
      reply.clearCookie(sessionCookie, cookieOptions);
      return;
    }
    request.user = resolved.user;
    request.sessionId = resolved.sessionId;
  });

  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  // A session's token never changes, and every signed-in page and session read sends it: one HMAC per session, not per
  // request (the signed-in page, bench:shell). Starts again when full rather than grow.
  const sessionTokens = new Map<string, string>();
  const sessionToken = (sessionId: string) => {
    let token = sessionTokens.get(sessionId);
    if (token === undefined) {
      if (sessionTokens.size >= SESSION_TOKENS_KEPT) sessionTokens.clear();
      sessionTokens.set(sessionId, (token = hmac(`session:${sessionId}`)));
    }
    return token;
  };

  function expectedToken(request: FastifyRequest): string | null {
    if (request.sessionId) return sessionToken(request.sessionId);
    const seed = request.cookies[seedCookie];
    return seed ? hmac(`anonymous:${seed}`) : null;
  }

  app.addHook('preValidation', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const body = request.body as Record<string, unknown> | undefined;
    const sent = request.headers[CSRF_HEADER] ?? (typeof body?.[CSRF_FIELD] === 'string' ? body[CSRF_FIELD] : undefined);
    const expected = expectedToken(request);
    if (typeof sent !== 'string' || !expected || !safeEqual(sent, expected)) {
      throw new HttpError(403, CSRF_REFUSAL);
    }
  });

  return {
    /** The token the page embeds; gives an anonymous browser its seed cookie on first sight. */
    csrfToken(request: FastifyRequest, reply: FastifyReply): string {
      const existing = expectedToken(request);
      if (existing) return existing;
      // 122 random bits from Node's batched generator: every first visit makes one, and randomBytes per call was a
      // sixth of the page's time under load (bench:hot).
      const seed = randomUUID();
      reply.header('set-cookie', `${seedCookie}=${seed}${seedAttributes}`);
      request.cookies[seedCookie] = seed;
      return hmac(`anonymous:${seed}`);
    },

    /** Starts a fresh session for this member; any session the browser had is ended (no fixation). */
    async signIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
      if (request.sessionId) await sessions.destroy(request.sessionId);
      const { token, sessionId } = await sessions.create(userId);
      request.sessionId = sessionId;
      reply.setCookie(sessionCookie, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    },

    async signOut(request: FastifyRequest, reply: FastifyReply) {
      if (request.sessionId) await sessions.destroy(request.sessionId);
      request.sessionId = null;
      request.user = null;
      reply.clearCookie(sessionCookie, cookieOptions);
    },

    /** A one-time message the web app shows as a toast on the next page it renders. */
    flash(reply: FastifyReply, type: 'success' | 'error' | 'info', message: string) {
      reply.setCookie('flash', JSON.stringify({ type, message }), {
        path: '/',
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: 60,
      });
    },
  };
}

/** Constant-time comparison of two secrets. */
export function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireStaff(request: FastifyRequest): SessionUser {
  if (!request.user || !isStaff(request.user.role)) throw forbidden('Staff access required.');
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireStaff(request);
  if (!isAdmin(user.role)) throw forbidden('Only admins can do that.');
  return user;
}
