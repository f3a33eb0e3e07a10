// `npm run bench`: every benchmark in turn, each in its own process (so one's load does not linger in the next), then
// one line per benchmark with its verdict. Exits non-zero when any missed its target. Passes the environment on
// (BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_SECONDS); bench:instances runs only when both URLs are given.
import { spawnSync } from 'node:child_process';

// Two server processes need one PostgreSQL and Redis to share: bench:instances runs only when both are given.
const shared = Boolean(process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL);
const BENCHES = ['hot', 'shell', 'members', 'leaderboard', 'overlay', 'store', 'raffles', 'tournaments', 'spread', 'webhooks', 'crash', 'front-end', ...(shared ? ['instances'] : [])];

const verdicts = BENCHES.map((name) => {
  console.log(`\n=== npm run bench:${name} ===`);
  const run = spawnSync('npm', ['run', '--silent', `bench:${name}`], { stdio: 'inherit' });
  return { name, passed: run.status === 0 };
});

console.log('\nsummary');
for (const { name, passed } of verdicts) console.log(`${passed ? 'PASS' : 'FAIL'}  bench:${name}`);
process.exitCode = verdicts.every((verdict) => verdict.passed) ? 0 : 1;
