import type { Kysely } from 'kysely';
import type { RaffleEntry } from '../../../common/contracts/raffles';
import type { AdminRaffle, RaffleFields } from '../../../common/contracts/raffles-admin';
import { countOf } from '../../../common/format';
import type { AdminRaffleStatus } from '../../../common/raffles';
import { newSeed, seedCommitment } from '../../../common/raffle-draw';
import type { DB, RaffleRow } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import { checkRafflePassword, hashRafflePassword } from './raffle-password';
import type { RaffleRows } from './raffle-rows';
import { raffleFields, toEntries, toPick, type AvatarOf, type RaffleCounts } from './raffle-views';
import { rafflesAdminRepo } from './raffles-admin.repo';
import { raffleRepo, type RafflePickWithMember } from './raffles.repo';
import { RAFFLE_MESSAGES } from './raffle-messages';

export const RAFFLES_PER_PAGE = 20;
export const RAFFLE_ENTRIES_PER_PAGE = 50;
export const RAFFLE_IMAGE_FOLDER = 'raffles';

export const RAFFLE_ADMIN_MESSAGES = {
  notFound: RAFFLE_MESSAGES.notFound,
  rulesAfterEntries: 'Members have entered this raffle, so its entry rules (entry types, points per entry, password, maximum entries, winners, role, Kick, start) can no longer change.',
  rulesAfterClose: 'Entries are closed, so the entry rules (entry types, points per entry, password, maximum entries, winners, role, Kick, start) can no longer change.',
  endAfterClose: 'Entries are closed, so the end time can no longer move.',
  endInPast: 'The end must be in the future. To end the raffle now, close its entries.',
  endBeforeStart: 'The end must be after the start.',
  passwordNeeded: 'Enter the password members must type.',
  passwordWithoutEntry: 'Turn on password entry to set a password.',
  image: 'Upload the image again.',
  entered: (count: number) => `Members made ${countOf(count, 'entry', 'entries')} in this raffle, so it cannot be deleted.`,
} as const;

const invalid = (field: keyof RaffleFields, message: string) => unprocessable(message, { [field]: [message] });

/** Where a raffle stands for staff; the repo's status filter matches these same conditions. */
function statusOf(row: RaffleRow, at: string): AdminRaffleStatus {
  if (row.announced_at !== null) return 'announced';
  if (row.drawn_at !== null) return 'drawn';
  if (row.entries_closed_at !== null || row.end_datetime <= at) return 'closed';
  return row.starts_at > at ? 'upcoming' : 'open';
}

/** The columns of the rules members enter under; they are fixed once anyone entered or entries closed. */
const entryRules = (row: Pick<RaffleRow, 'allow_passwordless_entry' | 'allow_points_entry' | 'points_per_entry' | 'max_entries' | 'winners_count' | 'required_role' | 'requires_kick' | 'starts_at'>) => ({
  allow_passwordless_entry: row.allow_passwordless_entry,
  allow_points_entry: row.allow_points_entry,
  points_per_entry: row.points_per_entry,
  max_entries: row.max_entries,
  winners_count: row.winners_count,
  required_role: row.required_role,
  requires_kick: row.requires_kick,
  starts_at: row.starts_at,
});

