import { fetchJson } from './http';

export interface DiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  apiBase: string;
}

/** Discord OAuth2 authorization-code flow, as documented (research/integrations.md §1). */
export function createDiscordClient(config: DiscordConfig) {
  return {
    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        scope: 'identify',
        state,
        redirect_uri: redirectUri,
        prompt: 'none',
      }).toString();
      return url.toString();
    },

    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      const token = await fetchJson<{ access_token?: string }>('Discord', `${config.apiBase}/oauth2/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
      });
      if (!token.access_token) throw new Error('Discord answered the token request without an access token');
      return token.access_token;
    },

    async currentUser(accessToken: string): Promise<DiscordUser> {
      const user = await fetchJson<Partial<DiscordUser>>('Discord', `${config.apiBase}/users/@me`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      if (typeof user.id !== 'string' || !/^\d{1,25}$/.test(user.id) || typeof user.username !== 'string') {
        throw new Error('Discord answered /users/@me without a valid id and username');
      }
      return {
        id: user.id,
        username: user.username,
        global_name: user.global_name ?? null,
        avatar: user.avatar ?? null,
      };
    },
  };
}

export type DiscordClient = ReturnType<typeof createDiscordClient>;
