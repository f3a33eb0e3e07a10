import type { Insertable } from 'kysely';
import type { AchievementsTable, Executor } from '../../db/types';

export const achievementsRepo = {
  list: (db: Executor) =>
    db
      .selectFrom('achievements')
      .leftJoin('member_achievements', 'member_achievements.achievement_id', 'achievements.id')
      .selectAll('achievements')
      .select((eb) => eb.fn.count<number>('member_achievements.user_id').as('awarded_count'))
      .groupBy('achievements.id')
      .orderBy('achievements.id')
      .execute(),

  findById: (db: Executor, id: number) => db.selectFrom('achievements').selectAll().where('id', '=', id).executeTakeFirst(),

  insert: (db: Executor, row: Insertable<AchievementsTable>) =>
    db.insertInto('achievements').values(row).returning('id').executeTakeFirstOrThrow(),

  update: (db: Executor, id: number, row: Omit<Insertable<AchievementsTable>, 'created_at'>) =>
    db.updateTable('achievements').set(row).where('id', '=', id).returning('id').executeTakeFirst(),

  delete: async (db: Executor, id: number) => {
    const result = await db.deleteFrom('achievements').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Achievements of a kind whose threshold `value` reaches and that the member does not hold yet. */
  reachedBy: (db: Executor, userId: number, kind: string, value: number) =>
    db
      .selectFrom('achievements')
      .select(['id', 'title'])
      .where('rule_kind', '=', kind)
      .where('rule_threshold', '<=', value)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('member_achievements as held').select('held.achievement_id').whereRef('held.achievement_id', '=', 'achievements.id').where('held.user_id', '=', userId),
          ),
        ),
      )
      .execute(),

  /** Inserts the awards the member does not hold yet; returns the ids actually awarded now. */
  async award(db: Executor, userId: number, achievementIds: number[], awardedBy: number | null, at: string) {
    if (achievementIds.length === 0) return [];
    const rows = await db
      .insertInto('member_achievements')
      .values(achievementIds.map((id) => ({ user_id: userId, achievement_id: id, awarded_by: awardedBy, awarded_at: at })))
      .onConflict((oc) => oc.columns(['user_id', 'achievement_id']).doNothing())
      .returning('achievement_id')
      .execute();
    return rows.map((row) => row.achievement_id);
  },

  revoke: async (db: Executor, userId: number, achievementId: number) => {
    const result = await db
      .deleteFrom('member_achievements')
      .where('user_id', '=', userId)
      .where('achievement_id', '=', achievementId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  ofMember: (db: Executor, userId: number) =>
    db
      .selectFrom('member_achievements')
      .innerJoin('achievements', 'achievements.id', 'member_achievements.achievement_id')
      .select([
        'achievements.id',
        'achievements.title',
        'achievements.description',
        'achievements.category',
        'achievements.icon',
        'member_achievements.awarded_at',
        'member_achievements.awarded_by',
      ])
      .where('member_achievements.user_id', '=', userId)
      .orderBy('member_achievements.awarded_at', 'desc')
      .orderBy('achievements.id', 'desc')
      .execute(),
};
