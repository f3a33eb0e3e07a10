// A store drop (issue 4): BENCH_MEMBERS members (default 200), each signed in with points for two
// redemptions, all redeem one item with BENCH_STOCK in stock (default 50) at the same instant, over real
// HTTP against the bench server in its own process. Prints throughput, p50/p99 latency, the status counts
// and whether the invariants held; exits 1 when one did not.
// Usage: npm run bench:store   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_MEMBERS, BENCH_STOCK)
import { csrfTokens, latencyReport, postBurst, reportInvariants, startBenchServer } from './lib';
import type { StoreBurstCheck, StoreBurstSetup } from './store-setup';

const OUT_OF_STOCK = 'This item is out of stock.';

const server = await startBenchServer({ BENCH_SETUP: 'bench/store-setup.ts' });
try {
  const { itemId, cost, stock, members } = server.setup as StoreBurstSetup;
  const count = members.length;

  const tokens = await csrfTokens(server.base, members);

  const { results: answers, seconds } = await postBurst<{ data?: { balance?: number } }>(
    server.base,
    members.map((member, index) => ({ cookie: member.cookie, token: tokens[index], path: `/api/r/store/${itemId}/redeem` })),
  );
  const results = answers.map((answer) => ({ ...answer, balance: answer.body?.data?.balance }));
  const check = (await (await fetch(`${server.base}/__bench/store-check`)).json()) as StoreBurstCheck;

  const latencies = results.map((r) => r.ms);
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 409);
  const other = results.filter((r) => r.status !== 200 && r.status !== 409);
  const expected = Math.min(count, stock);

  console.log(`\nStore burst on ${server.dialect}: ${count} members, stock ${stock}, cost ${cost}`);
  console.log(`throughput  ${(count / seconds).toFixed(0)} redeems/s  (${count} in ${(seconds * 1000).toFixed(0)} ms)`);
  const latencyTargets = latencyReport(latencies);
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
    ...latencyTargets,
  ];
  reportInvariants(invariants);
} finally {
  await server.stop();
}
