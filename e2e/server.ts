// Starts the site for the end-to-end tests exactly as `npm start` does (server/main.ts), on a fresh
// database (a new SQLite directory, or a new PostgreSQL schema when E2E_DATABASE_URL is set), in local
// sign-in mode so it seeds its demo content, and with a fake Kick that reports the channel live and links Kick accounts.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { startFakeKick } from '../server/test/fake-kick';

const port = process.env.E2E_PORT ?? '3210';
const dataDir = join(tmpdir(), `site-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });

if (process.env.E2E_DATABASE_URL) {
  const schema = `e2e_${port}`;
  const admin = openDatabase({ databaseUrl: process.env.E2E_DATABASE_URL, dataDir, poolSize: 1 });
  await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
  await admin.destroy();
  Object.assign(process.env, { DATABASE_URL: process.env.E2E_DATABASE_URL, DATABASE_SCHEMA: schema });
}

const kick = await startFakeKick();
kick.state.mode = 'live';

Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SIGN_IN_LIMIT_PER_MINUTE: '10000',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Every captcha's answer (config refuses it outside NODE_ENV=test), so e2e/contact.spec.ts can answer the picture.
  CAPTCHA_FIXED_ANSWER: 'E2eKp',
  ...kick.officialEnv,
});
delete process.env.DISCORD_CLIENT_ID;
delete process.env.REDIS_URL;

await import('../server/main');
