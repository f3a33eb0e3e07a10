/** A failed call to another service: kept apart from our own errors so callers can degrade gracefully. */
export class UpstreamError extends Error {
  constructor(
    public readonly service: string,
    message: string,
    public readonly status?: number,
  ) {
    super(`${service}: ${message}`);
    this.name = 'UpstreamError';
  }
}

/** fetch with a deadline, JSON parsing and an UpstreamError for anything but a JSON 2xx. */
export async function fetchJson<T>(
  service: string,
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<T> {
  const { timeoutMs = 5000, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
    throw new UpstreamError(service, reason);
  }
  const text = await response.text();
  if (!response.ok) throw new UpstreamError(service, `HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UpstreamError(service, `answered with something other than JSON (${text.slice(0, 60)})`, response.status);
  }
}
