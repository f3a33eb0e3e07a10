import { fetchJson } from './http';

export interface KickConfig {
  clientId?: string;
  clientSecret?: string;
  idBase: string;
  apiBase: string;
  webBase: string;
}

export interface ChannelLiveState {
  live: boolean;
  viewerCount: number | null;
  title: string | null;
}

interface OfficialChannel {
  stream?: { is_live?: boolean; viewer_count?: number } | null;
  stream_title?: string;
}
interface LegacyChannel {
  livestream?: { viewer_count?: number; session_title?: string } | null;
}

const TIMEOUT_MS = 4000;

/**
 * Kick's live state. With app credentials it uses the official API (client-credentials token, cached
 * until shortly before it expires); without them, the public channel endpoint the site has always used
 * (unsupported by Kick and sometimes behind Cloudflare, so callers must tolerate failures).
 */
export function createKickClient(config: KickConfig, now: () => number = Date.now) {
  let appToken: { value: string; expiresAt: number } | null = null;

  /** POST /oauth/token with the app's credentials in the form body (research §2.1). */
  async function requestToken(grant: Record<string, string>) {
    const token = await fetchJson<{ access_token?: string; expires_in?: number }>('Kick', `${config.idBase}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...grant, client_id: config.clientId ?? '', client_secret: config.clientSecret ?? '' }).toString(),
      timeoutMs: TIMEOUT_MS,
    });
    if (!token.access_token) throw new Error('Kick answered the token request without an access token');
    return { accessToken: token.access_token, expiresIn: token.expires_in ?? 3600 };
  }

  async function getAppToken(): Promise<string> {
    if (appToken && appToken.expiresAt > now()) return appToken.value;
    const token = await requestToken({ grant_type: 'client_credentials' });
    appToken = { value: token.accessToken, expiresAt: now() + token.expiresIn * 1000 - 60_000 };
    return appToken.value;
  }

  async function officialLiveState(slug: string): Promise<ChannelLiveState> {
    const url = `${config.apiBase}/public/v1/channels?slug=${encodeURIComponent(slug)}`;
    const body = await fetchJson<{ data?: OfficialChannel[] }>('Kick', url, {
      headers: { Authorization: `Bearer ${await getAppToken()}`, Accept: 'application/json' },
      timeoutMs: TIMEOUT_MS,
    });
    if (!Array.isArray(body.data)) throw new Error('Kick answered without a data list');
    const channel = body.data[0];
    const live = channel?.stream?.is_live === true;
    return {
      live,
      viewerCount: live ? (channel?.stream?.viewer_count ?? null) : null,
      title: live ? (channel?.stream_title ?? null) : null,
    };
  }

  async function legacyLiveState(slug: string): Promise<ChannelLiveState> {
    const body = await fetchJson<LegacyChannel>('Kick', `${config.webBase}/api/v2/channels/${encodeURIComponent(slug)}`, {
      headers: { Accept: 'application/json' },
      timeoutMs: TIMEOUT_MS,
    });
    const stream = body.livestream ?? null;
    return { live: stream !== null, viewerCount: stream?.viewer_count ?? null, title: stream?.session_title ?? null };
  }

  return {
    /** OAuth 2.1 with PKCE for linking a member's Kick account (research/integrations.md §2.1). */
    canLinkAccounts: Boolean(config.clientId && config.clientSecret),

    authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string }): string {
      const url = new URL(`${config.idBase}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId ?? '',
        redirect_uri: params.redirectUri,
        scope: 'user:read',
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
        state: params.state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(params: { code: string; codeVerifier: string; redirectUri: string }): Promise<string> {
      const token = await requestToken({
        grant_type: 'authorization_code',
        redirect_uri: params.redirectUri,
        code_verifier: params.codeVerifier,
        code: params.code,
      });
      return token.accessToken;
    },

    /** The token owner: GET /public/v1/users without parameters (user_id is a number, name the username). */
    async currentUser(accessToken: string): Promise<{ id: string; name: string }> {
      const body = await fetchJson<{ data?: { user_id?: unknown; name?: unknown }[] }>('Kick', `${config.apiBase}/public/v1/users`, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        timeoutMs: TIMEOUT_MS,
      });
      const user = body.data?.[0];
      const id = typeof user?.user_id === 'number' || typeof user?.user_id === 'string' ? String(user.user_id) : '';
      if (!/^\d{1,20}$/.test(id) || typeof user?.name !== 'string' || user.name.length === 0 || user.name.length > 64) {
        throw new Error('Kick answered /public/v1/users without a valid user id and name');
      }
      return { id, name: user.name };
    },

    /**
     * Makes sure the app is subscribed to each event for the channel (research §2.7): lists what exists and
     * creates what is missing. Kick answers a malformed request with 200 and an empty list, so a creation
     * without a subscription id for every event counts as a failure.
     */
    async ensureEventSubscriptions(slug: string, events: readonly string[]): Promise<{ created: string[]; existing: string[] }> {
      const headers = { Authorization: `Bearer ${await getAppToken()}`, Accept: 'application/json' };
      const channels = await fetchJson<{ data?: { broadcaster_user_id?: unknown }[] }>(
        'Kick',
        `${config.apiBase}/public/v1/channels?slug=${encodeURIComponent(slug)}`,
        { headers, timeoutMs: TIMEOUT_MS },
      );
      const broadcaster = Number(channels.data?.[0]?.broadcaster_user_id);
      if (!Number.isSafeInteger(broadcaster) || broadcaster <= 0) throw new Error(`Kick has no channel called ${slug}`);
      const listed = await fetchJson<{ data?: { event?: unknown }[] }>(
        'Kick',
        `${config.apiBase}/public/v1/events/subscriptions?broadcaster_user_id=${broadcaster}`,
        { headers, timeoutMs: TIMEOUT_MS },
      );
      const existing = events.filter((name) => listed.data?.some((subscription) => subscription.event === name));
      const missing = events.filter((name) => !existing.includes(name));
      if (missing.length === 0) return { created: [], existing };
      const created = await fetchJson<{ data?: { name?: unknown; subscription_id?: unknown; error?: unknown }[] }>(
        'Kick',
        `${config.apiBase}/public/v1/events/subscriptions`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ broadcaster_user_id: broadcaster, events: missing.map((name) => ({ name, version: 1 })), method: 'webhook' }),
          timeoutMs: TIMEOUT_MS,
        },
      );
      const failed = missing.filter((name) => !created.data?.some((row) => row.name === name && typeof row.subscription_id === 'string' && row.subscription_id));
      if (failed.length) throw new Error(`Kick did not create the subscriptions for ${failed.join(', ')}`);
      return { created: missing, existing };
    },

    channelUrl: (slug: string) => `${config.webBase}/${encodeURIComponent(slug)}`,
    liveState: (slug: string) => (config.clientId ? officialLiveState(slug) : legacyLiveState(slug)),
  };
}

export type KickClient = ReturnType<typeof createKickClient>;
