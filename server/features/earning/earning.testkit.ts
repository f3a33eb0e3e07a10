import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EarningRulesInput } from '../../../common/contracts/earning';
import type { DB } from '../../db/types';
import type { TestClient } from '../../test/client';
import { kickDelivery, kickEvents, kickUser } from '../../test/kick-webhook';
import { DEFAULT_EARNING_RULES } from './earning-rules.service';

export { manualClock } from '../../test/clock';

/** Sends a signed delivery the way Kick would, stamped with the clock's time unless told otherwise. */
export function deliver(app: FastifyInstance, clock: { now(): Date }, type: string, body: unknown, options: Parameters<typeof kickDelivery>[2] = {}) {
  return app.inject(kickDelivery(type, body, { sentAt: clock.now(), ...options }));
}

/**
 * Links a Kick account to a member the way a finished OAuth link leaves it (the linking flow itself is
 * proven in profiles/kick-link.test.ts).
 */
export async function linkKick(db: Kysely<DB>, userId: number, kickUserId: number, kickName: string) {
  await db.updateTable('users').set({ kick_user_id: String(kickUserId), kick_username: kickName }).where('id', '=', userId).execute();
  return kickUser(kickUserId, kickName);
}

/** Saves rules through the admin API: the defaults with the given sources or fields replaced. */
export async function saveRules(admin: TestClient, changes: Partial<EarningRulesInput>) {
  const response = await admin.put('/admin-new/api/earning-rules', { ...DEFAULT_EARNING_RULES, ...changes });
  if (response.statusCode !== 200) throw new Error(`saving rules failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: EarningRulesInput }>().data;
}

export async function ledgerOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('points_ledger')
    .select(['delta', 'balance_after', 'reason', 'reference', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function pointsAndXp(db: Kysely<DB>, userId: number) {
  const row = await db.selectFrom('users').select(['points', 'xp']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { points: Number(row.points), xp: Number(row.xp) };
}

/** Members whose balance is not the sum of their ledger: must always be empty. */
export const mismatches = (app: FastifyInstance) => app.services.points.mismatches();

export { kickEvents, kickUser };
