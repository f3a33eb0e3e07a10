import type { Kysely, Transaction, Updateable } from 'kysely';
import type { BonusHuntRow, BonusHuntsTable, DB, Executor } from '../../db/types';
import { conflict, notFound } from '../../platform/errors';
import type { HuntEvents } from './hunt-events';
import { huntsAdminRepo } from './hunts-admin.repo';

export const HUNT_MESSAGES = {
  notFound: 'Hunt not found.',
  finished: 'This hunt is finished, so it can no longer be changed.',
} as const;

/** Why a hunt could not be changed: it does not exist (404), or it is finished (409). */
export async function notRunning(db: Executor, id: number) {
  return (await huntsAdminRepo.find(db, id)) ? conflict(HUNT_MESSAGES.finished) : notFound(HUNT_MESSAGES.notFound);
}

/**
 * Every change to a running hunt: one transaction that first takes the hunt's row (refusing a finished or
 * unknown hunt), then does the work; once committed, viewers and the overlay hear of it.
 */
export function createHuntChanges(deps: { db: Kysely<DB>; now: () => Date; huntEvents: HuntEvents }) {
  return async function change<T>(huntId: number, work: (trx: Transaction<DB>, hunt: BonusHuntRow, at: string) => Promise<T>, row: Updateable<BonusHuntsTable> = {}): Promise<T> {
    const at = deps.now().toISOString();
    const result = await deps.db.transaction().execute(async (trx) => {
      const hunt = await huntsAdminRepo.updateRunning(trx, huntId, { ...row, updated_at: at });
      if (!hunt) throw await notRunning(trx, huntId);
      return work(trx, hunt, at);
    });
    deps.huntEvents.changed(huntId);
    return result;
  };
}
export type HuntChange = ReturnType<typeof createHuntChanges>;
