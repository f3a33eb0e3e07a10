import { bootstrap } from './bootstrap';

/**
 * A refusal or failure from our API, with the server's sentence and per-field messages. The message is empty when
 * the server gave none (status 0: no answer at all; or an answer that is not our JSON, such as a proxy's 502 page),
 * so each screen shows its own sentence for that case (errorMessage).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for a form field, as forms show them (spec: first message only). */
  field(name: string): string | undefined {
    return this.errors?.[name]?.[0];
  }
}

let csrfToken = bootstrap.csrf_token;
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

let askingForToken: Promise<string> | null = null;
/**
 * This browser's CSRF token. A member's page carries it; a visitor's page carries none (every visitor gets the same
 * page, with no cookie), so the first write asks GET /api/r/session for one, which gives the browser its seed cookie.
 */
export function csrfTokenNow(): Promise<string> {
  if (csrfToken) return Promise.resolve(csrfToken);
  askingForToken ??= request<{ csrf_token: string }>('GET', '/api/r/session')
    .then((session) => {
      csrfToken = session.csrf_token;
      return csrfToken;
    })
    .finally(() => {
      askingForToken = null;
    });
  return askingForToken;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * JSON for a request body, where a number field left blank or mistyped (NaN, see asNumber) goes as the text "NaN":
 * plain JSON would send null, which a nullable field takes as "clear it" (a hunt game's win) instead of refusing it.
 */
const jsonBody = (body: unknown) => JSON.stringify(body, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value));

async function exchange<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-TOKEN'] = await csrfTokenNow();
  const isForm = body instanceof FormData;
  // A FormData body goes as multipart/form-data; the browser writes that header with its boundary.
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : jsonBody(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '');
  }
  const data = (await response.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
  if (!response.ok) {
    throw new ApiError(response.status, typeof data?.message === 'string' ? data.message : '', data?.errors);
  }
  return { data: data as T, headers: response.headers };
}

const request = async <T>(method: Method, path: string, body?: unknown, signal?: AbortSignal) => (await exchange<T>(method, path, body, signal)).data;

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  /** The answer with its headers, for the few that say more there (the notification counts). */
  getWithHeaders: <T>(path: string) => exchange<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** Files and fields as multipart/form-data (uploads). */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** The message to show for any thrown value: the server's words, or the screen's own when the server gave none. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;
