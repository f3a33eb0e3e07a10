import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface BenchServer {
  base: string;
  /** The bench member's session cookie. */
  cookie: string;
  /** Cookies of BENCH_SIGNED_IN members, the bench member's first: signed-in reads take them in turn. */
  members: string[];
  /** Cookies of BENCH_NAMED_CROWD members with casino names (none unless asked for). */
  namedMembers: string[];
  dialect: string;
  /** What the BENCH_SETUP module returned, when one was given. */
  setup?: unknown;
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, mid-request, with nothing cleaned up (bench/crash-burst.ts). */
  kill(): Promise<void>;
}

/**
 * Starts bench/server.ts in its own process, so the load generator does not share its event loop.
 * `env` goes to that process on top of this one's (e.g. BENCH_SETUP, a module run there before it listens).
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  // BENCH_CPU_PROFILE=<dir> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/server.ts'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { port, cookie, members, namedMembers, dialect, setup } = JSON.parse(line) as Pick<BenchServer, 'cookie' | 'members' | 'namedMembers' | 'dialect' | 'setup'> & { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    cookie,
    members,
    namedMembers,
    dialect,
    setup,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
    kill: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string, options: { headers?: Record<string, string>; cookies?: string[]; connections?: number; seconds?: number } = {}): Promise<Measurement> {
  const { cookies } = options;
  const crowd = cookies?.map((cookie) => ({ headers: { cookie } }));
  let connection = 0;
  const result = await autocannon({
    // `warmup` is in autocannon's API but not in its type definitions.
    ...({ warmup: { connections: 10, duration: 2 } } as object),
    url,
    connections: options.connections ?? 100,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 8),
    headers: options.headers,
    // Each connection makes its requests as the members of the crowd in turn, starting from its own place in it, so
    // that the connections ask as different members at any moment, as a crowd does. Each member's request is built
    // once: a `setupRequest` that set the cookie per request rebuilt every request in the load generator, which shares
    // the two cores with the server, and so was charged to every signed-in read (10-20 points of hello world, 2026-12-02).
    ...(crowd?.length
      ? {
          setupClient: (client: autocannon.Client) => {
            const start = Math.floor((connection++ * crowd.length) / (options.connections ?? 100)) % crowd.length;
            client.setRequests([...crowd.slice(start), ...crowd.slice(0, start)]);
          },
        }
      : {}),
  });
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** A read's measurement with the hello-world throughput it is compared with. */
interface Compared extends Measurement {
  baseline: number;
}

/**
 * Prints each read against its hello-world baseline; returns false when a target is missed.
 * `references` are printed the same way for comparison and take no part in the verdict.
 */
function report(title: string, baselines: Measurement[], references: Compared[], reads: Compared[], target: { ratio: number; p99Ms: number }): boolean {
  console.log(`\n${title}`);
  console.log(`target: each read >= ${Math.round(target.ratio * 100)}% of hello-world throughput, p99 < ${target.p99Ms} ms, no errors`);
  console.log('each read is compared with the mean of the hello-world runs just before and just after it\n');
  const line = (verdict: string, m: Compared) =>
    `${verdict.padEnd(4)}  ${m.name.padEnd(46)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  ${((m.requestsPerSecond / m.baseline) * 100).toFixed(0).padStart(4)}% of ${m.baseline.toFixed(0).padStart(6)}  p99 ${String(m.p99Ms).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}`;
  const throughputs = baselines.map((m) => m.requestsPerSecond);
  console.log(`base  hello world, ${baselines.length} runs: ${Math.min(...throughputs).toFixed(0)}-${Math.max(...throughputs).toFixed(0)} req/s, p99 at most ${Math.max(...baselines.map((m) => m.p99Ms))} ms`);
  references.forEach((m) => console.log(line('ref', m)));
  const rows = reads.map((m) => {
    const ok = m.requestsPerSecond / m.baseline >= target.ratio && m.p99Ms < target.p99Ms && m.non2xx === 0 && m.errors === 0;
    return { ok, line: line(ok ? 'PASS' : 'FAIL', m) };
  });
  rows.forEach((row) => console.log(row.line));
  const passed = rows.every((row) => row.ok) && baselines.every((m) => m.non2xx === 0 && m.errors === 0);
  console.log(`\nverdict: ${passed ? 'PASS' : 'FAIL'}`);
  return passed;
}

/** One read to load: its label, its path, and whether it is made by signed-in members in turn (which of them). */
export type Read = [name: string, path: string, signedIn?: SignedInCrowd];
type SignedInCrowd = 'signed in' | 'signed in with casino names';

/** What Chromium sends with every request: browsers always ask for a compressed answer. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Starts the bench server and loads hello world, then in turn each reference (for comparison only) and each read, each
 * followed by hello world again; prints the report, sets the exit code. A read is compared with the hello-world runs on
 * either side of it: on this shared two-core machine the throughput drifts by a third within minutes, and one baseline
 * at the start made the ratios of the last reads follow the drift. With `asBrowsers`, each read is loaded a second time
 * as browsers ask for it (Accept-Encoding), so what compressing the answer costs is measured too.
 */
