import { isPostgres } from './columns';
import type { Executor } from './types';

/**
 * Members' rows and balances, locked until commit on PostgreSQL (SQLite runs one writing transaction at a time
 * anyway): a member's calls queue behind each other. Locked in id order, so two batches that share members wait for
 * each other instead of deadlocking. Take it before reading what the lock protects: on PostgreSQL a statement reads
 * what was committed when it began, and this one may begin before the lock is granted.
 */
export function lockMembers(db: Executor, userIds: readonly number[]) {
  const query = db.selectFrom('users').select(['id', 'points']).where('id', 'in', userIds).orderBy('id');
  return (isPostgres(db) ? query.forUpdate() : query).execute();
}
