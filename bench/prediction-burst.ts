// A bracket-prediction rush (issue 9): BENCH_MEMBERS members (default 500), each signed in, save a full
// 32-slot bracket (31 picks) to one tournament at the same instant, each sending two different brackets at
// once (a double click that changed its mind: the second save replaces the first), over real HTTP against
// the bench server in its own process. Prints throughput, p50/p99 latency, the status counts and whether the
// invariants held; exits 1 when one did not.
// Usage: npm run bench:tournaments   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_MEMBERS)
import { roundsOf } from '../common/tournaments';
import { seededRandom } from '../server/db/seed/random';
import { bracketPicks } from '../server/db/seed/tournaments';
import { csrfTokens, latencyReport, postBurst, reportInvariants, startBenchServer } from './lib';
import type { PredictionBurstCheck, PredictionBurstSetup } from './prediction-setup';

const SAVES_PER_MEMBER = 2;

const server = await startBenchServer({ BENCH_SETUP: 'bench/prediction-setup.ts' });
try {
  const { tournamentId, matches, members } = server.setup as PredictionBurstSetup;
  const count = members.length;
  const random = seededRandom(2026);
  const sent = members.map(() => Array.from({ length: SAVES_PER_MEMBER }, () => bracketPicks(random, matches, roundsOf(32))));
  const tokens = await csrfTokens(server.base, members);
  const calls = members.flatMap((member, index) =>
    sent[index].map((predictions) => ({ cookie: member.cookie, token: tokens[index], path: `/api/r/tournaments/${tournamentId}/predict`, body: { predictions } })),
  );
  const { results, seconds } = await postBurst<{ data?: { picks?: number } }>(server.base, calls);
  const check = (await (await fetch(`${server.base}/__bench/prediction-check`)).json()) as PredictionBurstCheck;

  const latencies = results.map((r) => r.ms);
  const ok = results.filter((r) => r.status === 200);
  const other = results.filter((r) => r.status !== 200);
  const key = (predictions: { match_id: number; winner_name: string }[]) => predictions.map((pick) => `${pick.match_id}:${pick.winner_name}`).sort().join(',');
  // Both saves of a member answered 200; the one that committed last is what is stored.
  const storedAsSent = members.filter((member, index) => sent[index].some((predictions) => check.stored[member.id] === key(predictions)));

  console.log(`\nPrediction burst on ${server.dialect}: ${count} members × ${SAVES_PER_MEMBER} saves of a full ${matches.length}-pick bracket`);
  console.log(`throughput  ${(calls.length / seconds).toFixed(0)} saves/s  (${calls.length} in ${(seconds * 1000).toFixed(0)} ms)`);
  const latencyTargets = latencyReport(latencies);
  console.log(`statuses    200 × ${ok.length}  other × ${other.length}`);
  const messages = [...new Set(other.map((r) => `${r.status} ${r.message}`))];
  if (messages.length) console.log(`            refusals: ${messages.join(' | ')}`);

  reportInvariants([
    [`every save answered 200 with its ${matches.length} picks: ${ok.length} == ${calls.length}`, ok.length === calls.length && ok.every((r) => r.body?.data?.picks === matches.length)],
    [`one prediction per member: ${check.rows} rows, ${check.members} members (expected ${count})`, check.rows === count && check.members === count],
    [`the tournament's shown count == rows: ${check.predictionsCount} == ${check.rows}`, check.predictionsCount === check.rows],
    [`every member's stored picks are one of their saved brackets, whole: ${storedAsSent.length} of ${count}`, storedAsSent.length === count],
    ...latencyTargets,
  ]);
} finally {
  await server.stop();
}
