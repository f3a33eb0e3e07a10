import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { startFakeKick } from './test/fake-kick';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Migrating and seeding PostgreSQL took more than 15 s once, on a machine busy with other work (CI, 2026-12-03). */
const START_UP_MS = 45_000;

async function waitForHealth(base: string, child: ChildProcess) {
  for (const deadline = Date.now() + START_UP_MS; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

describe('the production entry point (server/main.ts)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-main-'));
  const schema = `main_${randomBytes(4).toString('hex')}`;
  const databaseEnv: Record<string, string> = process.env.TEST_DATABASE_URL
    ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema }
    : {};

  afterAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const admin = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir, poolSize: 1 });
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
      await admin.destroy();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds an empty database in local mode, serves, and finishes requests in flight on SIGTERM', async () => {
    const kick = await startFakeKick();
    kick.state.mode = 'hang';
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({ ...databaseEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', ...kick.legacyEnv });
    try {
      await waitForHealth(base, server.child);
      expect(server.output()).toContain('database migrated');
      expect(server.output()).toContain('empty database: demo content added (local mode)');
      const total = (await (await fetch(`${base}/api/r/stats/total-given-away`)).json()) as { total: number };
      expect(total.total).toBeGreaterThan(0);

      const inFlight = fetch(`${base}/api/r/stream/status`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: { status: string } }).data.status).toBe('unknown');
      const code = await server.exited;
      expect(code, server.output()).toBe(0);
      expect(server.output()).toContain('shutting down: finishing requests in flight');
    } finally {
      server.child.kill('SIGKILL');
      await kick.close();
    }

    const again = start({ ...databaseEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development' });
    try {
      await waitForHealth(base, again.child);
      expect(again.output()).not.toContain('database migrated');
      expect(again.output()).not.toContain('demo content added');
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    } finally {
      again.child.kill('SIGKILL');
    }
  }, 2 * START_UP_MS + 30_000);

  it('refuses to start with a readable list of configuration problems', async () => {
    const server = start({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:\n  - PORT: must be a port number (1-65535)\n  - DATABASE_URL: must start with postgres://');
  }, 30_000);
});
