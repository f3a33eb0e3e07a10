import type { Kysely } from 'kysely';
import type { DB, RaffleRow } from '../../db/types';
import { raffleRepo } from './raffles.repo';

/** How long a raffle's row serves the entry checks before it is read again. */
const KEEP_MS = 1000;

/**
 * Raffle rows as the checks before an entry read them, kept for a second: in a rush every call read the same row
 * (issue 12). A kept row is only a first look: the entry's batch reads the row again under its lock and refuses a
 * call whose row has changed since (raffle-entries.ts), so a stale copy can delay an entry, never let one in under
 * old rules. Staff edits on this instance forget the copy at once.
 */
export function createRaffleRows(db: Kysely<DB>, now: () => Date) {
  const kept = new Map<number, { row: RaffleRow; until: number }>();
  return {
    async get(id: number): Promise<RaffleRow | undefined> {
      const hit = kept.get(id);
      if (hit && hit.until > now().getTime()) return hit.row;
      const row = await raffleRepo.row(db, id);
      if (row) kept.set(id, { row, until: now().getTime() + KEEP_MS });
      else kept.delete(id);
      return row;
    },
    forget: (id: number) => void kept.delete(id),
  };
}

export type RaffleRows = ReturnType<typeof createRaffleRows>;
