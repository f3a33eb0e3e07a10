import { nextMatchOf, roundsOf, sameSlotName, type TournamentSize } from '../../../common/tournaments';
import type { Executor } from '../../db/types';
import { rescoreTournament } from './bracket.repo';

/*
 * For tournament tests: tournaments, seats, generated brackets, results and predictions written straight
 * into the database, as staff and members would leave them (decision 020), so tests of one side do not
 * depend on the other side's API. Matches are referred to by their number (1…size-1), as the pages do.
 */

/** Real slot names, so brackets in tests read like the site's. */
export const SLOT_NAMES = [
  'Gates of Olympus', 'Sweet Bonanza', 'Wanted Dead or a Wild', 'Sugar Rush', 'The Dog House', 'Big Bass Bonanza', 'Money Train 3', 'Mental',
  'Fruit Party', 'Razor Shark', 'Book of Dead', 'Reactoonz', 'Dead Canary', 'San Quentin', 'Tombstone RIP', 'Chaos Crew',
  'Starlight Princess', 'Zeus vs Hades', 'Fire in the Hole', 'Jammin Jars', 'Bonanza', 'Extra Chilli', 'Madame Destiny', 'Wild West Gold',
  'Dog House Megaways', 'Gems Bonanza', 'Buffalo King', 'Rise of Olympus', 'Hand of Anubis', 'Xmas Drop', 'Punk Toilet', 'Folsom Prison',
] as const;

export interface TournamentSpec {
  name?: string;
  description?: string;
  size?: TournamentSize;
  /** Seat names in seeding order; default: the first `size` of SLOT_NAMES. */
  slots?: string[];
  /** Members playing the seats, in seeding order (null or absent: nobody). */
  members?: (number | null)[];
  /** Catalogue slots of the seats, in seeding order. */
  slot_ids?: (number | null)[];
  /** Matches made and visible to members (default true); false leaves a draft. */
  generated?: boolean;
  /** Default: running once generated. */
  is_active?: boolean;
  predictions_active?: boolean;
  reward_points?: number[];
  created_at?: string;
  finished_at?: string | null;
}

export interface TestTournament {
  id: number;
  name: string;
  size: number;
  slots: string[];
  /** Match ids by match number: matchIds[n] is Match n (index 0 unused). */
  matchIds: number[];
}

let made = 0;
const stamp = () => new Date().toISOString();
/** The number of the first match of a round: round 1 starts at 1, round 2 after size/2 matches, and so on. */
const firstOfRound = (size: number, round: number) => size - size / 2 ** (round - 1) + 1;

