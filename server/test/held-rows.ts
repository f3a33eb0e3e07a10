import { sql, type Kysely, type Transaction } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/types';

/**
 * For PostgreSQL race tests: a transaction of the test's own makes `write` and keeps it uncommitted, so the rows it
 * wrote stay locked until `release()` commits them (or, with `rollback`, undoes them). `waitedOnBy(fragment)` waits
 * until a statement containing the fragment is blocked on a lock: the request under test has got that far.
 */
export async function holdRows(db: Kysely<DB>, write: (trx: Transaction<DB>) => Promise<unknown>, options: { rollback?: boolean } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const undo = new Error('rolled back on purpose');
  const done = db
    .transaction()
    .execute(async (trx) => {
      await write(trx);
      holding();
      await released;
      if (options.rollback) throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  await Promise.race([held, done]);
  return {
    waitedOnBy: (fragment: string) =>
      expect
        .poll(async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE ${`%${fragment}%`}`.execute(db)).rows[0].n)
        .toBeGreaterThan(0),
    async release() {
      release();
      await done;
    },
  };
}
