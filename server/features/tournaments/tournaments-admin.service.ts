import type { Kysely, Transaction } from 'kysely';
import type { PredictionSummary } from '../../../common/contracts/tournaments';
import type { AdminTournament, TournamentFields } from '../../../common/contracts/tournaments-admin';
import { countOf } from '../../../common/format';
import { ALL_PREDICTIONS_MAX, matchesInRound, roundsOf, type AdminTournamentStatus } from '../../../common/tournaments';
import type { DB, Executor, TournamentRow } from '../../db/types';
import { isAdmin, type Role } from '../../../common/roles';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { loadBracket, loadSeats, type AvatarOf, type Seat } from './bracket.repo';
import { bracketSummaries, predictionFigures, summaryOf, toMember, toTournament } from './tournament-views';
import { tournamentsAdminRepo as repo } from './tournaments-admin.repo';
import { tournamentsRepo, type RankedPrediction } from './tournaments.repo';

export const TOURNAMENTS_PER_PAGE = 20;

export const TOURNAMENT_ADMIN_MESSAGES = {
  notFound: 'Tournament not found.',
  seatsLocked: 'Members have predicted or matches have results, so the slots and size can no longer change.',
  rewardsAfterFinish: 'The rewards were paid when the tournament finished, so they can no longer change.',
  rewardsAdminOnly: 'Only admins can set tournament rewards.',
  unknownSlot: 'That slot is not in the catalogue any more; choose it again.',
  unknownMember: 'That member does not exist; choose them again.',
  fillEverySlot: 'Fill every slot before generating the bracket.',
  slotName: 'Enter the slot name.',
  regenerateLocked: 'Members have predicted or matches have results, so the bracket cannot be generated again.',
  finished: 'This tournament is already finished.',
  notGenerated: 'Generate the bracket first.',
  closeBeforeSeats: 'Close predictions before changing the slots or size.',
  closeBeforeGenerate: 'Close predictions before generating the bracket again.',
  closeBeforeDelete: 'Close predictions before deleting the tournament.',
  alreadyOpen: 'Predictions are already open.',
  alreadyClosed: 'Predictions are already closed.',
  nothingToPredict: 'Every match has a result, so there is nothing left to predict.',
  predicted: (count: number) => `Members made ${countOf(count, 'prediction')} on this tournament, so it cannot be deleted.`,
} as const;

/** Where a tournament stands for staff; the repo's status filter matches these same conditions. */
const statusOf = (row: TournamentRow): AdminTournamentStatus => (row.finished_at !== null ? 'completed' : row.generated_at !== null ? 'active' : 'draft');

/** Spec 2 §3 Prediction summary of ranked rows, first place first. */
const toSummaries = (rows: readonly RankedPrediction[], avatarOf: AvatarOf): PredictionSummary[] =>
  rows.map((row) => ({ ...predictionFigures(row), user: toMember(row, avatarOf) }));

/** The matches of a new bracket: round 1 pairs seats 1 v 2, 3 v 4…; later rounds wait for winners (TBD). */
function bracketMatches(tournamentId: number, size: number) {
  const matches = [];
  let number = 0;
  for (let round = 1; round <= roundsOf(size); round++) {
    for (let index = 0; index < matchesInRound(size, round); index++) {
      const first = round === 1;
      matches.push({ tournament_id: tournamentId, round, match_number: ++number, slot1_position: first ? 2 * index + 1 : null, slot2_position: first ? 2 * index + 2 : null });
    }
  }
  return matches;
}

/** The per-seat errors of unnamed seats, keyed like the form's fields (`slots.3.name`). */
function unnamedSeats(seats: readonly { name: string }[]) {
  const errors: Record<string, string[]> = {};
  seats.forEach((seat, index) => {
    if (seat.name.trim() === '') errors[`slots.${index}.name`] = [TOURNAMENT_ADMIN_MESSAGES.slotName];
  });
  return Object.keys(errors).length > 0 ? unprocessable(TOURNAMENT_ADMIN_MESSAGES.fillEverySlot, errors) : null;
}

const sameSeats = (stored: readonly Seat[], input: TournamentFields['slots']) =>
  stored.length === input.length && stored.every((seat, index) => seat.name === input[index].name && seat.slot_id === input[index].slot_id && (seat.user?.id ?? null) === input[index].user_id);

/** Holds the tournament's row for the rest of the transaction; 404 when there is none. */
export async function lock(trx: Transaction<DB>, id: number, at: string) {
  const row = await repo.update(trx, id, { updated_at: at });
  if (!row) throw notFound(TOURNAMENT_ADMIN_MESSAGES.notFound);
  return row;
}

/** Who makes a change: staff, and whether they are an admin. */
type Staff = { id: number; role: Role };

