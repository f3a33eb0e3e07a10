// A store drop (issue 4): BENCH_MEMBERS members (default 200), each signed in with points for two
// redemptions, all redeem one item with BENCH_STOCK in stock (default 50) at the same instant, over real
// HTTP against the bench server in its own process. Prints throughput, p50/p99 latency, the status counts
// and whether the invariants held; exits 1 when one did not.
// Usage: npm run bench:store   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_MEMBERS, BENCH_STOCK)
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './lib';
import type { StoreBurstCheck, StoreBurstSetup } from './store-setup';

const OUT_OF_STOCK = 'This item is out of stock.';

const server = await startBenchServer({ BENCH_SETUP: 'bench/store-setup.ts' });
try {
  const { itemId, cost, stock, members } = server.setup as StoreBurstSetup;
  const count = members.length;

  // Each member's page gives its CSRF token (as a browser tab gets it) and opens its keep-alive connection.
  const tokens = await Promise.all(
    members.map(async (member) => {
      const html = await (await fetch(`${server.base}/`, { headers: { cookie: member.cookie } })).text();
      const token = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];
      if (!token) throw new Error(`member ${member.id} has no CSRF token: is the session valid?`);
      return token;
    }),
  );

  const started = performance.now();
  const results = await Promise.all(
    members.map(async (member, index) => {
      const sent = performance.now();
      try {
        const response = await fetch(`${server.base}/api/r/store/${itemId}/redeem`, {
          method: 'POST',
          headers: { cookie: member.cookie, 'x-csrf-token': tokens[index] },
        });
        const body = (await response.json()) as { message?: string; data?: { balance?: number } };
        return { status: response.status, ms: performance.now() - sent, message: body.message ?? '', balance: body.data?.balance };
      } catch (error) {
        return { status: 0, ms: performance.now() - sent, message: String(error), balance: undefined };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const check = (await (await fetch(`${server.base}/__bench/store-check`)).json()) as StoreBurstCheck;

  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const percentile = (q: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))];
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 409);
  const other = results.filter((r) => r.status !== 200 && r.status !== 409);
  const expected = Math.min(count, stock);

  console.log(`\nStore burst on ${server.dialect}: ${count} members, stock ${stock}, cost ${cost}`);
  console.log(`throughput  ${(count / seconds).toFixed(0)} redeems/s  (${count} in ${(seconds * 1000).toFixed(0)} ms)`);
  console.log(`latency     p50 ${percentile(0.5).toFixed(1)} ms  p99 ${percentile(0.99).toFixed(1)} ms  max ${latencies.at(-1)?.toFixed(1)} ms`);
  console.log(`statuses    200 × ${ok.length}  409 × ${refused.length}  other × ${other.length}`);
  if (other.length) console.log(`            other: ${[...new Set(other.map((r) => `${r.status} ${r.message}`))].join(' | ')}`);

  const invariants: [string, boolean][] = [
    [`successes == min(N, S): ${ok.length} == ${expected}`, ok.length === expected],
    [`final stock == S - successes: ${check.stock} == ${stock - expected}`, check.stock === stock - expected],
    [`purchases recorded == successes, one per buyer: ${check.redemptions} rows, ${check.buyers} buyers`, check.redemptions === expected && check.buyers === expected],
    [`charged once per success: ${check.charges} store_redemption ledger rows`, check.charges === expected],
    [`every success leaves cost points: balances ${[...new Set(ok.map((r) => r.balance))].join(', ')}`, ok.every((r) => r.balance === cost)],
    [`every refusal is 409 '${OUT_OF_STOCK}'`, refused.every((r) => r.message === OUT_OF_STOCK) && other.length === 0],
    [`balances == ledger sums: ${check.mismatches} mismatches`, check.mismatches === 0],
    [`no negative balance: ${check.negativeBalances}`, check.negativeBalances === 0],
  ];
  console.log('\ninvariants');
  for (const [label, held] of invariants) console.log(`${held ? 'PASS' : 'FAIL'}  ${label}`);
  const passed = invariants.every(([, held]) => held);
  console.log(`\nverdict: ${passed ? 'PASS' : 'FAIL'}`);
  process.exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
}
