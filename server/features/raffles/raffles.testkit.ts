import { newSeed, seedCommitment } from '../../../common/raffle-draw';
import type { RaffleEntryType } from '../../../common/raffles';
import type { Role } from '../../../common/roles';
import type { Executor } from '../../db/types';
import { hashRafflePassword } from './raffle-password';

/*
 * For raffle tests: raffles and entries written straight into the database, as staff and members would
 * leave them (a real seed with its published commitment, a real password hash), so tests of one side do
 * not depend on the other side's API.
 */

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export interface RaffleSpec {
  title?: string;
  description?: string;
  image?: string | null;
  prize_value?: number | null;
  /** A free entry is offered. */
  free?: boolean;
  /** Points entries at this price; absent: no points entries. */
  points_per_entry?: number;
  /** Password entries with this password; absent: none. */
  password?: string;
  max_entries?: number | null;
  winners_count?: number;
  required_role?: Role;
  requires_kick?: boolean;
  auto_draw?: boolean;
  /** Defaults: started an hour ago, ends in a day, created now. */
  starts_at?: string;
  end_datetime?: string;
  created_at?: string;
  entries_closed_at?: string | null;
}

export interface TestRaffle {
  id: number;
  title: string;
  seed: string;
  seed_hash: string;
}

let made = 0;

/** A raffle as staff would have saved it; by default free to enter and open now. */
export async function createRaffle(db: Executor, spec: RaffleSpec = {}): Promise<TestRaffle> {
  made += 1;
  const seed = newSeed();
  const seed_hash = await seedCommitment(seed);
  const created = spec.created_at ?? new Date().toISOString();
  const title = spec.title ?? `Test raffle ${made}`;
  const row = await db
    .insertInto('raffles')
    .values({
      title,
      description: spec.description ?? '',
      image: spec.image ?? null,
      prize_value_cents: spec.prize_value === undefined || spec.prize_value === null ? null : Math.round(spec.prize_value * 100),
      allow_passwordless_entry: (spec.free ?? (spec.points_per_entry === undefined && spec.password === undefined)) ? 1 : 0,
      allow_points_entry: spec.points_per_entry === undefined ? 0 : 1,
      points_per_entry: spec.points_per_entry ?? 1,
      password_hash: spec.password === undefined ? null : await hashRafflePassword(spec.password),
      max_entries: spec.max_entries ?? null,
      winners_count: spec.winners_count ?? 1,
      required_role: spec.required_role ?? 'user',
      requires_kick: spec.requires_kick ? 1 : 0,
      auto_draw: spec.auto_draw ? 1 : 0,
      starts_at: spec.starts_at ?? at(-HOUR),
      end_datetime: spec.end_datetime ?? at(24 * HOUR),
      entries_closed_at: spec.entries_closed_at ?? null,
      seed,
      seed_hash,
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, title, seed, seed_hash };
}

/** Entries as if a member had made them (one row each), with the raffle's total kept in step; returns their ids. */
export async function addEntries(
  db: Executor,
  raffleId: number,
  userId: number,
  entries: { type?: RaffleEntryType; count?: number; points_each?: number; created_at?: string } = {},
): Promise<number[]> {
  const { type = 'points', count = 1, points_each = type === 'points' ? 1 : 0, created_at = new Date().toISOString() } = entries;
  const ids: number[] = [];
  // Below both dialects' limits on bound parameters per statement.
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, () => ({ raffle_id: raffleId, user_id: userId, entry_type: type, points_spent: points_each, created_at }));
    ids.push(...(await db.insertInto('raffle_entries').values(rows).returning('id').execute()).map((row) => row.id));
  }
  return ids;
}
