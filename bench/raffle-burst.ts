// A raffle rush (issue 8): BENCH_MEMBERS members (default 1,000), each signed in with points for ten entries,
// all enter one points raffle capped at five entries per member at the same instant, each sending two buys
// of three entries at once (so the cap, not the points, must refuse the second), over real HTTP against the
// bench server in its own process. Prints throughput, p50/p99 latency, the status counts and whether the
// invariants held; exits 1 when one did not.
// Usage: npm run bench:raffles   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_MEMBERS)
import { RAFFLE_MESSAGES } from '../server/features/raffles/raffles.service';
import { csrfTokens, latencyReport, postBurst, reportInvariants, startBenchServer } from './lib';
import type { RaffleBurstCheck, RaffleBurstSetup } from './raffle-setup';

const BUYS_PER_MEMBER = 2;
const ENTRIES_PER_BUY = 3;

const server = await startBenchServer({ BENCH_SETUP: 'bench/raffle-setup.ts' });
try {
  const { raffleId, cost, maxEntries, members } = server.setup as RaffleBurstSetup;
  const count = members.length;
  const tokens = await csrfTokens(server.base, members);
  const calls = members.flatMap((member, index) =>
    Array.from({ length: BUYS_PER_MEMBER }, () => ({
      cookie: member.cookie,
      token: tokens[index],
      path: `/api/r/raffles/${raffleId}/enter`,
      body: { entry_type: 'points', points_spent: cost * ENTRIES_PER_BUY },
    })),
  );
  const { results, seconds } = await postBurst<{ entries_added?: number }>(server.base, calls);
  const check = (await (await fetch(`${server.base}/__bench/raffle-check`)).json()) as RaffleBurstCheck;

  const latencies = results.map((r) => r.ms);
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 409);
  const other = results.filter((r) => r.status !== 200 && r.status !== 409);
  const expectedEntries = count * ENTRIES_PER_BUY;
  const limitMessage = RAFFLE_MESSAGES.limit(maxEntries, maxEntries - ENTRIES_PER_BUY);

  console.log(`\nRaffle burst on ${server.dialect}: ${count} members × ${BUYS_PER_MEMBER} buys of ${ENTRIES_PER_BUY} entries, ${cost} points each, at most ${maxEntries} per member`);
  console.log(`throughput  ${(calls.length / seconds).toFixed(0)} entry calls/s  (${calls.length} in ${(seconds * 1000).toFixed(0)} ms)`);
  const latencyTargets = latencyReport(latencies);
  console.log(`statuses    200 × ${ok.length}  409 × ${refused.length}  other × ${other.length}`);
  const messages = [...new Set([...refused, ...other].map((r) => `${r.status} ${r.message}`))];
  if (messages.length) console.log(`            refusals: ${messages.join(' | ')}`);

  reportInvariants([
    [`one buy per member succeeds: ${ok.length} == ${count}`, ok.length === count && ok.every((r) => r.body?.entries_added === ENTRIES_PER_BUY)],
    [`per-member cap held: at most ${check.mostByOneMember} entries by one member (cap ${maxEntries}), ${check.entrants} entrants`, check.mostByOneMember === ENTRIES_PER_BUY && check.entrants === count],
    [`the raffle's shown total == entry rows: ${check.totalEntries} == ${check.rows} (expected ${expectedEntries})`, check.totalEntries === check.rows && check.rows === expectedEntries],
    [`charged == entries × cost: ledger ${check.charged}, entries' points ${check.pointsSpent}, ${check.rows} × ${cost}`, check.charged === check.rows * cost && check.pointsSpent === check.charged],
    [`every other buy is refused by the cap (409)`, refused.length === count && other.length === 0 && refused.every((r) => r.message === limitMessage)],
    [`balances == ledger sums: ${check.mismatches} mismatches`, check.mismatches === 0],
    [`no negative balance: ${check.negativeBalances}`, check.negativeBalances === 0],
    ...latencyTargets,
  ]);
} finally {
  await server.stop();
}
