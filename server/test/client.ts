import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../common/roles';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser stand-in for app.inject: keeps cookies between requests and sends the CSRF token the way the web app
 * does: the one the last page gave it (a member's page), or else one from GET /api/r/session (a visitor's page
 * carries none).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(private readonly app: FastifyInstance) {}

  async request(method: Method, url: string, options: Omit<InjectOptions, 'method' | 'url'> & { csrf?: boolean } = {}): Promise<LightMyRequestResponse> {
    const { csrf = true, headers, ...rest } = options;
    const token = method !== 'GET' && csrf ? await this.tokenNow() : '';
    const response = await this.app.inject({
      method,
      url,
      ...rest,
      headers: {
        ...(token ? { 'x-csrf-token': token } : {}),
        ...headers,
      },
      cookies: Object.fromEntries(this.cookies),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, options?: Omit<InjectOptions, 'method' | 'url'>) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options: Omit<InjectOptions, 'method' | 'url'> & { csrf?: boolean } = {}) =>
    this.request('POST', url, { payload: body === undefined ? undefined : (body as InjectOptions['payload']), ...options });
  put = (url: string, body: unknown) => this.request('PUT', url, { payload: body as InjectOptions['payload'] });
  patch = (url: string, body: unknown) => this.request('PATCH', url, { payload: body as InjectOptions['payload'] });
  delete = (url: string) => this.request('DELETE', url);

  /** The token to send: the page's, or the session endpoint's when the page carried none (as web/src/lib/api.ts). */
  private async tokenNow(): Promise<string> {
    if (!this.csrfToken) {
      const session = await this.get('/api/r/session');
      const token = session.statusCode === 200 ? session.json<{ csrf_token?: unknown }>().csrf_token : undefined;
      this.csrfToken = typeof token === 'string' ? token : '';
    }
    return this.csrfToken;
  }

  /** Loads a page and keeps the CSRF token it carries (a member's page), as a browser tab would. */
  async page(url = '/'): Promise<LightMyRequestResponse> {
    const response = await this.get(url);
    const token = /<meta name="csrf-token" content="([^"]*)"/.exec(response.body)?.[1];
    if (token) this.csrfToken = token;
    return response;
  }

  /** Local sign-in (the contract later tests rely on): form page, POST /auth/local, then the signed-in page. */
  async signIn(username: string, role: Role = 'user'): Promise<this> {
    await this.page('/login');
    const response = await this.post('/auth/local', { username, role });
    if (response.statusCode !== 303) throw new Error(`local sign-in failed: ${response.statusCode} ${response.body}`);
    await this.page('/');
    return this;
  }
}

export const signedIn = (app: FastifyInstance, username: string, role: Role = 'user') => new TestClient(app).signIn(username, role);

/** The bootstrap JSON a page carries. */
export function bootstrapOf(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="app-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('page has no bootstrap data');
  return JSON.parse(json) as Record<string, unknown>;
}

/** The address of the app's entry script a page loads. */
export function entryScriptOf(html: string): string {
  const src = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('page loads no entry script');
  return src;
}

/** A signed-in member as tests use them: the browser stand-in, the member id and the name. */
export async function signedInMember(app: FastifyInstance, name: string, role: Role = 'user') {
  const client = await signedIn(app, name, role);
  const id = (await client.get('/api/r/session')).json<{ user: { id: number } }>().user.id;
  return { client, id, name };
}
export type SignedInMember = Awaited<ReturnType<typeof signedInMember>>;
