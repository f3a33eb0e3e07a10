import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer } from './fake-server';

/** How the next answers go wrong (research/integrations.md §3.15, "Fake wager servers for tests"). */
export type PartnerFailure =
  | 'http429'
  | 'http500'
  /** A 200 carrying the partner's own error object (Shuffle's TOO_MANY_REQUEST, Upgrader's error flag...). */
  | 'error200'
  /** A Cloudflare challenge: an HTML page with the Cf-Mitigated header. */
  | 'html'
  /** A JSON string instead of a list (seen from Roobet on errors). */
  | 'string'
  /** Never answers. */
  | 'hang'
  /** A body that is not JSON at all. */
  | 'garbage';

export interface FakePlayer {
  username: string;
  /** Dollars. */
  wagered: number;
  weighted?: number;
  campaignCode?: string;
}

export interface PartnerRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A JWT as Roobet issues them: HS256, with the affiliate's user id in the `id` claim (the signature is not checked by us). */
export function roobetToken(userId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ id: userId, nonce: 'test-nonce', service: 'affiliateStats', iat: 1_700_000_000 })}.c2lnbmF0dXJl`;
}

export const FAKE_PARTNER_KEYS = {
  roobetUserId: '5ba1e93c-0000-4000-8000-00000000beef',
  shuffle: '3f1c2d4e-aaaa-4bbb-8ccc-shufflekey01',
  rainbet: 'rainbet-test-key',
  packdraw: 'packdraw-test-key',
  upgrader: 'upgrader-test-key',
} as const;

/**
 * The partners' affiliate APIs in their own shapes, on one local server: Roobet, Shuffle (stats and
 * wager), Rainbet, Packdraw and the "creator get-stats" family (for the generic adapter). `players`
 * are what every partner reports; `failure` with `failTimes` makes the next answers fail.
 */
export async function startFakePartners() {
  const state = {
    players: [] as FakePlayer[],
    failure: null as PartnerFailure | null,
    /** How many answers fail before the partner recovers (Infinity: until the failure is cleared). */
    failTimes: Infinity,
    /** Only answers on paths starting with this fail (one partner failing while the others answer); null: every path. */
    failingPath: null as string | null,
    requests: [] as PartnerRequest[],
  };
  const roobetToken_ = roobetToken(FAKE_PARTNER_KEYS.roobetUserId);

  let requestPath = '';
  function failIfDue(response: ServerResponse, partnerError: unknown): boolean {
    if (!state.failure || state.failTimes <= 0) return false;
    if (state.failingPath !== null && !requestPath.startsWith(state.failingPath)) return false;
    state.failTimes -= 1;
    switch (state.failure) {
      case 'http429':
        sendJson(response, 429, { message: 'Too Many Requests' });
        return true;
      case 'http500':
        sendJson(response, 500, { message: 'Internal Server Error' });
        return true;
      case 'error200':
        sendJson(response, 200, partnerError);
        return true;
      case 'html':
        response.writeHead(403, { 'Content-Type': 'text/html; charset=UTF-8', 'Cf-Mitigated': 'challenge' }).end('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>');
        return true;
      case 'string':
        sendJson(response, 200, 'Unauthorized');
        return true;
      case 'garbage':
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"leaderboard": [ {"user');
        return true;
      case 'hang':
        return true;
    }
  }
  const refuse = (response: ServerResponse) => sendJson(response, 401, { message: 'Invalid API key' });
  const rateLimited = { statusCode: 400, message: 'TOO_MANY_REQUEST' };

  const server = await startFakeServer((request, response) => {
    const { pathname, searchParams } = request.url;
    requestPath = pathname;
    const query = Object.fromEntries(searchParams);
    state.requests.push({ method: request.method ?? 'GET', path: pathname, query, headers: request.headers, body: request.body });
    const players = state.players;

    if (pathname === '/affiliate/v2/stats') {
      if (request.headers.authorization !== `Bearer ${roobetToken_}`) return refuse(response);
      if (failIfDue(response, rateLimited)) return;
      if (query.userId !== FAKE_PARTNER_KEYS.roobetUserId || !query.startDate) return sendJson(response, 200, 'Invalid userId or startDate');
      return sendJson(
        response,
        200,
        players.map((p, i) => ({ uid: `uid-${i}`, username: p.username, wagered: p.wagered, weightedWagered: p.weighted ?? p.wagered, favoriteGameTitle: 'Mines', rankLevel: 10 })),
      );
    }
    const shuffle = /^\/(stats|wager)\/([^/]+)$/.exec(pathname);
    if (shuffle) {
      if (decodeURIComponent(shuffle[2]) !== FAKE_PARTNER_KEYS.shuffle) return sendJson(response, 200, { statusCode: 401, message: 'INVALID_API_KEY' });
      if (failIfDue(response, rateLimited)) return;
      if (shuffle[1] === 'stats') return sendJson(response, 200, players.map((p) => ({ username: p.username, campaignCode: p.campaignCode ?? 'nightspin', wagerAmount: p.wagered })));
      return sendJson(response, 200, players.map((p) => ({ username: p.username, wagerAmount: p.wagered, weightedWagerAmount: p.weighted ?? p.wagered })));
    }
    if (pathname === '/v1/external/affiliates') {
      if (query.key !== FAKE_PARTNER_KEYS.rainbet) return refuse(response);
      if (failIfDue(response, { error: 'Too many requests, slow down' })) return;
      // Unsorted, amounts as strings (research §3.3).
      const shuffled = [...players].reverse();
      return sendJson(response, 200, { affiliates: shuffled.map((p, i) => ({ id: `rb-${i}`, username: p.username, wagered_amount: p.wagered.toFixed(2) })) });
    }
    if (pathname === '/api/v1/affiliates/leaderboard') {
      if (query.apiKey !== FAKE_PARTNER_KEYS.packdraw) return refuse(response);
      if (failIfDue(response, { message: 'Too many requests' })) return;
      return sendJson(response, 200, { leaderboard: players.map((p, i) => ({ userId: `pd-${i}`, username: p.username, wagerAmount: p.wagered, image: 'https://example.com/a.png', isActive: true })) });
    }
    if (pathname === '/affiliate/creator/get-stats' && request.method === 'POST') {
      let sent: { apikey?: string; from?: string; to?: string } = {};
      try {
        sent = JSON.parse(request.body) as typeof sent;
      } catch {
        return sendJson(response, 200, { error: true, msg: 'Invalid body' });
      }
      if (sent.apikey !== FAKE_PARTNER_KEYS.upgrader) return sendJson(response, 200, { error: true, msg: 'Invalid API key format' });
      if (failIfDue(response, { error: true, msg: 'Rate limit exceeded. Please try again in 30 seconds.', retryable: true })) return;
      // Integer cents (research §3.4).
      const summarizedBets = players.map((p) => ({ user: { username: p.username, avatar: 'https://example.com/a.png' }, wager: Math.round(p.wagered * 100), bets: 10 }));
      return sendJson(response, 200, { error: false, data: { summarizedBets, summary: { totalUsers: players.length }, dateRange: { from: sent.from, to: sent.to } } });
    }
    sendJson(response, 404, { message: 'Not found' });
  });

  return {
    url: server.url,
    state,
    roobetToken: roobetToken_,
    /** Partners answer normally again. */
    recover() {
      state.failure = null;
      state.failTimes = Infinity;
      state.failingPath = null;
    },
    close: server.close,
  };
}

export type FakePartners = Awaited<ReturnType<typeof startFakePartners>>;
