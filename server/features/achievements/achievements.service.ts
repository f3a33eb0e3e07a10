import type { Kysely } from 'kysely';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_ICONS, type AchievementRuleKind } from '../../../common/achievements';
import type { AchievementDefinition, AchievementInput } from '../../../common/contracts/achievements';
import type { ProfileAchievement } from '../../../common/contracts/profiles';
import type { DB, Executor } from '../../db/types';
import { conflict, notFound } from '../../platform/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import { achievementsRepo } from './achievements.repo';

const known = <T extends string>(list: readonly T[], value: string, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

/**
 * Achievements: definitions staff manage, awarded by hand or by rules. An area reports a member's new
 * count (friends, level, predictions, ...) through progress(); every achievement of that kind whose
 * threshold is reached is awarded once, with a notification, in the area's own transaction.
 */
export function createAchievementsService(deps: { db: Kysely<DB>; now: () => Date; notifications: NotificationsService }) {
  const { db, now, notifications } = deps;

  /** Awards what each member does not hold yet, each with a notification; answers the ids awarded per member. */
  async function award(trx: Executor, awards: readonly { userId: number; id: number; title: string }[], awardedBy: number | null) {
    // RETURNING comes in no promised order: notifications go out member by member, in achievement order.
    const rows = (await achievementsRepo.award(trx, awards.map((a) => ({ user_id: a.userId, achievement_id: a.id })), awardedBy, now().toISOString())).sort(
      (a, b) => a.user_id - b.user_id || a.achievement_id - b.achievement_id,
    );
    const title = new Map(awards.map((a) => [`${a.userId}:${a.id}`, a.title]));
    await notifications.notifyMany(
      trx,
      rows.map((row) => ({
        userId: row.user_id,
        notification: { type: 'achievement', message: `Achievement unlocked: ${title.get(`${row.user_id}:${row.achievement_id}`) ?? 'a new achievement'}!`, link: '/profile' },
      })),
    );
    const awarded = new Map<number, number[]>();
    for (const row of rows) awarded.set(row.user_id, [...(awarded.get(row.user_id) ?? []), row.achievement_id]);
    return awarded;
  }

  /** Each member's new count of a kind (value by member id): one query finds what any of them reached, most often nothing. */
  async function progressMany(trx: Executor, kind: Exclude<AchievementRuleKind, 'manual'>, values: ReadonlyMap<number, number>) {
    if (values.size === 0) return new Map<number, number[]>();
    const reached = await achievementsRepo.reachedBy(trx, kind, values);
    return award(trx, reached.map((row) => ({ userId: row.user_id, id: row.id, title: row.title })), null);
  }

  async function requireDefinition(id: number) {
    const found = (await achievementsRepo.list(db)).find((row) => row.id === id);
    if (!found) throw notFound('Achievement not found.');
    return toDefinition(found);
  }

  function toDefinition(row: Awaited<ReturnType<typeof achievementsRepo.list>>[number]): AchievementDefinition {
    return {
      ...row,
      category: known(ACHIEVEMENT_CATEGORIES, row.category, 'special'),
      icon: known(ACHIEVEMENT_ICONS, row.icon, 'trophy'),
      rule_kind: row.rule_kind as AchievementRuleKind,
      awarded_count: Number(row.awarded_count),
    };
  }

  return {
    /** Pass the transaction that changed the count, so the award stands or falls with it. */
    progress: async (trx: Executor, userId: number, kind: Exclude<AchievementRuleKind, 'manual'>, value: number) =>
      (await progressMany(trx, kind, new Map([[userId, value]]))).get(userId) ?? [],

    progressMany,

    async forMember(userId: number): Promise<ProfileAchievement[]> {
      const rows = await achievementsRepo.ofMember(db, userId);
      return rows.map(({ awarded_by: _by, ...row }) => ({
        ...row,
        category: known(ACHIEVEMENT_CATEGORIES, row.category, 'special'),
        icon: known(ACHIEVEMENT_ICONS, row.icon, 'trophy'),
      }));
    },

    list: async () => (await achievementsRepo.list(db)).map(toDefinition),

    async create(input: AchievementInput) {
      const stamp = now().toISOString();
      const { id } = await achievementsRepo.insert(db, { ...input, created_at: stamp, updated_at: stamp });
      return requireDefinition(id);
    },

    async update(id: number, input: AchievementInput) {
      const updated = await achievementsRepo.update(db, id, { ...input, updated_at: now().toISOString() });
      if (!updated) throw notFound('Achievement not found.');
      return requireDefinition(id);
    },

    /** Removes the definition and every award of it. */
    async remove(id: number) {
      if (!(await achievementsRepo.delete(db, id))) throw notFound('Achievement not found.');
    },

    async grant(staffId: number, userId: number, achievementId: number) {
      const definition = await achievementsRepo.findById(db, achievementId);
      if (!definition) throw notFound('Achievement not found.');
      const awarded = await db.transaction().execute((trx) => award(trx, [{ userId, id: achievementId, title: definition.title }], staffId));
      if (!awarded.has(userId)) throw conflict(`The member already has “${definition.title}”.`);
    },

    async revoke(userId: number, achievementId: number) {
      if (!(await achievementsRepo.revoke(db, userId, achievementId))) throw notFound('The member does not have that achievement.');
    },
  };
}

export type AchievementsService = ReturnType<typeof createAchievementsService>;
