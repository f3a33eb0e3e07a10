import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ledgerReasonLabel, type AdminLedgerEntry, type HistoryEntry } from '../../../common/contracts/earning';
import { HttpError } from '../../platform/errors';
import { pointsRepo, type LedgerFilter } from './points.repo';

/** Rows fetched per query while exporting the ledger. */
const EXPORT_BATCH = 1000;

export interface PointsChange {
  userId: number;
  /** Whole points; negative to spend. */
  delta: number;
  /** Machine-readable cause, e.g. admin_adjustment, store_redemption. */
  reason: string;
  /** What the change is about, e.g. store_item:12. */
  reference?: string | null;
  /** Words for people: the member sees them in their history. */
  note?: string | null;
  /** The staff member who made the change, when a person did. */
  actorId?: number | null;
}

export class InsufficientPointsError extends HttpError {
  constructor(public readonly balance: number) {
    super(409, 'Not enough points.');
    this.name = 'InsufficientPointsError';
  }
}

/**
 * The only way points change. Each change is one conditional UPDATE (race-free on both dialects:
 * concurrent spends re-check the balance row, so it never goes negative) plus one ledger row carrying
 * the balance after it, inside the caller's transaction: either both are written or neither.
 */
export function createPointsService(deps: { db: Kysely<DB>; now: () => Date }) {
  /**
   * Several changes in one conditional UPDATE and one INSERT of their ledger rows, in the order given (a member may
   * appear more than once): what a batch of entries costs two statements instead of two per entry. Either every
   * change is made or, when one would take a balance below zero, none is: the balance of the first member refused
   * comes with the error. Answers each change's balance after it.
   */
  async function changeMany(trx: Transaction<DB>, changes: readonly PointsChange[]): Promise<number[]> {
    const totals = new Map<number, number>();
    for (const { delta, userId } of changes) {
      if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`points change must be a non-zero whole number, got ${delta}`);
      totals.set(userId, (totals.get(userId) ?? 0) + delta);
    }
    const changed = new Map((await pointsRepo.applyDeltas(trx, totals)).map((row) => [row.id, Number(row.points)]));
    // Each change's balance after it, from the new balances back: every one must be at least zero, not only the last.
    const running = new Map([...changed].map(([userId, after]) => [userId, after - totals.get(userId)!]));
    const balances = changes.map(({ userId, delta }) => {
      const after = (running.get(userId) ?? Number.NaN) + delta;
      running.set(userId, after);
      return after;
    });
    const refused = changes.findIndex((_, index) => !(balances[index] >= 0));
    if (refused >= 0) {
      // Put back what the statement did change, so that a refusal leaves every balance as it was.
      if (changed.size > 0) await pointsRepo.applyDeltas(trx, new Map([...changed.keys()].map((userId) => [userId, -totals.get(userId)!])));
      const current = await pointsRepo.balance(trx, changes[refused].userId);
      if (current === undefined) throw new HttpError(404, 'Member not found.');
      throw new InsufficientPointsError(current);
    }
    const at = deps.now().toISOString();
    await pointsRepo.insertEntries(
      trx,
      changes.map((change, index) => ({
        user_id: change.userId,
        delta: change.delta,
        balance_after: balances[index],
        reason: change.reason,
        reference: change.reference ?? null,
        note: change.note ?? null,
        actor_id: change.actorId ?? null,
        created_at: at,
      })),
    );
    return balances;
  }

  /** One change: the balance after it. */
  const change = async (trx: Transaction<DB>, pointsChange: PointsChange) => ({ balance: (await changeMany(trx, [pointsChange]))[0] });

  return {
    change,
    changeMany,
    /** A change that is a whole operation by itself (staff adjustments, the CLI). */
    apply: (pointsChange: PointsChange) => deps.db.transaction().execute((trx) => change(trx, pointsChange)),
    balance: async (userId: number) => (await pointsRepo.balance(deps.db, userId)) ?? 0,
    history: (userId: number, limit = 20) => pointsRepo.history(deps.db, userId, limit),
    /** The member's own history, newest first. */
    async ownHistory(userId: number, page: number, perPage: number): Promise<{ entries: HistoryEntry[]; total: number }> {
      const { rows, total } = await pointsRepo.ownPage(deps.db, userId, perPage, (page - 1) * perPage);
      return { entries: rows.map((row) => ({ ...row, label: ledgerReasonLabel(row.reason) })), total };
    },

    async ledger(filter: LedgerFilter, page: number, perPage: number) {
      const [rows, total, reasons] = await Promise.all([
        pointsRepo.ledgerPage(deps.db, filter, perPage, (page - 1) * perPage),
        pointsRepo.ledgerCount(deps.db, filter),
        pointsRepo.reasons(deps.db),
      ]);
      return {
        entries: rows.map(toAdminEntry),
        total,
        reasons: reasons.map((value) => ({ value, label: ledgerReasonLabel(value) })),
      };
    },

    /** Every matching entry, newest first, a batch at a time (for the CSV export). */
    async *ledgerRows(filter: LedgerFilter): AsyncGenerator<AdminLedgerEntry> {
      let beforeId: number | undefined;
      for (;;) {
        const rows = await pointsRepo.ledgerPage(deps.db, { ...filter, beforeId }, EXPORT_BATCH, 0);
        for (const row of rows) yield toAdminEntry(row);
        if (rows.length < EXPORT_BATCH) return;
        beforeId = rows[rows.length - 1].id;
      }
    },

    mismatches: () => pointsRepo.mismatches(deps.db),
    circulation: () => pointsRepo.circulation(deps.db),
  };
}

function toAdminEntry(row: Awaited<ReturnType<typeof pointsRepo.ledgerPage>>[number]): AdminLedgerEntry {
  const { member_id, member_username, actor_id, actor_username, ...entry } = row;
  return {
    ...entry,
    label: ledgerReasonLabel(entry.reason),
    member: { id: member_id, username: member_username },
    actor: actor_id !== null && actor_username !== null ? { id: actor_id, username: actor_username } : null,
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
