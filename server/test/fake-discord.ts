import { randomBytes } from 'node:crypto';
import type { DiscordUser } from '../integrations/discord';
import { sendJson, startFakeServer } from './fake-server';

export const FAKE_DISCORD_CLIENT = { id: '157730590492196864', secret: 'fake-discord-secret' };

/**
 * Discord's OAuth2 endpoints as documented (research/integrations.md §1.8): authorize redirects back
 * with a code, the token endpoint checks Basic auth, the form body and the redirect URI, /users/@me
 * checks the bearer token. `user` is who signs in next; `down` makes the API fail.
 */
export async function startFakeDiscord() {
  const state: { user: DiscordUser & { discriminator?: string }; down: boolean } = {
    user: { id: '80351110224678912', username: 'nelly', global_name: 'Nelly', avatar: '8342729096ea3675442027381ff50dfe' },
    down: false,
  };
  const codes = new Map<string, { user: DiscordUser; redirectUri: string }>();
  const tokens = new Map<string, DiscordUser>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_DISCORD_CLIENT.id}:${FAKE_DISCORD_CLIENT.secret}`).toString('base64')}`;

  const server = await startFakeServer((request, response) => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/oauth2/authorize') {
      const params = request.url.searchParams;
      const redirectUri = params.get('redirect_uri') ?? '';
      if (params.get('client_id') !== FAKE_DISCORD_CLIENT.id || params.get('response_type') !== 'code') {
        return sendJson(response, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, { user: { ...state.user }, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (state.down) return sendJson(response, 503, { message: 'Service Unavailable' });
    if (request.method === 'POST' && path === '/api/v10/oauth2/token') {
      const form = new URLSearchParams(request.body);
      const grant = codes.get(form.get('code') ?? '');
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded' || request.headers.authorization !== expectedAuth) {
        return sendJson(response, 401, { error: 'invalid_client' });
      }
      if (!grant || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== grant.redirectUri) {
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      }
      codes.delete(form.get('code') ?? '');
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.user);
      return sendJson(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800, refresh_token: 'r', scope: 'identify' });
    }
    if (request.method === 'GET' && path === '/api/v10/users/@me') {
      const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return sendJson(response, 401, { message: '401: Unauthorized', code: 0 });
      return sendJson(response, 200, { discriminator: '0', public_flags: 0, ...user });
    }
    return sendJson(response, 404, { message: '404: Not Found', code: 0 });
  });

  return {
    ...server,
    state,
    env: {
      DISCORD_CLIENT_ID: FAKE_DISCORD_CLIENT.id,
      DISCORD_CLIENT_SECRET: FAKE_DISCORD_CLIENT.secret,
      DISCORD_AUTHORIZE_URL: `${server.url}/oauth2/authorize`,
      DISCORD_API_BASE: `${server.url}/api/v10`,
    },
  };
}
