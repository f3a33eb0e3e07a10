import type { Executor } from '../../db/types';

/** For tests: every friendships row between two members (there must never be more than one). */
export const pairRows = (db: Executor, a: { id: number }, b: { id: number }) =>
  db
    .selectFrom('friendships')
    .selectAll()
    .where('user_low', '=', Math.min(a.id, b.id))
    .where('user_high', '=', Math.max(a.id, b.id))
    .execute();
