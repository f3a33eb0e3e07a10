import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successSchema } from '../../../common/contracts/api';
import { localSignInSchema } from '../../../common/contracts/session';
import { displayName } from '../../../common/display-name';
import type { Config } from '../../config';
import type { MembersService } from '../../features/members/members.service';
import type { DiscordClient } from '../../integrations/discord';
import { UpstreamError } from '../../integrations/http';
import { HttpError, unprocessable } from '../errors';
import { perMinute } from '../rate-limit';
import type { PageRenderer } from '../spa';
import { safeEqual, type Auth } from './auth';

const STATE_COOKIE = 'oauth_state';
const STATE_MAX_AGE_S = 10 * 60;

export interface SignInDeps {
  config: Config;
  auth: Auth;
  members: MembersService;
  pages: PageRenderer;
  discord: DiscordClient | null;
}

export function signInRoutes(app: FastifyInstance, deps: SignInDeps) {
  const { config, auth, members, pages, discord } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: perMinute(config.signInLimitPerMinute) };

  r.get('/login', { config: limited }, async (request, reply) => {
    if (request.user) return reply.redirect('/', 302);
    if (!discord) return pages.render(request, reply);
    // state ties the callback to this browser: a code arriving without it was not asked for here.
    const state = randomBytes(24).toString('base64url');
    reply.setCookie(STATE_COOKIE, state, {
      path: '/auth/discord',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: STATE_MAX_AGE_S,
    });
    return reply.redirect(discord.authorizeUrl(state, `${config.publicUrl}/auth/discord/callback`), 302);
  });

  if (discord) {
    r.get(
      '/auth/discord/callback',
      {
        config: limited,
        schema: {
          querystring: z.object({
            code: z.string().max(512).optional(),
            state: z.string().max(512).optional(),
            error: z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { code, state, error } = request.query;
        const expected = request.cookies[STATE_COOKIE];
        reply.clearCookie(STATE_COOKIE, { path: '/auth/discord' });
        if (error) {
          auth.flash(reply, 'info', 'Discord sign-in was cancelled.');
          return reply.redirect('/', 302);
        }
        if (!code || !state || !expected || !safeEqual(state, expected)) {
          auth.flash(reply, 'error', 'That sign-in link has expired or was opened in another browser. Please sign in again.');
          return reply.redirect('/', 302);
        }
        try {
          const token = await discord.exchangeCode(code, `${config.publicUrl}/auth/discord/callback`);
          const member = await members.signInWithDiscord(await discord.currentUser(token));
          await auth.signIn(request, reply, member.id);
          auth.flash(reply, 'success', `Signed in as ${displayName(member)}.`);
        } catch (failure) {
          request.log.warn({ err: failure }, 'Discord sign-in failed');
          const message =
            failure instanceof UpstreamError && failure.status === undefined
              ? 'Discord did not answer. Please try again in a moment.'
              : 'Discord sign-in failed. Please try again.';
          auth.flash(reply, 'error', message);
        }
        return reply.redirect('/', 302);
      },
    );
  }

  if (config.localAuth) {
    // Local mode: a name and a role, so the whole site can be tried on one machine without Discord.
    r.post('/auth/local', { config: limited }, async (request, reply) => {
      const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
      const refuse = (refusal: HttpError) => {
        if (!isForm) throw refusal;
        const typed = (request.body as Record<string, unknown> | undefined)?.username;
        const query = new URLSearchParams({ error: refusal.message, username: typeof typed === 'string' ? typed.slice(0, 32) : '' });
        return reply.redirect(`/login?${query}`, 303);
      };
      const parsed = localSignInSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'username')] ??= []).push(issue.message);
        return refuse(unprocessable(Object.values(errors)[0][0], errors));
      }
      let member;
      try {
        member = await members.signInLocally(parsed.data.username, parsed.data.role);
      } catch (failure) {
        if (failure instanceof HttpError) return refuse(failure);
        throw failure;
      }
      await auth.signIn(request, reply, member.id);
      auth.flash(reply, 'success', `Signed in as ${member.username} (${member.role}).`);
      return reply.redirect('/', 303);
    });
  }

  r.post('/logout', { schema: { response: { 200: successSchema } } }, async (request, reply) => {
    await auth.signOut(request, reply);
    auth.flash(reply, 'info', 'You have been signed out.');
    return { success: true as const, message: 'Signed out.' };
  });
}
