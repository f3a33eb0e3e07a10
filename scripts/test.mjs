// `npm test`: type check, build, unit + API tests (Vitest) and end-to-end tests (Playwright, Chromium) on the
// embedded SQLite database, then the unit + API tests once more on PostgreSQL (+ Redis) when one is reachable:
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and TEST_REDIS_URL
// (default redis://127.0.0.1:6379). Set TEST_SKIP_POSTGRES=1 to run the SQLite pass only.
// The end-to-end tests run once: they drive screens, and the database behaviour under them (transactions, locks,
// races, migrations) is tested on both databases by the API tests. On a two-core machine a second browser pass took
// 17 minutes more on a quiet host and over 40 on a busy one, which pushed CI past its time limit. `TEST_DATABASE_URL=postgres://… npm run test:e2e` runs the
// browser tests on PostgreSQL.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';

const started = Date.now();
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const { TEST_DATABASE_URL: _db, TEST_REDIS_URL: _redis, ...baseEnv } = process.env;

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const begin = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...baseEnv, ...env } });
  const seconds = ((Date.now() - begin) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisReachable() {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const npx = 'npx';
step('Type check', npx, ['tsc', '--noEmit', '-p', '.']);
step('Build the web app', 'npm', ['run', 'build', '--silent']);
step('Unit and API tests on SQLite', npx, ['vitest', 'run']);
step('End-to-end tests on SQLite (Chromium)', npx, ['playwright', 'test']);

if (process.env.TEST_SKIP_POSTGRES === '1') {
  console.log('\nTEST_SKIP_POSTGRES=1: the PostgreSQL pass is skipped.');
} else if (await postgresReachable()) {
  const withRedis = await redisReachable();
  const env = { TEST_DATABASE_URL: postgresUrl, ...(withRedis ? { TEST_REDIS_URL: redisUrl } : {}) };
  const label = withRedis ? 'PostgreSQL + Redis' : 'PostgreSQL';
  step(`Unit and API tests on ${label}`, npx, ['vitest', 'run'], env);
} else {
  console.log(`\nPostgreSQL is not reachable at ${postgresUrl.replace(/\/\/[^@]*@/, '//***@')}: the PostgreSQL pass is skipped.`);
}

console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
