// The server a benchmark loads: buildApp exactly as production builds it, on a fresh database
// (SQLite, or PostgreSQL when BENCH_DATABASE_URL is set) with the demo content, plus one hello-world
// route as the baseline of the same process (and one as the signed-in member: hello world plus the session lookup every
// signed-in request makes). Prints {"port", "cookie", "members", "namedMembers"} on stdout when ready: the bench member's
// cookie, the cookies of every signed-in member (that one first) and those of the members with casino names.
// bench/crash-burst.ts restarts it on the database a killed one left: BENCH_DATA_DIR and BENCH_SCHEMA name that
// database, BENCH_KEEP=1 leaves it when this one stops, BENCH_RESUME=1 opens it as it is (no demo content, no setup).
// bench/instances-burst.ts runs two of them on one PostgreSQL schema and Redis, with one BENCH_SESSION_SECRET as
// production instances share SESSION_SECRET; GET /__bench/draw-due runs the raffle-draw job now, as main.ts's timer does.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { PLAYERS as DEMO_PLAYERS } from '../server/db/seed/leaderboards';
import { requireUser } from '../server/platform/auth/auth';
import { MemoryCache, RedisCache } from '../server/platform/cache';
import { TestClient } from '../server/test/client';
import { burstMembers } from './burst-members';

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'site-bench-'));
const schema = process.env.BENCH_SCHEMA ?? `bench_${randomBytes(4).toString('hex')}`;
const resume = process.env.BENCH_RESUME === '1';
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(process.env.KICK_WEBHOOK_PUBLIC_KEY ? { KICK_WEBHOOK_PUBLIC_KEY: process.env.KICK_WEBHOOK_PUBLIC_KEY } : {}),
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
});
const database = openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir });
await migrateToLatest(database);
const redis = process.env.BENCH_REDIS_URL ? new Redis(process.env.BENCH_REDIS_URL) : undefined;
const app = await buildApp({
  config,
  database,
  cache: redis ? new RedisCache(redis, `bench:${schema}:`) : new MemoryCache(),
  redis,
  redisNamespace: `bench:${schema}:`,
  sessionSecret: process.env.BENCH_SESSION_SECRET ?? randomBytes(32).toString('hex'),
  logger: false,
});
app.get('/__bench/hello', async () => ({ hello: 'world' }));
app.get('/__bench/hello-member', async (request) => ({ hello: requireUser(request).username }));
app.get('/__bench/draw-due', () => app.services.raffleDraws.drawDue());
if (!resume) await seedDemo(app.services, database);

// One benchmark's own fixtures (BENCH_SETUP=bench/….ts exporting setup(app, database)): made before listening,
// so it may add /__bench routes; what it returns goes out with the ready line.
const setup = process.env.BENCH_SETUP && !resume
  ? await ((await import(pathToFileURL(resolve(process.env.BENCH_SETUP)).href)) as { setup: (a: typeof app, d: typeof database) => Promise<unknown> }).setup(app, database)
  : undefined;

// Signed-in reads are made as many members in turn (BENCH_SIGNED_IN, default 200), as a stream night's crowd is, not as
// one member whose session would be the only one to look up.
const member = await new TestClient(app).signIn('BenchMember', 'user');
const cookie = [...member.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const crowd = await burstMembers(app, { count: Number(process.env.BENCH_SIGNED_IN ?? 200) - 1, points: 1000, prefix: 'BenchCrowd' });
const members = [cookie, ...crowd.map((one) => one.cookie)];
// Members who wager with the partners (BENCH_NAMED_CROWD, default none): each has a casino name on both of the demo's
// casino slots, so their VIP page reads wagers, tiers and claims. Names are unique per slot: the first members take the
// demo players' names no demo member holds (with wagers), the rest names of their own (none yet).
const namedCrowd = await burstMembers(app, { count: Number(process.env.BENCH_NAMED_CROWD ?? 0), points: 1000, prefix: 'BenchNamed' });
const held = new Set((await database.db.selectFrom('users').select(['crypto', 'crypto2']).execute()).flatMap((row) => [row.crypto, row.crypto2]));
const players = DEMO_PLAYERS.filter((name) => !held.has(name));
for (const [index, one] of namedCrowd.entries()) {
  const name = `${players[index % players.length]}${index < players.length ? '' : Math.floor(index / players.length)}`;
  await database.db.updateTable('users').set({ crypto: name, crypto2: name }).where('id', '=', one.id).execute();
}
const namedMembers = namedCrowd.map((one) => one.cookie);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ port: address.port, cookie, members, namedMembers, dialect: database.dialect, setup })}\n`);

async function stop() {
  await app.close();
  const keep = process.env.BENCH_KEEP === '1';
  // The pool first: it ends once the queries of requests still running have returned (autocannon drops its connections
  // mid-request), where a DROP SCHEMA beside them deadlocked with one of them.
  await database.destroy();
  if (!keep && database.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
  await redis?.quit();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
