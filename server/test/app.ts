import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { MemoryCache, RedisCache } from '../platform/cache';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Where this app keeps its SQLite file and uploads. */
  dataDir: string;
  /** Another instance of the site on the same database (what several app servers behind a balancer are). */
  twin(options?: Pick<TestAppOptions, 'now' | 'syncRetryBaseMs'>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (local mode, silent logs, a fresh data dir). */
  env?: Record<string, string>;
  now?: () => Date;
  /** First wait before a wager sync retry (1 s in production). */
  syncRetryBaseMs?: number;
}

/** The database these tests run against: SQLite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * Boots the real app (buildApp, as production does) on a database of its own: a new SQLite file, or a
 * new PostgreSQL schema; with TEST_REDIS_URL, cache and rate limits go through Redis under a fresh prefix.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = randomBytes(6).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'site-test-'));
  const schema = `test_${id}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIGN_IN_LIMIT_PER_MINUTE: '1000',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir,
    poolSize: 10,
  });
  await migrateToLatest(database);
  const redis = process.env.TEST_REDIS_URL ? new Redis(process.env.TEST_REDIS_URL) : undefined;
  const namespace = `test:${id}:`;
  const sessionSecret = randomBytes(32).toString('hex');
  const boot = async (on: Database, { now, syncRetryBaseMs }: Pick<TestAppOptions, 'now' | 'syncRetryBaseMs'>) => {
    const booted = await buildApp({
      config,
      database: on,
      cache: redis ? new RedisCache(redis, `${namespace}cache:`) : new MemoryCache(),
      redis,
      redisNamespace: namespace,
      sessionSecret,
      now,
      syncRetryBaseMs,
      logger: false,
    });
    await booted.ready();
    return booted;
  };
  const app = await boot(database, options);
  const twins: { app: FastifyInstance; database: Database | null }[] = [];

  return {
    app,
    database,
    dataDir,
    async twin(twinOptions = {}) {
      // On SQLite the twin shares the connection: better-sqlite3 waits for a lock synchronously, so two
      // connections in one process would block the event loop the lock holder needs to commit (separate
      // processes, as in production, queue on busy_timeout). Its transactions still interleave with ours.
      const own = database.dialect === 'sqlite' ? null : openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir, poolSize: 10 });
      const twinApp = await boot(own ?? database, { ...options, ...twinOptions });
      twins.push({ app: twinApp, database: own });
      return twinApp;
    },
    async close() {
      for (const twin of twins) {
        await twin.app.close();
        await twin.database?.destroy();
      }
      await app.close();
      await database.destroy();
      if (database.dialect === 'postgres') {
        // A connection of its own: the test may have taken the app's database away on purpose.
        const admin = openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 1 });
        await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
        await admin.destroy();
      }
      if (redis) {
        const keys = await redis.keys(`${namespace}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers a test app for the enclosing describe block: built before its tests, closed after them.
 * The returned object is filled in by beforeAll, so read its fields inside tests and hooks only.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await buildTestApp(options));
  });
  afterAll(() => handle.close());
  return handle;
}
