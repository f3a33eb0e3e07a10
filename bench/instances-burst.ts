// The raffle rush split between two server processes (issue 12, several app instances): both on one PostgreSQL
// schema and one Redis, sharing the session secret as production instances share SESSION_SECRET. BENCH_MEMBERS
// members (default 1,000) each send two buys of three entries at once, even members to one process and odd ones
// to the other; then the raffle's end is moved into the past and both processes run the raffle-draw job five
// times at the same moment. Checks the raffle burst's invariants across the two processes, and that the raffle
// was drawn and announced exactly once: one run drew it, one set of picks, one notification per winner.
// Usage: BENCH_DATABASE_URL=postgres://… BENCH_REDIS_URL=redis://… npm run bench:instances   (BENCH_MEMBERS)
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/database';
import { RAFFLE_MESSAGES } from '../server/features/raffles/raffles.service';
import { csrfTokens, latencyReport, postBurst, reportInvariants, startBenchServer, type BurstCall, type BenchServer } from './lib';
import type { RaffleBurstCheck, RaffleBurstSetup } from './raffle-setup';

const BUYS_PER_MEMBER = 2;
const ENTRIES_PER_BUY = 3;
const JOB_RUNS_PER_PROCESS = 5;

if (!process.env.BENCH_DATABASE_URL || !process.env.BENCH_REDIS_URL) {
  console.error('bench:instances needs BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL: two processes share them.');
  process.exit(2);
}

const shared = { BENCH_SCHEMA: `bench_instances_${randomBytes(4).toString('hex')}`, BENCH_SESSION_SECRET: randomBytes(32).toString('hex') };
const first = await startBenchServer({ ...shared, BENCH_KEEP: '1', BENCH_SETUP: 'bench/raffle-setup.ts' });
const second = await startBenchServer({ ...shared, BENCH_RESUME: '1' });
const database = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, databaseSchema: shared.BENCH_SCHEMA, dataDir: '', poolSize: 2 });
try {
  const { raffleId, cost, maxEntries, members } = first.setup as RaffleBurstSetup;
  const servers = [first, second];
  /** Each member's calls, to the process their index gives them, with a token from that process's page. */
  const callsTo = async (server: BenchServer, share: typeof members): Promise<BurstCall[]> => {
    const tokens = await csrfTokens(server.base, share);
    return share.flatMap((member, index) =>
      Array.from({ length: BUYS_PER_MEMBER }, () => ({ cookie: member.cookie, token: tokens[index], path: `/api/r/raffles/${raffleId}/enter`, body: { entry_type: 'points', points_spent: cost * ENTRIES_PER_BUY } })),
    );
  };
  const shares = servers.map((_, which) => members.filter((_, index) => index % 2 === which));
  const calls = await Promise.all(servers.map((server, which) => callsTo(server, shares[which])));
  const bursts = await Promise.all(servers.map((server, which) => postBurst<{ entries_added?: number }>(server.base, calls[which])));
  const results = bursts.flatMap((burst) => burst.results);
  const seconds = Math.max(...bursts.map((burst) => burst.seconds));
  const check = (await (await fetch(`${first.base}/__bench/raffle-check`)).json()) as RaffleBurstCheck;

  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 409);
  const other = results.filter((r) => r.status !== 200 && r.status !== 409);
  const limitMessage = RAFFLE_MESSAGES.limit(maxEntries, maxEntries - ENTRIES_PER_BUY);
  console.log(`\nRaffle burst across two processes on ${first.dialect} + Redis: ${members.length} members × ${BUYS_PER_MEMBER} buys of ${ENTRIES_PER_BUY} entries (${shares[0].length} / ${shares[1].length} members per process)`);
  console.log(`throughput  ${(results.length / seconds).toFixed(0)} entry calls/s  (${results.length} in ${(seconds * 1000).toFixed(0)} ms)`);
  const latencyTargets = latencyReport(results.map((r) => r.ms));
  console.log(`statuses    200 × ${ok.length}  409 × ${refused.length}  other × ${other.length}`);
  if (other.length) console.log(`            other: ${[...new Set(other.map((r) => `${r.status} ${r.message}`))].join(' | ')}`);

  // The job: the raffle's end passes, and both processes run the draw job at once, several times over.
  await database.db.updateTable('raffles').set({ end_datetime: new Date(Date.now() - 1000).toISOString() }).where('id', '=', raffleId).execute();
  const runs = await Promise.all(
    servers.flatMap((server) => Array.from({ length: JOB_RUNS_PER_PROCESS }, async () => (await (await fetch(`${server.base}/__bench/draw-due`)).json()) as { drawn?: number })),
  );
  const drawnRuns = runs.reduce((sum, run) => sum + (run.drawn ?? 0), 0);
  const raffle = await database.db.selectFrom('raffles').select(['winners_count', 'drawn_at', 'announced_at']).where('id', '=', raffleId).executeTakeFirstOrThrow();
  const picks = await database.db.selectFrom('raffle_picks').select('user_id').where('raffle_id', '=', raffleId).execute();
  const notices = await database.db.selectFrom('notifications').select('user_id').where('type', '=', 'raffle_won').where('data', 'like', `%/raffles/${raffleId}"%`).execute();
  console.log(`draw job    ${runs.length} runs at once across both processes: ${drawnRuns} drew, ${picks.length} picks, ${notices.length} winner notifications`);

  reportInvariants([
    [`one buy per member succeeds: ${ok.length} == ${members.length}`, ok.length === members.length && ok.every((r) => r.body?.entries_added === ENTRIES_PER_BUY)],
    [`every other buy is refused by the cap (409), whichever process took it`, refused.length === members.length && other.length === 0 && refused.every((r) => r.message === limitMessage)],
    [`per-member cap held across processes: at most ${check.mostByOneMember} entries by one member, ${check.entrants} entrants`, check.mostByOneMember === ENTRIES_PER_BUY && check.entrants === members.length],
    [`the raffle's shown total == entry rows: ${check.totalEntries} == ${check.rows}`, check.totalEntries === check.rows && check.rows === members.length * ENTRIES_PER_BUY],
    [`charged == entries × cost: ${check.charged} == ${check.rows} × ${cost}`, check.charged === check.rows * cost && check.pointsSpent === check.charged],
    [`balances == ledger sums: ${check.mismatches} mismatches`, check.mismatches === 0],
    [`no negative balance: ${check.negativeBalances}`, check.negativeBalances === 0],
    [`the draw job drew once: ${drawnRuns} of ${runs.length} runs`, drawnRuns === 1],
    [`drawn and announced once: ${picks.length} picks for ${raffle.winners_count} winners, one notification each`, raffle.drawn_at !== null && raffle.announced_at !== null && picks.length === raffle.winners_count && notices.length === picks.length && new Set(notices.map((n) => n.user_id)).size === notices.length],
    ...latencyTargets,
  ]);
} finally {
  await database.destroy();
  await first.stop();
  await second.stop();
}