/** Staff create and edit raffles and read their entries (docs/decisions/019-raffles.md); the draw is raffle-draws.service. */
export function createRafflesAdminService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; uploads: UploadStore; rows: RaffleRows }) {
  const { db, now, avatarOf } = deps;

  const toAdminRaffle = (row: RaffleRow & RaffleCounts, picks: readonly RafflePickWithMember[], at: Date): AdminRaffle => ({
    ...raffleFields(row, at),
    status: statusOf(row, at.toISOString()),
    auto_draw: row.auto_draw === 1,
    seed_hash: row.seed_hash,
    entries_hash: row.entries_hash,
    entries_closed_at: row.entries_closed_at,
    drawn_at: row.drawn_at,
    announced_at: row.announced_at,
    picks: picks.map((pick) => toPick(pick, avatarOf)),
    updated_at: row.updated_at,
  });

  /** The columns a form sets, checked against what the service alone can tell (now, stored uploads). */
  function columnsOf(input: RaffleFields, startsAt: string) {
    if (input.image !== null && !deps.uploads.isStoredImage(input.image, RAFFLE_IMAGE_FOLDER)) throw invalid('image', RAFFLE_ADMIN_MESSAGES.image);
    if (input.password !== undefined && !input.has_password_entry) throw invalid('password', RAFFLE_ADMIN_MESSAGES.passwordWithoutEntry);
    if (input.end_datetime <= startsAt) throw invalid('end_datetime', RAFFLE_ADMIN_MESSAGES.endBeforeStart);
    return {
      title: input.title,
      description: input.description,
      image: input.image,
      prize_value_cents: input.prize_value === null ? null : Math.round(input.prize_value * 100),
      allow_passwordless_entry: input.allow_passwordless_entry ? 1 : 0,
      allow_points_entry: input.allow_points_entry ? 1 : 0,
      points_per_entry: input.points_per_entry,
      max_entries: input.max_entries,
      winners_count: input.winners_count,
      required_role: input.required_role,
      requires_kick: input.requires_kick ? 1 : 0,
      auto_draw: input.auto_draw ? 1 : 0,
      starts_at: startsAt,
      end_datetime: input.end_datetime,
    };
  }

  /** The stored password hash after an edit: kept when none is typed, null when password entry is turned off. */
  async function passwordAfter(input: RaffleFields, stored: string | null): Promise<{ hash: string | null; changed: boolean }> {
    if (!input.has_password_entry) return { hash: null, changed: stored !== null };
    if (input.password === undefined) {
      if (stored === null) throw invalid('password', RAFFLE_ADMIN_MESSAGES.passwordNeeded);
      return { hash: stored, changed: false };
    }
    if (stored !== null && (await checkRafflePassword(input.password, stored))) return { hash: stored, changed: false };
    return { hash: await hashRafflePassword(input.password), changed: true };
  }

  async function get(id: number): Promise<AdminRaffle> {
    const row = await raffleRepo.find(db, id);
    if (!row) throw notFound(RAFFLE_ADMIN_MESSAGES.notFound);
    return toAdminRaffle(row, await raffleRepo.picksOf(db, [id]), now());
  }

  return {
    get,

    async list(query: { status?: AdminRaffleStatus; search: string; page: number }): Promise<{ raffles: AdminRaffle[]; total: number }> {
      const at = now();
      const { rows, total } = await rafflesAdminRepo.page(db, { ...query, at: at.toISOString() }, RAFFLES_PER_PAGE, (query.page - 1) * RAFFLES_PER_PAGE);
      const ids = rows.map((row) => row.id);
      const [counts, picks] = await Promise.all([rafflesAdminRepo.entryCounts(db, ids), raffleRepo.picksOf(db, ids)]);
      return {
        raffles: rows.map((row) =>
          toAdminRaffle({ ...row, ...(counts.get(row.id) ?? { total_entries: 0, entrants_count: 0 }) }, picks.filter((pick) => pick.raffle_id === row.id), at),
        ),
        total,
      };
    },

    /** A new raffle commits to its draw at once: the seed stays secret, its SHA-256 is public from now on. */
    async create(staffId: number, input: RaffleFields): Promise<number> {
      const at = now().toISOString();
      if (input.end_datetime <= at) throw invalid('end_datetime', RAFFLE_ADMIN_MESSAGES.endInPast);
      const columns = columnsOf(input, input.starts_at ?? at);
      const { hash } = await passwordAfter(input, null);
      const seed = newSeed();
      return rafflesAdminRepo.insert(db, {
        ...columns,
        password_hash: hash,
        seed,
        seed_hash: await seedCommitment(seed),
        created_by: staffId,
        created_at: at,
        updated_at: at,
      });
    },

    /**
     * Checked against the raffle's row as this transaction holds it (entries take the same lock), so an entry
     * either lands first and fixes the rules, or waits and enters under the new ones.
     */
    async update(id: number, input: RaffleFields) {
      const stamp = now().toISOString();
      const before = await db.transaction().execute(async (trx) => {
        const row = await rafflesAdminRepo.update(trx, id, { updated_at: stamp });
        if (!row) throw notFound(RAFFLE_ADMIN_MESSAGES.notFound);
        const columns = columnsOf(input, input.starts_at ?? row.starts_at);
        const password = await passwordAfter(input, row.password_hash);
        const closed = row.entries_closed_at !== null || row.end_datetime <= stamp;
        const rulesChanged = password.changed || JSON.stringify(entryRules(columns)) !== JSON.stringify(entryRules(row));
        if (rulesChanged && (await rafflesAdminRepo.hasEntries(trx, id))) throw conflict(RAFFLE_ADMIN_MESSAGES.rulesAfterEntries);
        if (rulesChanged && closed) throw conflict(RAFFLE_ADMIN_MESSAGES.rulesAfterClose);
        if (columns.end_datetime !== row.end_datetime) {
          if (closed) throw conflict(RAFFLE_ADMIN_MESSAGES.endAfterClose);
          if (columns.end_datetime <= stamp) throw invalid('end_datetime', RAFFLE_ADMIN_MESSAGES.endInPast);
        }
        await rafflesAdminRepo.update(trx, id, { ...columns, password_hash: password.hash });
        return row;
      });
      deps.rows.forget(id);
      if (before.image !== input.image) await deps.uploads.remove(before.image);
    },

    /** Only a raffle nobody entered: entries may have cost members points, and they are the draw's record. */
    async remove(id: number) {
      const row = await rafflesAdminRepo.find(db, id);
      if (!row) throw notFound(RAFFLE_ADMIN_MESSAGES.notFound);
      if (!(await rafflesAdminRepo.deleteUnentered(db, id))) {
        const current = await raffleRepo.find(db, id);
        throw current ? conflict(RAFFLE_ADMIN_MESSAGES.entered(Number(current.total_entries))) : notFound(RAFFLE_ADMIN_MESSAGES.notFound);
      }
      deps.rows.forget(id);
      await deps.uploads.remove(row.image);
    },

    async entries(id: number, search: string, page: number): Promise<{ entries: RaffleEntry[]; total: number }> {
      if (!(await rafflesAdminRepo.find(db, id))) throw notFound(RAFFLE_ADMIN_MESSAGES.notFound);
      const { rows, total } = await rafflesAdminRepo.entriesPage(db, id, search, RAFFLE_ENTRIES_PER_PAGE, (page - 1) * RAFFLE_ENTRIES_PER_PAGE);
      return { entries: toEntries(rows, avatarOf, now()), total };
    },
  };
}

export type RafflesAdminService = ReturnType<typeof createRafflesAdminService>;
