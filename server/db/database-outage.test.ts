import { once } from 'node:events';
import net from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ledgerOf, pointsAndXp } from '../features/earning/earning.testkit';
import { DATABASE_FULL, DATABASE_UNAVAILABLE } from '../platform/errors';
import { buildTestApp, testDialect, type TestApp } from '../test/app';
import { signedInMember, type SignedInMember } from '../test/client';
import { openDatabase } from './database';
import { databaseUnavailability } from './errors';

/*
 * Issue 12, faults: the database going away for a few seconds. Requests that need it fail with a clear 503 and a
 * Retry-After, change nothing, and the same process serves them again once the database is back, with no restart.
 */

const DAILY = '/api/r/points/daily';

/** A TCP relay in front of PostgreSQL: `cut` drops every connection and refuses new ones, `open` comes back on the same port. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => (socket === client ? upstream : client).destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut() {
    const closed = once(this.server!, 'close');
    this.server!.close();
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

/** The member's points and ledger: what a refused claim must leave as it was. */
const walletOf = async (t: TestApp, member: SignedInMember) => ({ wallet: await pointsAndXp(t.database.db, member.id), ledger: await ledgerOf(t.database.db, member.id) });

/** The answer while the database is away: 503, the sentence, and when to try again. */
function expectUnavailable(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE });
}

describe('the database going away for a moment', () => {
  it.skipIf(testDialect !== 'postgres')('PostgreSQL unreachable: 503 with Retry-After and nothing written, then served again by the same process', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.host = `127.0.0.1:${relay.port}`;
    const t = await buildTestApp({ env: { DATABASE_URL: url.toString() } });
    try {
      const member = await signedInMember(t.app, 'OutageOnPostgres');
      const before = await walletOf(t, member);

      await relay.cut();
      expectUnavailable(await member.client.post(DAILY, {}));
      expectUnavailable(await member.client.get('/api/r/friends'));
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);

      await relay.open();
      expect(await walletOf(t, member)).toEqual(before);
      const claimed = await member.client.post(DAILY, {});
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await walletOf(t, member)).ledger).toHaveLength(before.ledger.length + 1);
      expect(await t.app.services.points.mismatches()).toEqual([]);
    } finally {
      await relay.open().catch(() => {});
      await t.close();
    }
  }, 30_000);

  it.skipIf(testDialect !== 'sqlite')('SQLite locked by another connection (the CLI, a backup) past busy_timeout: 503 with Retry-After and nothing written, then served again', async () => {
    const t = await buildTestApp();
    try {
      const member = await signedInMember(t.app, 'OutageOnSqlite');
      const before = await walletOf(t, member);
      const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(t.database.db);
      const other = new SqliteDatabase(rows.find((row) => row.name === 'main')!.file);
      other.exec('begin immediate');
      try {
        expectUnavailable(await member.client.post(DAILY, {}));
      } finally {
        other.exec('rollback');
        other.close();
      }
      expect(await walletOf(t, member)).toEqual(before);
      const claimed = await member.client.post(DAILY, {});
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(await t.app.services.points.mismatches()).toEqual([]);
    } finally {
      await t.close();
    }
  }, 30_000);

  it.skipIf(testDialect !== 'sqlite')('SQLite disk full: 503 that says the storage is full (no "try again in a few seconds"), nothing written', async () => {
    const t = await buildTestApp();
    try {
      const members = await Promise.all(Array.from({ length: 80 }, (_, index) => signedInMember(t.app, `DiskFull${index}`)));
      // The file may not grow past its present size and a filler takes the free pages: daily claims go on filling
      // the pages their tables already have, until one needs a new page and fails with SQLITE_FULL, as on a full disk.
      await sql`create table filler (bytes blob)`.execute(t.database.db);
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.database.db);
      await sql.raw(`pragma max_page_count = ${rows[0].page_count}`).execute(t.database.db);
      for (const size of [4096, 512, 64, 8, 1]) {
        while (await sql`insert into filler values (randomblob(${size}))`.execute(t.database.db).then(() => true, () => false));
      }
      let refusedMember: SignedInMember | undefined;
      for (const member of members) {
        const before = await walletOf(t, member);
        const answer = await member.client.post(DAILY, {});
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.headers['retry-after']).toBeUndefined();
        expect(answer.json()).toEqual({ success: false, message: DATABASE_FULL });
        expect(await walletOf(t, member)).toEqual(before);
        refusedMember = member;
        break;
      }
      expect(refusedMember, 'the pages filled up before the last member claimed').toBeDefined();
      // Space is freed: the same member's claim goes through.
      await sql.raw('pragma max_page_count = 1073741823').execute(t.database.db);
      expect((await refusedMember!.client.post(DAILY, {})).statusCode).toBe(200);
      expect(await t.app.services.points.mismatches()).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('which errors are the database being away', () => {
  /** A port on this machine where nothing listens. */
  async function closedPort() {
    const server = net.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as net.AddressInfo;
    server.close();
    await once(server, 'close');
    return port;
  }

  it('a socket refused on the way to PostgreSQL is; the same refusal from anything else (a partner, Kick, Redis) is not', async () => {
    const port = await closedPort();
    const database = openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`, dataDir: '' });
    const fromPool = await sql`select 1`.execute(database.db).then(() => null, (error: unknown) => error);
    await database.destroy();
    expect((fromPool as { code?: string }).code).toBe('ECONNREFUSED');
    expect(databaseUnavailability(fromPool)).toBe('transient');

    const fromPartner = await new Promise((resolve) => net.connect(port, '127.0.0.1').on('error', resolve));
    expect((fromPartner as { code?: string }).code).toBe('ECONNREFUSED');
    expect(databaseUnavailability(fromPartner)).toBeNull();
  });
});
