import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HUNT_EVENTS_PATH } from '../../../common/bonus-hunts';
import { HttpError } from '../../platform/errors';
import type { HuntEvents } from './hunt-events';

export interface StreamLimits {
  /** Open streams one instance serves; past it, pages keep polling (spec baseline) instead. */
  perInstance: number;
  /** Open streams from one client address (a household with many tabs, not a script holding sockets). */
  perAddress: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** How long browsers wait before reconnecting a dropped stream. */
  retryMs: number;
}

export const STREAM_LIMITS: StreamLimits = { perInstance: 2000, perAddress: 20, heartbeatMs: 25_000, retryMs: 3000 };

export const STREAM_MESSAGES = {
  busy: 'Live updates are busy right now; the page refreshes on its own instead.',
  tooMany: 'Too many live update connections from your address. Close some tabs and try again.',
} as const;

/**
 * GET /api/r/bonus-hunts/events: server-sent events, one `hunt` event per hunt change on any instance (the
 * event bus carries them through Redis when there are several). The stream is sent as the reply's body, so
 * every onSend hook (the security headers) applies as to any other reply; the limits are checked before it starts.
 */
export function huntStreamRoutes(app: FastifyInstance, deps: { huntEvents: HuntEvents; limits?: Partial<StreamLimits> }) {
  const limits = { ...STREAM_LIMITS, ...deps.limits };
  const open = new Set<() => void>();
  const openByAddress = new Map<string, number>();

  // Open streams never end by themselves: end them so that the server can close.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(HUNT_EVENTS_PATH, async (request, reply) => {
    if (open.size >= limits.perInstance) throw new HttpError(503, STREAM_MESSAGES.busy);
    const address = request.ip;
    const fromAddress = openByAddress.get(address) ?? 0;
    if (fromAddress >= limits.perAddress) throw new HttpError(429, STREAM_MESSAGES.tooMany);
    openByAddress.set(address, fromAddress + 1);

    const stream = new PassThrough();
    const stopListening = deps.huntEvents.listen((event) => stream.write(`event: hunt\ndata: ${JSON.stringify(event)}\n\n`));
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), limits.heartbeatMs);
    const close = () => {
      if (!open.delete(close)) return;
      clearInterval(heartbeat);
      stopListening();
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
      stream.end();
    };
    open.add(close);
    // The response closes when the browser goes away (or once the stream has ended).
    reply.raw.on('close', close);

    stream.write(`retry: ${limits.retryMs}\n: connected\n\n`);
    reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // Proxies such as nginx would otherwise hold events back to fill a buffer.
      .header('X-Accel-Buffering', 'no');
    return reply.send(stream);
  });
}
