// A busy chat (issue 5): BENCH_CHATTERS linked members (default 200) each send BENCH_MESSAGES chat messages
// (default 5) over the last 20 minutes, delivered by "Kick" as signed webhooks all at once, every delivery
// twice (Kick retries and duplicates), over real HTTP against the bench server in its own process. A
// hello-world burst of the same size and concurrency is the baseline of the same run. Prints throughput,
// latency and whether the invariants held; exits 1 when one did not.
// Usage: npm run bench:webhooks   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_CHATTERS, BENCH_MESSAGES)
import { performance } from 'node:perf_hooks';
import { kickDelivery, kickEvents, kickUser, testWebhookPublicKey } from '../server/test/kick-webhook';
import { startBenchServer } from './lib';
import type { WebhookBurstCheck } from './webhook-setup';

const CONCURRENCY = 50;
const chatters = Number(process.env.BENCH_CHATTERS ?? 200);
const perChatter = Number(process.env.BENCH_MESSAGES ?? 5);

/** Runs the calls CONCURRENCY at a time; answers each call's status and time. */
async function burst(calls: (() => Promise<Response>)[]) {
  const results: { status: number; ms: number }[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls.length) {
        const call = calls[next++];
        const sent = performance.now();
        const status = await call().then(async (response) => (await response.arrayBuffer(), response.status), () => 0);
        results.push({ status, ms: performance.now() - sent });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  return { perSecond: results.length / seconds, p50: p(0.5), p99: p(0.99), failed: results.filter((r) => r.status !== 200).length };
}

const server = await startBenchServer({ BENCH_SETUP: 'bench/webhook-setup.ts', KICK_WEBHOOK_PUBLIC_KEY: testWebhookPublicKey, BENCH_CHATTERS: String(chatters) });
try {
  const now = Date.now();
  // Signed ahead of time: signing is Kick's work, not ours.
  const deliveries = Array.from({ length: chatters * perChatter }, (_, i) => {
    const index = i % chatters;
    const sentAt = new Date(now - 20 * 60_000 + Math.floor(i / chatters) * 4 * 60_000);
    return kickDelivery('chat.message.sent', kickEvents.chat(kickUser(800_000 + index, `chatter_${index}`), sentAt));
  });
  const twice = [...deliveries, ...deliveries].sort(() => Math.random() - 0.5);
  const post = (d: (typeof deliveries)[number]) => () => fetch(`${server.base}${d.url}`, { method: 'POST', headers: d.headers, body: d.payload });

  const baseline = await burst(twice.map(() => () => fetch(`${server.base}/__bench/hello`)));
  const webhooks = await burst(twice.map(post));
  const check = (await (await fetch(`${server.base}/__bench/webhook-check`)).json()) as WebhookBurstCheck;

  const line = (name: string, m: typeof baseline) =>
    `${name.padEnd(28)} ${m.perSecond.toFixed(0).padStart(6)} req/s  ${((m.perSecond / baseline.perSecond) * 100).toFixed(0).padStart(4)}%  p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms  non-200 ${m.failed}`;
  console.log(`\nKick webhook burst on ${server.dialect}: ${chatters} chatters × ${perChatter} messages, each delivered twice, ${CONCURRENCY} at a time`);
  console.log(line('hello world (baseline)', baseline));
  console.log(line('signed chat deliveries', webhooks));

  const invariants: [string, boolean][] = [
    [`every delivery answered 200: non-200 ${webhooks.failed}`, webhooks.failed === 0],
    [`each message id recorded once: ${check.messages} == ${deliveries.length}`, check.messages === deliveries.length],
    [`each interval credited once: ledger ${check.ledgerRows} == credited intervals ${check.credited}`, check.ledgerRows === check.credited],
    [`balances equal ledger sums: ${check.mismatches} mismatches`, check.mismatches === 0],
    [`throughput >= 20% of hello world (RSA verify + a transaction each)`, webhooks.perSecond >= baseline.perSecond * 0.2],
  ];
  for (const [text, ok] of invariants) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
  const passed = invariants.every(([, ok]) => ok);
  console.log(`\nverdict: ${passed ? 'PASS' : 'FAIL'}`);
  process.exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
}