/** A tournament as staff would have saved it; by default generated, running, predictions closed. */
export async function createTournament(db: Executor, spec: TournamentSpec = {}): Promise<TestTournament> {
  made += 1;
  const size = spec.size ?? 4;
  const slots = spec.slots ?? SLOT_NAMES.slice(0, size);
  if (slots.length !== size) throw new Error(`a ${size} slot tournament needs ${size} names`);
  const generated = spec.generated ?? true;
  const created = spec.created_at ?? stamp();
  const name = spec.name ?? `Test tournament ${made}`;
  const row = await db
    .insertInto('tournaments')
    .values({
      name,
      description: spec.description ?? '',
      size,
      is_active: (spec.is_active ?? generated) ? 1 : 0,
      predictions_active: spec.predictions_active ? 1 : 0,
      reward_points: JSON.stringify(spec.reward_points ?? []),
      generated_at: generated ? created : null,
      finished_at: spec.finished_at ?? null,
      created_by: null,
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tournament_slots')
    .values(slots.map((slot, index) => ({ tournament_id: row.id, position: index + 1, name: slot, slot_id: spec.slot_ids?.[index] ?? null, user_id: spec.members?.[index] ?? null })))
    .execute();
  const matchIds = [0];
  if (generated) {
    // Round 1 pairs the seats in order; later rounds wait for winners (decision 020).
    const matches = [];
    for (let round = 1, number = 1; size >> round >= 1; round++) {
      for (let index = 0; index < size >> round; index++, number++) {
        const first = round === 1 ? index * 2 + 1 : null;
        matches.push({ tournament_id: row.id, round, match_number: number, slot1_position: first, slot2_position: first === null ? null : first + 1 });
      }
    }
    const rows = await db.insertInto('tournament_matches').values(matches).returning(['id', 'match_number']).execute();
    for (const match of rows) matchIds[match.match_number] = match.id;
  }
  return { id: row.id, name, size, slots: [...slots], matchIds };
}

/** Like every staff change (lock() in tournaments-admin.service), these move the tournament's updated_at. */
export const setPredictionsActive = (db: Executor, tournamentId: number, active: boolean) =>
  db.updateTable('tournaments').set({ predictions_active: active ? 1 : 0, updated_at: stamp() }).where('id', '=', tournamentId).execute();

/** Staff finishing: inactive (with every match decided, spec 2's Completed). */
export const finish = (db: Executor, tournamentId: number) =>
  db.updateTable('tournaments').set({ is_active: 0, predictions_active: 0, finished_at: stamp(), updated_at: stamp() }).where('id', '=', tournamentId).execute();

/**
 * Results as staff enter them: each named slot wins its match and moves into the next one (null clears the
 * result and takes the winner back out); then every prediction is re-scored.
 */
export async function setResults(db: Executor, tournament: TestTournament, results: Record<number, string | null>) {
  for (const [number, winner] of Object.entries(results).map(([n, w]) => [Number(n), w] as const)) {
    const match = await db.selectFrom('tournament_matches').selectAll().where('id', '=', tournament.matchIds[number]).executeTakeFirstOrThrow();
    const position = winner === null ? null : tournament.slots.findIndex((slot) => sameSlotName(slot, winner)) + 1;
    const side = position === null ? null : position === match.slot1_position ? 1 : position === match.slot2_position ? 2 : 0;
    if (side === 0) throw new Error(`${winner} does not play Match ${number}`);
    await db.updateTable('tournament_matches').set({ winner_side: side, decided_at: side === null ? null : stamp() }).where('id', '=', match.id).execute();
    const index = number - firstOfRound(tournament.size, match.round);
    if (match.round < roundsOf(tournament.size)) {
      const next = nextMatchOf(index);
      await db
        .updateTable('tournament_matches')
        .set(next.slot === 'slot1_name' ? { slot1_position: position } : { slot2_position: position })
        .where('id', '=', tournament.matchIds[firstOfRound(tournament.size, match.round + 1) + next.index])
        .execute();
    }
  }
  await db.updateTable('tournaments').set({ updated_at: stamp() }).where('id', '=', tournament.id).execute();
  await rescoreTournament(db, tournament.id);
}

/**
 * A member's saved prediction (picks by match number → slot name), counted on the tournament and scored
 * against the results already entered; returns the prediction id.
 */
export async function addPrediction(db: Executor, tournament: TestTournament, userId: number, picks: Record<number, string>, created_at = stamp()): Promise<number> {
  const prediction = await db
    .insertInto('tournament_predictions')
    .values({ tournament_id: tournament.id, user_id: userId, picks_count: Object.keys(picks).length, created_at, updated_at: created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Object.entries(picks).map(([number, name]) => {
    const position = tournament.slots.findIndex((slot) => sameSlotName(slot, name)) + 1;
    if (position === 0) throw new Error(`no slot named ${name}`);
    return { prediction_id: prediction.id, match_id: tournament.matchIds[Number(number)], winner_position: position };
  });
  if (rows.length > 0) await db.insertInto('tournament_picks').values(rows).execute();
  await rescoreTournament(db, tournament.id);
  return prediction.id;
}

/** Members who never signed in through the site (a crowd for rankings), returning their ids. */
export async function createMembers(db: Executor, prefix: string, count: number): Promise<number[]> {
  const at = stamp();
  const rows = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => ({ discord_id: `${prefix}-${i}`, username: `${prefix}${i}`, global_name: null, avatar: null, role: 'user' as const, created_at: at, updated_at: at })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
