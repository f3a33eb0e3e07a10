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

  async function getAppToken(): Promise<string> {
    if (appToken && appToken.expiresAt > now()) return appToken.value;
    const token = await fetchJson<{ access_token?: string; expires_in?: number }>('Kick', `${config.idBase}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: config.clientId ?? '',
        client_secret: config.clientSecret ?? '',
      }).toString(),
      timeoutMs: TIMEOUT_MS,
    });
    if (!token.access_token) throw new Error('Kick answered the token request without an access token');
    const lifetimeMs = (token.expires_in ?? 3600) * 1000;
    appToken = { value: token.access_token, expiresAt: now() + lifetimeMs - 60_000 };
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
    channelUrl: (slug: string) => `${config.webBase}/${encodeURIComponent(slug)}`,
    liveState: (slug: string) => (config.clientId ? officialLiveState(slug) : legacyLiveState(slug)),
  };
}

export type KickClient = ReturnType<typeof createKickClient>;
