import { fetch, type Dispatcher, type Response } from 'undici';
import { CASINO_USERNAME_MAX, WAGERED_MAX } from '../../../common/leaderboards';
import { NonPublicAddressError } from './address-guard';
import { NO_ANSWER_IN_TIME, WagerSourceError, type PartnerInit, type WagerRow } from './types';

const excerpt = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

/** The longest answer read from a partner: 10,000 players (as many as a board takes) are about 1 MB. */
export const ANSWER_MAX_BYTES = 10 * 1024 * 1024;
const tooLong = () => new WagerSourceError(`The partner's answer is longer than ${ANSWER_MAX_BYTES / 1024 / 1024} MB; it was not read.`, false);

/** The body as text, refused past ANSWER_MAX_BYTES without holding more than that in memory. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  if (Number(response.headers.get('content-length')) > ANSWER_MAX_BYTES) {
    await reader.cancel().catch(() => undefined);
    throw tooLong();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > ANSWER_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLong();
    }
    chunks.push(read.value);
  }
  // As response.text() reads it: UTF-8, a leading byte-order mark dropped (JSON.parse refuses one).
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * One call to a partner, answered as parsed JSON or a WagerSourceError that says what went wrong and
 * whether trying again may help. HTML (a Cloudflare challenge or an error page) is never taken for data.
 * `dispatcher` makes the connection (publicOnlyAgent in production); undici's own default otherwise.
 */
export async function partnerRequest(url: string, init: PartnerInit, signal: AbortSignal, dispatcher?: Dispatcher): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers }, signal, redirect: 'error', dispatcher });
  } catch (error) {
    if (signal.aborted) throw new WagerSourceError(NO_ANSWER_IN_TIME, true);
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof NonPublicAddressError) throw new WagerSourceError(cause.message, false);
    throw new WagerSourceError(`Could not reach the partner (${error instanceof Error ? error.message : 'network error'}).`, true);
  }
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    if (error instanceof WagerSourceError) throw error;
    throw new WagerSourceError(signal.aborted ? NO_ANSWER_IN_TIME : 'The answer was cut off.', true);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (response.headers.has('cf-mitigated') || contentType.includes('text/html') || text.trimStart().startsWith('<')) {
    throw new WagerSourceError(`The partner answered with a web page instead of data (HTTP ${response.status}; a Cloudflare challenge?).`, true);
  }
  if (response.status === 429) throw new WagerSourceError('The partner is rate limiting us (HTTP 429).', true);
  if (response.status >= 500) throw new WagerSourceError(`The partner failed (HTTP ${response.status}): ${excerpt(text)}`, true);
  if (response.status === 401 || response.status === 403) throw new WagerSourceError(`The partner refused the key (HTTP ${response.status}): ${excerpt(text)}`, false);
  if (!response.ok) throw new WagerSourceError(`The partner refused the request (HTTP ${response.status}): ${excerpt(text)}`, false);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WagerSourceError(`The partner answered with something other than JSON: ${excerpt(text)}`, true);
  }
}

/** Rate limits and busy servers reported in the body of a 200 are worth retrying; other messages are not. */
export const isTransientMessage = (message: string) => /too.?many|rate.?limit|busy|try again|cooldown|timeout/i.test(message);

/**
 * Amounts arrive as numbers or strings; anything that is not a positive number up to WAGERED_MAX drops the row (1e306
 * would reach members' pages as Infinity, 1e20 overflows PostgreSQL's bigint and fails the whole sync).
 * They are rounded to cents here, so float residue never shows up as a change (research §3.15).
 */
export function toAmount(value: unknown, scale = 1): number | null {
  const amount = typeof value === 'string' ? Number(value.trim()) : typeof value === 'number' ? value : NaN;
  const cents = Math.round(amount * scale * 100);
  if (!Number.isFinite(cents) || cents <= 0 || cents > WAGERED_MAX * 100) return null;
  return cents / 100;
}

/** A row with a name (of at most CASINO_USERNAME_MAX characters) and a positive wager, or nothing. */
export function wagerRow(username: unknown, wagered: unknown, weighted?: unknown, scale = 1): WagerRow | null {
  if (typeof username !== 'string' && typeof username !== 'number') return null;
  const name = String(username).trim();
  const amount = toAmount(wagered, scale);
  if (!name || name.length > CASINO_USERNAME_MAX || amount === null) return null;
  const weightedAmount = weighted === undefined ? null : toAmount(weighted, scale);
  return weightedAmount === null ? { username: name, wagered: amount } : { username: name, wagered: amount, weighted: weightedAmount };
}

/** The body must be a list of players; anything else is the partner telling us something went wrong. */
export function expectList(body: unknown, what: string): unknown[] {
  if (Array.isArray(body)) return body;
  const message = typeof body === 'string' ? body : messageIn(body);
  if (message) throw new WagerSourceError(`The partner reported an error: ${excerpt(message)}`, isTransientMessage(message));
  throw new WagerSourceError(`The partner's answer has no ${what} list.`, false);
}

function messageIn(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'msg', 'error', 'errors']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && value.length) return JSON.stringify(value);
  }
  return null;
}

/** The last day a [start, end) window covers, as YYYY-MM-DD (for partners that take whole days). */
export const lastDayOf = (end: Date) => new Date(end.getTime() - 1).toISOString().slice(0, 10);
export const firstDayOf = (start: Date) => start.toISOString().slice(0, 10);