export async function benchReads(title: string, reads: Read[], references: Read[] = [], { asBrowsers = false } = {}) {
  const named = [...reads, ...references].some((read) => read[2] === 'signed in with casino names');
  const server = await startBenchServer(named ? { BENCH_NAMED_CROWD: process.env.BENCH_SIGNED_IN ?? '200' } : {});
  const hello = () => measure('hello world (baseline)', `${server.base}/__bench/hello`);
  const crowds: Record<SignedInCrowd, string[]> = { 'signed in': server.members, 'signed in with casino names': server.namedMembers };
  const load = ([name, path, signedIn]: Read, headers?: Record<string, string>) =>
    measure(name, `${server.base}${path}`, { ...(signedIn ? { cookies: crowds[signedIn] } : {}), headers });
  try {
    const baselines = [await hello()];
    const loaded: Measurement[] = [];
    const loadThenHello = async (read: Read, headers?: Record<string, string>) => {
      loaded.push(await load(read, headers));
      baselines.push(await hello());
    };
    for (const read of references) await loadThenHello(read);
    for (const read of reads) {
      await loadThenHello(read);
      if (asBrowsers) await loadThenHello([`${read[0]}, compressed`, read[1], read[2]], { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    }
    const compared = loaded.map((m, index) => ({ ...m, baseline: (baselines[index].requestsPerSecond + baselines[index + 1].requestsPerSecond) / 2 }));
    const passed = report(`${title} on ${server.dialect}`, baselines, compared.slice(0, references.length), compared.slice(references.length), { ratio: 0.6, p99Ms: 50 });
    process.exitCode = passed ? 0 : 1;
  } finally {
    await server.stop();
  }
}

/* The burst benchmarks (store, raffles): many signed-in members calling at the same instant over real HTTP. */

/** Each member's page gives its CSRF token (as a browser tab gets it) and opens its keep-alive connection. */
export async function csrfTokens(base: string, members: readonly { id: number; cookie: string }[]): Promise<string[]> {
  return Promise.all(
    members.map(async (member) => {
      const html = await (await fetch(`${base}/`, { headers: { cookie: member.cookie } })).text();
      const token = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];
      if (!token) throw new Error(`member ${member.id} has no CSRF token: is the session valid?`);
      return token;
    }),
  );
}

/** The percentile `q` (0..1) of some latencies in ms. */
export function percentile(latencies: readonly number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** BENCH_SPREAD_MS: a burst's calls leave evenly over this many ms instead of at one instant (default 0, one instant). */
const spreadMs = Number(process.env.BENCH_SPREAD_MS ?? 0);
/** The p99 a write must keep when its arrivals are spread over seconds (issue 12). */
const SPREAD_P99_TARGET_MS = 250;

/**
 * Prints how the calls arrived and their latencies. With arrivals spread (BENCH_SPREAD_MS), answers the p99 target
 * as an invariant; an instant burst has none, its p99 being the length of its queue.
 */
export function latencyReport(latencies: readonly number[]): [label: string, held: boolean][] {
  const p99 = percentile(latencies, 0.99);
  console.log(`arrivals    ${spreadMs > 0 ? `spread evenly over ${spreadMs} ms` : 'all at one instant'}`);
  console.log(`latency     p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${Math.max(...latencies).toFixed(1)} ms`);
  return spreadMs > 0 ? [[`p99 < ${SPREAD_P99_TARGET_MS} ms with arrivals spread over ${spreadMs} ms: ${p99.toFixed(1)} ms`, p99 < SPREAD_P99_TARGET_MS]] : [];
}

/** Prints each invariant and the verdict, sets the exit code; true when every one held. */
export function reportInvariants(invariants: [label: string, held: boolean][]): boolean {
  console.log('\ninvariants');
  for (const [label, held] of invariants) console.log(`${held ? 'PASS' : 'FAIL'}  ${label}`);
  const passed = invariants.every(([, held]) => held);
  console.log(`\nverdict: ${passed ? 'PASS' : 'FAIL'}`);
  process.exitCode = passed ? 0 : 1;
  return passed;
}

export interface BurstCall {
  cookie: string;
  token: string;
  path: string;
  /** Sent as JSON; no body when absent. */
  body?: unknown;
}

export interface BurstResult<T> {
  /** 0 when the request itself failed. */
  status: number;
  ms: number;
  message: string;
  body: T | null;
}

/**
 * The members' browsers, on keep-alive connections: node:http costs the load generator a fifth of what fetch did, which
 * took 60-110 % of a core during a 400-calls-a-second rush on this two-core machine, a core the server and the database
 * then lacked (measured per process, 2026-12-01).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * POSTs every call at the same instant (or spread evenly over BENCH_SPREAD_MS); answers each call's status, latency and body, and the seconds the burst took.
 * `onAnswer` hears each answer as it arrives (its call's index and how many have arrived).
 */
export async function postBurst<T>(
  base: string,
  calls: readonly BurstCall[],
  onAnswer?: (index: number, answered: number) => void,
): Promise<{ results: BurstResult<T>[]; seconds: number }> {
  let answered = 0;
  const started = performance.now();
  const results = await Promise.all(
    calls.map(async (call, index): Promise<BurstResult<T>> => {
      if (spreadMs > 0) await new Promise((resolve) => setTimeout(resolve, (spreadMs * index) / calls.length));
      const sent = performance.now();
      try {
        const response = await post(`${base}${call.path}`, {
          cookie: call.cookie,
          'x-csrf-token': call.token,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        }, call.body === undefined ? undefined : JSON.stringify(call.body));
        const body = JSON.parse(response.text) as T & { message?: string };
        onAnswer?.(index, ++answered);
        return { status: response.status, ms: performance.now() - sent, message: body.message ?? '', body };
      } catch (error) {
        return { status: 0, ms: performance.now() - sent, message: String(error), body: null };
      }
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}
