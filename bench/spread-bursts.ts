// The write bursts with arrivals spread over a few seconds (issue 12: "all within seconds", p99 under 250 ms): the
// raffle rush, the prediction saves and the store drop, each in its own process with BENCH_SPREAD_MS (default
// 5,000) so each script's calls leave evenly over that time; each adds the p99 target to its invariants.
// Usage: npm run bench:spread   (BENCH_SPREAD_MS, BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { spawnSync } from 'node:child_process';

const spreadMs = process.env.BENCH_SPREAD_MS ?? '5000';
const verdicts = ['raffles', 'tournaments', 'store'].map((name) => {
  console.log(`\n=== npm run bench:${name}, arrivals over ${spreadMs} ms ===`);
  const run = spawnSync('npm', ['run', '--silent', `bench:${name}`], { stdio: 'inherit', env: { ...process.env, BENCH_SPREAD_MS: spreadMs } });
  return run.status === 0;
});
process.exitCode = verdicts.every(Boolean) ? 0 : 1;
