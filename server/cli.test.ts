import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database';

const run = promisify(execFile);

describe('the command line (npm run cli)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-cli-'));
  const schema = `cli_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  } as Record<string, string>;
  let database: Database;

  const cli = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env });
      return { code: 0, out: stdout.trim() };
    } catch (error) {
      const failed = error as { code: number; stderr: string };
      return { code: failed.code, out: failed.stderr.trim() };
    }
  };

  beforeAll(async () => {
    expect(await cli('migrate')).toEqual({ code: 0, out: 'Applied: 0001_foundation, 0002_members, 0003_store, 0004_earning, 0005_leaderboards, 0006_bonus_hunts, 0007_raffles, 0008_tournaments, 0009_challenges, 0010_tickets_contact, 0011_counted_totals, 0012_vip_claim_per_account, 0013_row_change_notices, 0014_session_casino_names' });
    database = openDatabase({ databaseUrl: env.DATABASE_URL, databaseSchema: schema, dataDir });
  });
  afterAll(async () => {
    if (database.dialect === 'postgres') await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(database.db);
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once', async () => {
    expect(await cli('migrate')).toEqual({ code: 0, out: 'Already up to date.' });
  });

  it('adds demo content once, and refuses to seed in production', async () => {
    expect(await cli('seed')).toEqual({ code: 0, out: 'Demo content added.' });
    expect(await cli('seed')).toEqual({ code: 0, out: 'Demo content is already there.' });
    const production = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'reset'], {
      env: { ...env, NODE_ENV: 'production', DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://a.example' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(production).toMatchObject({ code: 1, stderr: expect.stringContaining('Refusing to reset in production.') });
  });

  it('makes the first admin and moves points through the ledger', async () => {
    expect(await cli('role', 'spindoctor', 'admin')).toEqual({ code: 0, out: 'SpinDoctor is now admin.' });
    const before = await database.db.selectFrom('users').select(['id', 'points', 'role']).where('username', '=', 'SpinDoctor').executeTakeFirstOrThrow();
    expect(before.role).toBe('admin');
    const granted = await cli('points', 'SpinDoctor', '250', 'Stream', 'giveaway');
    expect(granted.code).toBe(0);
    expect(granted.out).toBe(`SpinDoctor now has ${(before.points + 250).toLocaleString('en-US')} points.`);
    const entry = await database.db.selectFrom('points_ledger').selectAll().where('user_id', '=', before.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ delta: 250, reason: 'admin_adjustment', note: 'Stream giveaway' });
    expect(await cli('verify-ledger')).toEqual({ code: 0, out: 'Every balance equals the sum of its ledger.' });
  });

  it('explains refusals and exits non-zero', async () => {
    expect(await cli('role', 'nobody-here', 'admin')).toEqual({ code: 1, out: 'No member named "nobody-here". They appear after their first sign-in.' });
    expect((await cli('role', 'SpinDoctor', 'king')).out).toContain('Usage: role <username>');
    expect((await cli('points', 'SpinDoctor', '-99999999', 'too much')).out).toBe('Not enough points.');
    expect((await cli('points', 'SpinDoctor', '1.5', 'fraction')).out).toContain('non-zero whole number');
    expect((await cli('dance')).out).toContain('Unknown command "dance".');
    expect((await cli()).out).toContain('Usage: npm run cli -- <command>');
  });
});
