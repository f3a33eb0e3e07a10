import type { Kysely, Transaction } from 'kysely';
import type { RaffleEnterInput, RaffleUserStats } from '../../../common/contracts/raffles';
import { RAFFLE_MAX_ENTRIES_PER_MEMBER } from '../../../common/raffles';
import { roleAtLeast } from '../../../common/roles';
import { lockMembers } from '../../db/member-locks';
import type { DB, RaffleRow } from '../../db/types';
import type { SessionUser } from '../../platform/auth/sessions';
import { createBatcher, type Outcome } from '../../platform/batches';
import { conflict, forbidden, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { PointsChange, PointsService } from '../points/points.service';
import { RAFFLE_MESSAGES } from './raffle-messages';
import { raffleState, toUserStats } from './raffle-views';
import { raffleRepo as repo } from './raffles.repo';

/**
 * What an entry call would be under a raffle's rules: how many entries, at what price each; refused with the reason
 * when the raffle takes none of this kind from this member now. The password itself is checked by the caller.
 */
export function entryTerms(member: SessionUser, raffle: RaffleRow, input: RaffleEnterInput, at: Date): { entries: number; pointsEach: number } {
  if (!raffleState(raffle, at).is_accepting_entries) throw conflict(RAFFLE_MESSAGES.notAccepting);
  if (!roleAtLeast(member.role, raffle.required_role)) throw forbidden(RAFFLE_MESSAGES.role(raffle.required_role, member.role));
  if (raffle.requires_kick === 1 && !member.kick_username) throw forbidden(RAFFLE_MESSAGES.kick);
  if (input.entry_type === 'passwordless') {
    if (raffle.allow_passwordless_entry !== 1) throw conflict(RAFFLE_MESSAGES.noFreeEntry);
    return { entries: 1, pointsEach: 0 };
  }
  if (input.entry_type === 'password') {
    if (raffle.password_hash === null) throw conflict(RAFFLE_MESSAGES.noPasswordEntry);
    return { entries: 1, pointsEach: 0 };
  }
  if (raffle.allow_points_entry !== 1) throw conflict(RAFFLE_MESSAGES.noPointsEntry);
  if (input.points_spent % raffle.points_per_entry !== 0) {
    const message = RAFFLE_MESSAGES.multiple(raffle.points_per_entry);
    throw unprocessable(message, { points_spent: [message] });
  }
  return { entries: input.points_spent / raffle.points_per_entry, pointsEach: raffle.points_per_entry };
}

/** One entry call that passed the checks needing no lock (raffles.service.ts checkEntry). */
export interface EntryRequest {
  member: SessionUser;
  /** The row those checks read, perhaps a second old (raffle-rows.ts). */
  raffle: RaffleRow;
  input: RaffleEnterInput;
  entries: number;
  pointsEach: number;
}

export interface EntryResult {
  /** As the raffle's rules are when the batch is written (they may have changed since the call was checked). */
  entries: number;
  title: string;
  balance: number;
  user_stats: RaffleUserStats;
}

const sameRow = (a: RaffleRow, b: RaffleRow) => (Object.keys(b) as (keyof RaffleRow)[]).every((column) => a[column] === b[column]);

type Totals = Omit<Awaited<ReturnType<typeof repo.entriesByRaffle>>[number], 'this_raffle'>[];

/**
 * Entering a raffle (decision 019, addendum): the calls that arrive for one raffle while its last batch is being
 * written go together in one transaction (platform/batches.ts). It locks the members' rows in id order, reads their
 * balances and entries once, decides each call in arrival order exactly as one transaction per call would (a
 * member's second call sees their first), then writes every charge, ledger row and entry in a few statements. It
 * first takes the raffle row's shared lock: closing and staff edits wait for the batch, a batch that finds entries
 * closed is refused whole, and a call checked against an older row is judged again. A rush of 1,000 members on
 * PostgreSQL paid about twelve round trips per call before, and each call read the raffle's row.
 */
export function createRaffleEntries(deps: { db: Kysely<DB>; now: () => Date; points: PointsService; achievements: AchievementsService }) {
  const { db, now } = deps;

  async function enterTogether(trx: Transaction<DB>, raffleId: number, requests: EntryRequest[]): Promise<Outcome<EntryResult>[]> {
    const stamp = now().toISOString();
    const open = await repo.openForEntries(trx, raffleId, stamp);
    if (!open) throw conflict(RAFFLE_MESSAGES.notAccepting);
    const { total_entries: totalBefore, ...current } = open;
    const memberIds = [...new Set(requests.map((request) => request.member.id))];
    const balances = new Map((await lockMembers(trx, memberIds)).map((row) => [row.id, Number(row.points)]));
    const totals = new Map<number, Totals>(memberIds.map((id) => [id, []]));
    const heldEverywhere = new Map<number, number>(memberIds.map((id) => [id, 0]));
    for (const row of await repo.entriesByRaffle(trx, raffleId, memberIds)) {
      heldEverywhere.set(row.user_id, heldEverywhere.get(row.user_id)! + Number(row.entries));
      if (row.this_raffle) totals.get(row.user_id)!.push(row);
    }

    const charges: PointsChange[] = [];
    const rows: { raffle_id: number; user_id: number; entry_type: RaffleEnterInput['entry_type']; points_spent: number; created_at: string }[] = [];
    const decided = requests.map((request): Outcome<{ entries: number; balance: number; totals: Totals }> => {
      const { member, input } = request;
      const memberId = member.id;
      const refuse = (message: string): Outcome<never> => ({ ok: false, error: conflict(message) });
      // Checked against an older row (raffle-rows.ts): the call is judged again under the rules as they are now,
      // except a password, which cannot be checked again here.
      let terms = { entries: request.entries, pointsEach: request.pointsEach };
      if (!sameRow(request.raffle, current)) {
        if (input.entry_type === 'password' && request.raffle.password_hash !== current.password_hash) return refuse(RAFFLE_MESSAGES.changed);
        try {
          terms = entryTerms(member, current, input, new Date(stamp));
        } catch (error) {
          return { ok: false, error };
        }
      }
      const { entries, pointsEach } = terms;
      const mine = totals.get(memberId)!;
      const before = toUserStats(mine, 0).entry_breakdown;
      const balance = balances.get(memberId) ?? 0;
      const cost = entries * pointsEach;
      if (input.entry_type === 'passwordless' && before.passwordless > 0) return refuse(RAFFLE_MESSAGES.freeTaken);
      if (input.entry_type === 'password' && before.password > 0) return refuse(RAFFLE_MESSAGES.passwordTaken);
      const limit = current.max_entries ?? RAFFLE_MAX_ENTRIES_PER_MEMBER;
      const held = before.passwordless + before.points + before.password;
      if (held + entries > limit) return refuse(RAFFLE_MESSAGES.limit(limit, Math.max(0, limit - held)));
      if (cost > balance) return refuse(RAFFLE_MESSAGES.points(cost, entries, balance));
      if (cost > 0) {
        charges.push({ userId: memberId, delta: -cost, reason: 'raffle_entry', reference: `raffle:${raffleId}`, note: current.title });
        balances.set(memberId, balance - cost);
      }
      for (let index = 0; index < entries; index++) {
        rows.push({ raffle_id: raffleId, user_id: memberId, entry_type: input.entry_type, points_spent: pointsEach, created_at: stamp });
      }
      const previous = mine.find((row) => row.entry_type === input.entry_type);
      const after: Totals = [
        ...mine.filter((row) => row !== previous),
        { user_id: memberId, entry_type: input.entry_type, entries: before[input.entry_type] + entries, points: Number(previous?.points ?? 0) + cost },
      ];
      totals.set(memberId, after);
      return { ok: true, value: { entries, balance: balance - cost, totals: after } };
    });
    if (rows.length > 0) {
      // The balances were read under lock, so no charge can be refused here; if one were, the whole batch would fail.
      if (charges.length > 0) await deps.points.changeMany(trx, charges);
      await repo.insertEntries(trx, rows);
      for (const row of rows) heldEverywhere.set(row.user_id, heldEverywhere.get(row.user_id)! + 1);
      const entrants = new Set(rows.map((row) => row.user_id));
      await deps.achievements.progressMany(trx, 'raffle_entries', new Map([...entrants].map((id) => [id, heldEverywhere.get(id)!])));
    }
    const raffleTotal = Number(totalBefore) + rows.length;
    return decided.map((outcome) =>
      outcome.ok
        ? { ok: true, value: { entries: outcome.value.entries, title: current.title, balance: outcome.value.balance, user_stats: toUserStats(outcome.value.totals, raffleTotal) } }
        : outcome,
    );
  }

  const batches = createBatcher((raffleId: number, requests: EntryRequest[]) => db.transaction().execute((trx) => enterTogether(trx, raffleId, requests)));

  return {
    /** Enters, together with whatever other calls for this raffle are waiting; answers this call's own outcome. */
    enter: (request: EntryRequest) => batches.submit(request.raffle.id, request),
  };
}
