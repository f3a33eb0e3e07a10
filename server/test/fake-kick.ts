import { sendJson, startFakeServer } from './fake-server';

export type KickMode = 'live' | 'offline' | 'error' | 'hang' | 'html';

/**
 * Kick's live-status endpoints (research/integrations.md §2): the app token, the official channels
 * endpoint and the legacy public channel endpoint, with failure modes.
 */
export async function startFakeKick() {
  const state: { mode: KickMode } = { mode: 'offline' };
  const server = await startFakeServer(async (request, response) => {
    const path = request.url.pathname;
    if (state.mode === 'hang') return new Promise<void>(() => {});
    if (state.mode === 'error') return sendJson(response, 500, { message: 'internal server error', data: null });
    if (state.mode === 'html') {
      response.writeHead(403, { 'Content-Type': 'text/html', 'Cf-Mitigated': 'challenge' }).end('<!DOCTYPE html><title>Just a moment...</title>');
      return;
    }
    const live = state.mode === 'live';
    if (request.method === 'POST' && path === '/oauth/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 'fake-kick-secret') {
        return sendJson(response, 401, { error: 'Invalid request' });
      }
      return sendJson(response, 200, { access_token: 'app-token', token_type: 'Bearer', expires_in: 7200 });
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
