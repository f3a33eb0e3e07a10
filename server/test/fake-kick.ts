import { createHash, randomUUID } from 'node:crypto';
import { sendJson, startFakeServer } from './fake-server';
import { testWebhookPublicKey } from './kick-webhook';

export type KickMode = 'live' | 'offline' | 'error' | 'hang' | 'html';

const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'code_challenge', 'code_challenge_method', 'state'] as const;

/** A Kick account's id, derived from its name so the same name is the same account in every run. */
export const fakeKickUserId = (name: string) => Number.parseInt(createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 8), 16);

/** An event subscription as GET /public/v1/events/subscriptions lists it (research/integrations.md §2.7). */
export interface FakeKickSubscription {
  id: string;
  app_id: string;
  broadcaster_user_id: number;
  event: string;
  version: number;
  method: 'webhook';
  created_at: string;
  updated_at: string;
}

/** The event names Kick accepts (research §2.7, all version 1). */
const KICK_EVENT_NAMES = [
  'chat.message.sent',
  'channel.followed',
  'channel.subscription.renewal',
  'channel.subscription.gifts',
  'channel.subscription.new',
  'channel.reward.redemption.updated',
  'livestream.status.updated',
  'livestream.metadata.updated',
  'moderation.banned',
  'kicks.gifted',
];

const ulid = () => `01J${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

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
 * endpoint and the legacy public channel endpoint, with failure modes; OAuth 2.1 account linking,
 * where the consent page asks which Kick username is signing in and the token step checks PKCE; and the
 * event subscriptions (list, create in the current schema, delete) and the webhook public key.
 */
export async function startFakeKick() {
  /** subscriptionsPost 'empty': POST /public/v1/events/subscriptions answers 200 with empty data and creates nothing. */
  const state: { mode: KickMode; subscriptionsPost: 'ok' | 'empty' } = { mode: 'offline', subscriptionsPost: 'ok' };
  const subscriptions: FakeKickSubscription[] = [];
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
    if (path === '/public/v1/events/subscriptions') {
      if (request.headers.authorization !== 'Bearer app-token') return sendJson(response, 401, { message: 'Unauthorized', data: null });
      if (request.method === 'GET') {
        const broadcaster = request.url.searchParams.get('broadcaster_user_id');
        return sendJson(response, 200, { data: subscriptions.filter((s) => !broadcaster || String(s.broadcaster_user_id) === broadcaster), message: 'OK' });
      }
      if (request.method === 'DELETE') {
        const ids = request.url.searchParams.getAll('id');
        for (const id of ids) {
          const index = subscriptions.findIndex((s) => s.id === id);
          if (index >= 0) subscriptions.splice(index, 1);
        }
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'POST') {
        const body = parseJson(request.body) as { broadcaster_user_id?: unknown; events?: unknown; method?: unknown } | undefined;
        // The old flat schema ({event, callback_url, ...}) and anything else malformed: 200, empty data, nothing created (§2.7).
        const events = Array.isArray(body?.events) ? (body.events as { name?: unknown; version?: unknown }[]) : null;
        if (state.subscriptionsPost === 'empty' || !events || body?.method !== 'webhook' || typeof body.broadcaster_user_id !== 'number') {
          return sendJson(response, 200, { data: [], message: 'OK' });
        }
        const broadcaster = body.broadcaster_user_id;
        const data = events.map(({ name, version }) => {
          if (typeof name !== 'string' || !KICK_EVENT_NAMES.includes(name) || version !== 1) {
            return { name, version, subscription_id: null, error: 'unknown event or version' };
          }
          const at = new Date().toISOString();
          const subscription: FakeKickSubscription = { id: ulid(), app_id: 'fake-app', broadcaster_user_id: broadcaster, event: name, version, method: 'webhook', created_at: at, updated_at: at };
          subscriptions.push(subscription);
          return { name, version, subscription_id: subscription.id, error: null };
        });
        return sendJson(response, 200, { data, message: 'OK' });
      }
    }
    if (path === '/public/v1/public-key') {
      if (request.headers.authorization !== 'Bearer app-token') return sendJson(response, 401, { message: 'Unauthorized', data: null });
      return sendJson(response, 200, { data: { public_key: testWebhookPublicKey }, message: 'OK' });
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
    /** The event subscriptions Kick holds for the app: tests read them and may remove some, as Kick does. */
    subscriptions,
    legacyEnv: { KICK_WEB_BASE: server.url },
    officialEnv: { KICK_CLIENT_ID: 'fake-kick-client', KICK_CLIENT_SECRET: 'fake-kick-secret', KICK_ID_BASE: server.url, KICK_API_BASE: server.url },
  };
}
