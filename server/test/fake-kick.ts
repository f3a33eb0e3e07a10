import { createHash } from 'node:crypto';
import { sendJson, startFakeServer } from './fake-server';

export type KickMode = 'live' | 'offline' | 'error' | 'hang' | 'html';

const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'code_challenge', 'code_challenge_method', 'state'] as const;

/** A Kick account's id, derived from its name so the same name is the same account in every run. */
export const fakeKickUserId = (name: string) => Number.parseInt(createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 8), 16);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(params: URLSearchParams) {
  const hidden = AUTHORIZE_PARAMS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`).join('');
  return `<!DOCTYPE html><html><head><title>Kick - Authorize</title></head><body style="background:#0b0e0f;color:#fff;font-family:sans-serif">
<form method="post" action="/oauth/authorize">${hidden}
<h1>Authorize app</h1><label>Kick username <input name="username" autocomplete="off"></label>
<button name="decision" value="allow">Allow access</button><button name="decision" value="deny">Cancel</button></form></body></html>`;
}

/**
 * Kick as the site meets it (research/integrations.md §2): the app token, the official channels
 * endpoint and the legacy public channel endpoint, with failure modes; and OAuth 2.1 account linking,
 * where the consent page asks which Kick username is signing in and the token step checks PKCE.
 */
export async function startFakeKick() {
  const state: { mode: KickMode } = { mode: 'offline' };
  const codes = new Map<string, { challenge: string; redirectUri: string; name: string }>();
  const tokens = new Map<string, string>();
  const server = await startFakeServer(async (request, response) => {
    const path = request.url.pathname;
    if (state.mode === 'hang') return new Promise<void>(() => {});
    if (state.mode === 'error') return sendJson(response, 500, { message: 'internal server error', data: null });
    if (state.mode === 'html') {
      response.writeHead(403, { 'Content-Type': 'text/html', 'Cf-Mitigated': 'challenge' }).end('<!DOCTYPE html><title>Just a moment...</title>');
      return;
    }
    const live = state.mode === 'live';
    if (path === '/oauth/authorize') {
      const params = request.method === 'POST' ? new URLSearchParams(request.body) : request.url.searchParams;
      const valid =
        AUTHORIZE_PARAMS.every((name) => params.get(name)) &&
        params.get('response_type') === 'code' &&
        params.get('client_id') === 'fake-kick-client' &&
        params.get('code_challenge_method') === 'S256';
      if (!valid) return sendJson(response, 400, { error: 'Invalid request' });
      if (request.method !== 'POST') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(consentPage(params));
        return;
      }
      const back = new URL(params.get('redirect_uri') ?? '');
      const name = (params.get('username') ?? '').trim();
      if (params.get('decision') === 'deny' || !name) back.searchParams.set('error', 'access_denied');
      else {
        const code = `code-${codes.size + 1}-${Date.now()}`;
        codes.set(code, { challenge: params.get('code_challenge') ?? '', redirectUri: params.get('redirect_uri') ?? '', name });
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (request.method === 'POST' && path === '/oauth/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('client_id') !== 'fake-kick-client' || form.get('client_secret') !== 'fake-kick-secret') {
        return sendJson(response, 401, { error: 'Invalid request' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const proof = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.challenge !== proof || grant.redirectUri !== form.get('redirect_uri')) {
          return sendJson(response, 400, { error: 'Invalid request' });
        }
        const token = `user-token-${tokens.size + 1}-${Date.now()}`;
        tokens.set(token, grant.name);
        return sendJson(response, 200, { access_token: token, token_type: 'Bearer', refresh_token: `refresh-${token}`, expires_in: 7200, scope: 'user:read' });
      }
      if (form.get('grant_type') !== 'client_credentials') return sendJson(response, 400, { error: 'Invalid request' });
      return sendJson(response, 200, { access_token: 'app-token', token_type: 'Bearer', expires_in: 7200 });
    }
    if (path === '/public/v1/users') {
      const name = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!name) return sendJson(response, 401, { message: 'Unauthorized', data: null });
      return sendJson(response, 200, {
        data: [{ user_id: fakeKickUserId(name), name, email: `${name.toLowerCase()}@example.com`, profile_picture: '' }],
        message: 'OK',
      });
    }
    if (path === '/public/v1/channels') {
      if (request.headers.authorization !== 'Bearer app-token') return sendJson(response, 401, { message: 'Unauthorized', data: null });
      const slug = request.url.searchParams.get('slug');
      return sendJson(response, 200, {
        data: [{ slug, broadcaster_user_id: 721956, stream_title: live ? 'Bonus hunt tonight' : '', stream: { is_live: live, viewer_count: live ? 1834 : 0 } }],
        message: 'OK',
      });
    }
    const legacy = /^\/api\/v2\/channels\/([^/]+)$/.exec(path);
    if (legacy) {
      return sendJson(response, 200, { slug: legacy[1], livestream: live ? { viewer_count: 912, session_title: 'Legacy hunt' } : null });
    }
    return sendJson(response, 404, { message: 'Not found', data: null });
  });
  return {
    ...server,
    state,
    legacyEnv: { KICK_WEB_BASE: server.url },
    officialEnv: { KICK_CLIENT_ID: 'fake-kick-client', KICK_CLIENT_SECRET: 'fake-kick-secret', KICK_ID_BASE: server.url, KICK_API_BASE: server.url },
  };
}
