import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed';
import { MemoryCache, RedisCache } from './platform/cache';
import { startJobs } from './platform/jobs';
import { resolveSessionSecret } from './platform/secret';

async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  const applied = await migrateToLatest(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const cache = redis ? new RedisCache(redis) : new MemoryCache();

  const app = await buildApp({ config, database, cache, redis, sessionSecret: resolveSessionSecret(config) });
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  if (config.localAuth) {
    const seeded = await seedDemoIfEmpty(app.services, database);
    if (seeded) app.log.info('empty database: demo content added (local mode)');
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.localAuth ? 'Local mode (sign in at /login with any name and role)' : 'Discord sign-in'} on ${database.dialect} — ${config.publicUrl}`,
  );

  const { subscribeToKickEvents } = app.services;
  const jobs = startJobs(
    [
      { name: 'purge-expired-sessions', everyMs: 60 * 60 * 1000, run: () => app.services.sessions.purgeExpired() },
      { name: 'earning-tick', everyMs: 60 * 1000, run: () => app.services.earning.tick() },
      // Wager syncs (each source on its own interval) and leaderboard periods that have ended.
      { name: 'leaderboards', everyMs: 15 * 1000, run: () => app.services.leaderboardTick() },
      // Raffles whose end passed: entries frozen, automatic draws drawn and announced (once across instances).
      { name: 'raffle-draws', everyMs: 15 * 1000, run: () => app.services.raffleDraws.drawDue() },
      // Kick drops subscriptions whose deliveries keep failing: put back whatever went missing.
      ...(subscribeToKickEvents ? [{ name: 'kick-event-subscriptions', everyMs: 6 * 60 * 60 * 1000, run: subscribeToKickEvents }] : []),
    ],
    app.log,
  );
  subscribeToKickEvents?.().then(
    (result) => app.log.info(result, 'Kick event subscriptions checked'),
    (error: unknown) => app.log.warn({ err: error }, 'could not subscribe to Kick events; chat and stream events will not earn points until this works'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Keep-alive connections that finish their last request while we wait would hold close() open.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    await app.close();
    clearInterval(sweep);
    await jobs.stop();
    await database.destroy();
    await redis?.quit();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
