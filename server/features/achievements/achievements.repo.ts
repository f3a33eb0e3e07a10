import type { Insertable } from 'kysely';
import { valueById } from '../../db/columns';
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

  /** Achievements of a kind whose threshold each member's value reaches and that they do not hold yet, for many members at once. */
  reachedBy: (db: Executor, kind: string, values: ReadonlyMap<number, number>) =>
    db
      .selectFrom('achievements')
      .innerJoin('users as u', (join) => join.on('u.id', 'in', [...values.keys()]))
      .select(['u.id as user_id', 'achievements.id', 'achievements.title'])
      .where('achievements.rule_kind', '=', kind)
      .where('achievements.rule_threshold', '<=', valueById('u.id', values))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('member_achievements as held')
              .select('held.achievement_id')
              .whereRef('held.achievement_id', '=', 'achievements.id')
              .whereRef('held.user_id', '=', 'u.id'),
          ),
        ),
      )
      .orderBy('u.id')
      .orderBy('achievements.id')
      .execute(),

  /** Inserts the awards their members do not hold yet; returns those actually awarded now. */
  async award(db: Executor, awards: readonly { user_id: number; achievement_id: number }[], awardedBy: number | null, at: string) {
    if (awards.length === 0) return [];
    return db
      .insertInto('member_achievements')
      .values(awards.map((award) => ({ ...award, awarded_by: awardedBy, awarded_at: at })))
      .onConflict((oc) => oc.columns(['user_id', 'achievement_id']).doNothing())
      .returning(['user_id', 'achievement_id'])
      .execute();
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
