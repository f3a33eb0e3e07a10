import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUNT_EVENTS_PATH, huntChangeEventSchema } from '../../../common/contracts/bonus-hunts';
import { createEventBus } from '../../platform/events';
import { registerErrorHandling } from '../../platform/errors';
import { useTestApp } from '../../test/app';
import { createHunt, finishRunningHunt } from './bonus-hunts.testkit';
import { createHuntEvents } from './hunt-events';
import { huntStreamRoutes, STREAM_MESSAGES } from './hunt-stream';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${HUNT_EVENTS_PATH}`;
}

/**
 * A browser's EventSource reduced to what the tests read: the status, the headers and the text so far. From a
 * local address of its own when asked (127.0.0.0/8 is all loopback), since the server counts streams per address.
 */
function openStream(url: string, localAddress = '127.0.0.1') {
  return new Promise<Stream>((resolve, reject) => {
    const request = get(url, { localAddress }, (response) => {
      let text = '';
      let ended = false;
      const watchers = new Set<() => void>();
      const changed = () => watchers.forEach((watch) => watch());
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        changed();
      });
      response.on('close', () => {
        ended = true;
        changed();
      });
      /** Waits until the text satisfies `done`, or (with `untilEnd`) until the response is over. */
      const until = (done: (text: string) => boolean, timeoutMs = 5000, untilEnd = false) =>
        new Promise<string>((ok, fail) => {
          const stop = () => {
            clearTimeout(timer);
            watchers.delete(watch);
          };
          const watch = () => {
            if (untilEnd ? ended : done(text)) ok(text);
            else if (ended) fail(new Error(`the stream ended after: ${JSON.stringify(text)}`));
            else return;
            stop();
          };
          const timer = setTimeout(() => {
            stop();
            fail(new Error(`the stream said only: ${JSON.stringify(text)}`));
          }, timeoutMs);
          watchers.add(watch);
          watch();
        });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        until,
        json: async () => JSON.parse(await until(() => false, 5000, true)) as unknown,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
interface Stream {
  status: number;
  headers: IncomingHttpHeaders;
  until(done: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  json(): Promise<unknown>;
  close(): void;
}

const huntEventsIn = (text: string) =>
  [...text.matchAll(/event: hunt\ndata: (.*)\n\n/g)].map((match) => huntChangeEventSchema.parse(JSON.parse(match[1])));

/** Polls until a new stream is accepted: the server notices a closed connection a moment after the client. */
async function eventuallyAccepted(url: string, localAddress: string): Promise<Stream> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const stream = await openStream(url, localAddress);
    if (stream.status === 200) return stream;
    stream.close();
    await sleep(50);
  }
  throw new Error('the stream was never accepted again');
}

/** GET /api/r/bonus-hunts/events: hunt changes pushed to pages and the overlay as server-sent events. */
describe('the hunt event stream', () => {
  const t = useTestApp();
  let url: string;
  beforeAll(async () => {
    url = await listen(t.app);
  });
  const streams: Stream[] = [];
  const open = async (at: string, localAddress?: string) => {
    const stream = await openStream(at, localAddress);
    streams.push(stream);
    return stream;
  };
  afterAll(() => streams.forEach((stream) => stream.close()));

  it('starts with the reconnect delay and a comment, then sends every change as a hunt event, with the site’s security headers', async () => {
    const stream = await open(url);
    expect(stream.status).toBe(200);
    expect(stream.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    expect(await stream.until((text) => text.includes('\n\n'))).toBe('retry: 3000\n: connected\n\n');

    const { id } = await createHunt(t, { start_balance: 100, games: [{ slot: 'Sweet Bonanza', bet: 1 }] });
    const [event] = huntEventsIn(await stream.until((text) => huntEventsIn(text).length === 1));
    expect(event.hunt_id).toBe(id);
    expect(Date.parse(event.at)).toBeGreaterThan(Date.now() - 60_000);
    await finishRunningHunt(t);
    expect(huntEventsIn(await stream.until((text) => huntEventsIn(text).length === 2))[1].hunt_id).toBe(id);
    stream.close();
  });

  it('answers hostile query strings with a stream or a refusal that explains itself, never a 500', async () => {
    for (const query of ['?page=-1&search=%25%27&role[]=x', '?query=%00&search=a%00b', `?${'x'.repeat(4000)}`, '?%ff%fe']) {
      const stream = await open(url + query, '127.0.0.3');
      expect(stream.status, query).toBeLessThan(500);
      if (stream.status === 200) await stream.until((text) => text.startsWith('retry: 3000'));
      else expect(await stream.json(), query).toEqual({ success: false, message: expect.any(String) });
      stream.close();
    }
  });

  it('refuses a 21st stream from one address before it starts, and takes one again once a stream closes', async () => {
    const address = '127.0.0.2';
    const opened: Stream[] = [];
    for (let i = 0; i < 20; i++) opened.push(await open(url, address));
    expect(opened.map((stream) => stream.status)).toEqual(Array(20).fill(200));
    const refused = await open(url, address);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(await refused.json()).toEqual({ success: false, message: STREAM_MESSAGES.tooMany });
    // Other addresses are not affected.
    expect((await open(url, '127.0.0.4')).status).toBe(200);

    opened[0].close();
    const again = await eventuallyAccepted(url, address);
    streams.push(again);
    await again.until((text) => text.includes(': connected'));
  });

  it('ends a HEAD request at once and frees its place', async () => {
    for (let i = 0; i < 25; i++) expect((await t.app.inject({ method: 'HEAD', url: HUNT_EVENTS_PATH })).statusCode).toBe(200);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('passes a change made on one instance to streams on another through Redis', async () => {
    const other = await t.twin();
    const stream = await open(await listen(other));
    await stream.until((text) => text.includes(': connected'));
    await finishRunningHunt(t);
    const { id } = await createHunt(t, { start_balance: 50 });
    const events = huntEventsIn(await stream.until((text) => huntEventsIn(text).some((event) => event.hunt_id === id)));
    expect(events.map((event) => event.hunt_id)).toContain(id);
  });
});

/** The limits and the heartbeat, on an app with only the stream route and small numbers. */
describe('the hunt event stream’s limits', () => {
  const bus = createEventBus();
  const huntEvents = createHuntEvents({ bus, now: () => new Date() });
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  huntStreamRoutes(app, { huntEvents, limits: { perInstance: 2, heartbeatMs: 50 } });
  afterAll(() => app.close());

  it('refuses streams past the instance’s limit with 503, sends heartbeats, and ends open streams when the server closes', async () => {
    const url = await listen(app);
    const one = await openStream(url);
    const two = await openStream(url, '127.0.0.5');
    const busy = await openStream(url, '127.0.0.6');
    expect(busy.status).toBe(503);
    expect(await busy.json()).toEqual({ success: false, message: STREAM_MESSAGES.busy });

    expect(await one.until((text) => text.includes(': heartbeat\n\n'))).toContain(': connected\n\n: heartbeat\n\n');
    huntEvents.changed(7);
    expect(huntEventsIn(await two.until((text) => text.includes('event: hunt'))).map((event) => event.hunt_id)).toEqual([7]);

    const closing = app.close();
    await expect(one.until(() => false, 3000)).rejects.toThrow('the stream ended');
    await expect(two.until(() => false, 3000)).rejects.toThrow('the stream ended');
    await closing;
  });
});
