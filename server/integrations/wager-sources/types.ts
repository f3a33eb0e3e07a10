/** The one interface every partner wager source implements (research §3.15). */

/** A player's wager in the window, in the partner's unit (dollars, or XP for an XP platform). */
export interface WagerRow {
  username: string;
  wagered: number;
  /** The partner's RTP-weighted wager, when it reports one. */
  weighted?: number;
}

/** [start, end): the period, cut at now while it runs. */
export interface WagerWindow {
  start: Date;
  end: Date;
}

export interface WagerAdapter {
  fetch(window: WagerWindow, signal: AbortSignal): Promise<WagerRow[]>;
}

/** What an adapter sets on its call to the partner: the method, the headers and the body. */
export interface PartnerInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One call to the partner: its answer as parsed JSON, or a WagerSourceError (http.ts). */
export type PartnerRequest = (url: string, init: PartnerInit, signal: AbortSignal) => Promise<unknown>;

export interface AdapterSettings<Options> {
  baseUrl: string;
  secret: string;
  options: Options;
  request: PartnerRequest;
}

/**
 * A partner did not give us standings. Transient failures (timeouts, 429, 5xx, Cloudflare pages,
 * rate limits reported inside a 200) are retried; the others (a refused key, an unknown shape) are not.
 */
export class WagerSourceError extends Error {
  constructor(
    message: string,
    public readonly transient: boolean,
  ) {
    super(message);
    this.name = 'WagerSourceError';
  }
}

/** What a call that ran out of its time says, wherever in the call the time ran out. */
export const NO_ANSWER_IN_TIME = 'No answer before the timeout.';