/** Points are money-like: moderators run tournaments, but only admins set what they pay (as for bonus hunts). */
function checkRewards(role: Role, wanted: string, current: string) {
  if (!isAdmin(role) && wanted !== current) throw forbidden(TOURNAMENT_ADMIN_MESSAGES.rewardsAdminOnly);
}

/** Runs a staff change in one transaction, with the time it happens. */
export const staffTransaction =
  (db: Kysely<DB>, now: () => Date) =>
  <T>(work: (trx: Transaction<DB>, at: string) => Promise<T>) =>
    db.transaction().execute((trx) => work(trx, now().toISOString()));

/**
 * Staff create, edit, delete and generate tournaments and open or close their predictions (decision 020);
 * results and finishing are tournament-results.service. Every change holds the tournament's row first.
 */
export function createTournamentsAdminService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf }) {
  const { db, now, avatarOf } = deps;

  function toAdminTournament(row: TournamentRow & { predictions_count: number | string | null }, parts: { seats: Seat[]; bracket?: Awaited<ReturnType<typeof loadBracket>>; locked: boolean; top?: RankedPrediction[]; rewards?: Awaited<ReturnType<typeof repo.rewardsPaid>> }, summary = summaryOf(parts.bracket?.matches ?? [])): AdminTournament {
    return {
      ...toTournament(row, summary, parts.bracket?.matches ?? []),
      status: statusOf(row),
      slots: parts.seats,
      generated_at: row.generated_at,
      slots_locked: parts.locked,
      top_predictions: toSummaries(parts.top ?? [], avatarOf),
      rewards_paid: (parts.rewards ?? []).map((reward) => ({ place: reward.place, user: toMember(reward, avatarOf), points: reward.points })),
      updated_at: row.updated_at,
    };
  }

  /** The catalogue slots and members the form names must exist: a 422 on the seat's field otherwise. */
  async function checkReferences(trx: Executor, slots: TournamentFields['slots']) {
    const found = await repo.existing(trx, slots.flatMap((slot) => (slot.slot_id === null ? [] : [slot.slot_id])), slots.flatMap((slot) => (slot.user_id === null ? [] : [slot.user_id])));
    const errors: Record<string, string[]> = {};
    slots.forEach((slot, index) => {
      if (slot.slot_id !== null && !found.slots.has(slot.slot_id)) errors[`slots.${index}.slot_id`] = [TOURNAMENT_ADMIN_MESSAGES.unknownSlot];
      if (slot.user_id !== null && !found.users.has(slot.user_id)) errors[`slots.${index}.user_id`] = [TOURNAMENT_ADMIN_MESSAGES.unknownMember];
    });
    const [first] = Object.values(errors);
    if (first) throw unprocessable(first[0], errors);
  }

  const seatRows = (slots: TournamentFields['slots']) => slots.map((slot, index) => ({ position: index + 1, name: slot.name, slot_id: slot.slot_id, user_id: slot.user_id }));

  const inTransaction = staffTransaction(db, now);

  async function get(id: number): Promise<AdminTournament> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(TOURNAMENT_ADMIN_MESSAGES.notFound);
    const [bracket, locked, top, rewards] = await Promise.all([loadBracket(db, id, avatarOf), repo.isLocked(db, id), tournamentsRepo.top(db, id, ALL_PREDICTIONS_MAX), repo.rewardsPaid(db, id)]);
    return toAdminTournament(row, { seats: bracket.seats, bracket, locked, top, rewards });
  }

  return {
    get,

    async list(query: { status?: AdminTournamentStatus; search: string; page: number }): Promise<{ tournaments: AdminTournament[]; total: number }> {
      const { rows, total } = await repo.page(db, query, TOURNAMENTS_PER_PAGE, (query.page - 1) * TOURNAMENTS_PER_PAGE);
      const ids = rows.map((row) => row.id);
      const [summaries, locked] = await Promise.all([bracketSummaries(db, rows, avatarOf), repo.lockedAmong(db, ids)]);
      return { tournaments: rows.map((row) => toAdminTournament(row, { seats: [], locked: locked.has(row.id) }, summaries.get(row.id))), total };
    },

    /** A draft: members see it once staff generate its bracket. */
    create: (staff: Staff, input: TournamentFields) =>
      inTransaction(async (trx, at) => {
        checkRewards(staff.role, JSON.stringify(input.reward_points), '[]');
        await checkReferences(trx, input.slots);
        const id = await repo.insert(trx, {
          name: input.name,
          description: input.description,
          size: input.size,
          reward_points: JSON.stringify(input.reward_points),
          created_by: staff.id,
          created_at: at,
          updated_at: at,
        });
        await repo.replaceSeats(trx, id, seatRows(input.slots));
        return id;
      }),

    /**
     * Name, description and rewards change any time before the finish; seats and size only while nobody
     * predicted, no match has a result and predictions are closed (a save in flight checked its picks against
     * the seats it read, and it writes this row last, so it fails once predictions are closed). A generated
     * bracket keeps every seat named; its matches hold seat positions, so renamed seats show at once with the
     * same match ids, and a new size builds the bracket again.
     */
    update: (staff: Staff, id: number, input: TournamentFields) =>
      inTransaction(async (trx, at) => {
        const row = await lock(trx, id, at);
        checkRewards(staff.role, JSON.stringify(input.reward_points), row.reward_points);
        if (row.finished_at !== null && JSON.stringify(input.reward_points) !== row.reward_points) throw conflict(TOURNAMENT_ADMIN_MESSAGES.rewardsAfterFinish);
        const seats = (await loadSeats(trx, [id], avatarOf)).get(id)!;
        if (row.size !== input.size || !sameSeats(seats, input.slots)) {
          if (await repo.isLocked(trx, id)) throw conflict(TOURNAMENT_ADMIN_MESSAGES.seatsLocked);
          if (row.predictions_active === 1) throw conflict(TOURNAMENT_ADMIN_MESSAGES.closeBeforeSeats);
          await checkReferences(trx, input.slots);
          const generated = row.generated_at !== null;
          if (generated) {
            const unnamed = unnamedSeats(input.slots);
            if (unnamed) throw unnamed;
          }
          await repo.replaceSeats(trx, id, seatRows(input.slots));
          if (generated && row.size !== input.size) {
            await repo.deleteMatches(trx, id);
            await repo.insertMatches(trx, bracketMatches(id, input.size));
          }
        }
        await repo.update(trx, id, { name: input.name, description: input.description, size: input.size, reward_points: JSON.stringify(input.reward_points) });
      }),

    /** Only a tournament nobody predicted: predictions are members' work, and rewards may have been paid for them. */
    async remove(id: number) {
      if (await repo.deleteUnpredicted(db, id)) return;
      const row = await repo.find(db, id);
      if (!row) throw notFound(TOURNAMENT_ADMIN_MESSAGES.notFound);
      throw conflict(row.predictions_active === 1 && Number(row.predictions_count) === 0 ? TOURNAMENT_ADMIN_MESSAGES.closeBeforeDelete : TOURNAMENT_ADMIN_MESSAGES.predicted(Number(row.predictions_count)));
    },

    /** Makes the matches from the seats (again, while nothing is locked) and shows the tournament to members. */
    generate: (id: number) =>
      inTransaction(async (trx, at) => {
        const row = await lock(trx, id, at);
        if (row.finished_at !== null) throw conflict(TOURNAMENT_ADMIN_MESSAGES.finished);
        if (await repo.isLocked(trx, id)) throw conflict(TOURNAMENT_ADMIN_MESSAGES.regenerateLocked);
        if (row.predictions_active === 1) throw conflict(TOURNAMENT_ADMIN_MESSAGES.closeBeforeGenerate);
        const unnamed = unnamedSeats((await loadSeats(trx, [id], avatarOf)).get(id)!);
        if (unnamed) throw unnamed;
        await repo.deleteMatches(trx, id);
        await repo.insertMatches(trx, bracketMatches(id, row.size));
        await repo.update(trx, id, { generated_at: row.generated_at ?? at, is_active: 1 });
      }),

    openPredictions: (id: number) =>
      inTransaction(async (trx, at) => {
        const row = await lock(trx, id, at);
        if (row.finished_at !== null) throw conflict(TOURNAMENT_ADMIN_MESSAGES.finished);
        if (row.generated_at === null) throw conflict(TOURNAMENT_ADMIN_MESSAGES.notGenerated);
        if (row.predictions_active === 1) throw conflict(TOURNAMENT_ADMIN_MESSAGES.alreadyOpen);
        const summary = (await bracketSummaries(trx, [row], avatarOf)).get(id)!;
        if (summary.decided_count === summary.matches_count) throw conflict(TOURNAMENT_ADMIN_MESSAGES.nothingToPredict);
        await repo.update(trx, id, { predictions_active: 1 });
      }),

    /** Takes the row every prediction save updates last, so no save commits after this. */
    closePredictions: (id: number) =>
      inTransaction(async (trx, at) => {
        const row = await lock(trx, id, at);
        if (row.predictions_active !== 1) throw conflict(TOURNAMENT_ADMIN_MESSAGES.alreadyClosed);
        await repo.update(trx, id, { predictions_active: 0 });
      }),
  };
}

export type TournamentsAdminService = ReturnType<typeof createTournamentsAdminService>;
