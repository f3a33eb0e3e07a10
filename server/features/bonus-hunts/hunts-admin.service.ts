import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AdminHunt, AdminHuntSummary, huntInputSchema } from '../../../common/contracts/bonus-hunts-admin';
import { countOf } from '../../../common/format';
import { isAdmin, type Role } from '../../../common/roles';
import type { BonusHuntRow, DB } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { listHuntGames, type AvatarOf } from './games.repo';
import { HUNT_MESSAGES, notRunning, type HuntChange } from './hunt-changes';
import type { HuntEvents } from './hunt-events';
import { payHuntRewards } from './hunt-rewards';
import { dollars, huntStatistics } from './hunt-views';
import { huntsAdminRepo, REWARD_CATEGORIES, type HuntSummaryRow, type RewardCategory } from './hunts-admin.repo';

type HuntInput = z.infer<typeof huntInputSchema>;

export const HUNTS_PER_PAGE = 20;
export const HUNT_ADMIN_MESSAGES = {
  ...HUNT_MESSAGES,
  oneRunning: 'Finish the running hunt before starting a new one.',
  rewardsAdminOnly: 'Only admins can set prediction rewards.',
  predicted: (count: number) => `Members made ${countOf(count, 'prediction')} on this hunt, so it cannot be deleted.`,
  predictionsAfterOpening: 'Predictions can only open before the first bonus is opened.',
  predictionsWithoutGames: 'Add the bonuses before opening predictions.',
  finishWithoutGames: 'Add the bonuses before finishing the hunt.',
  unsettled: (notOpened: number, pending: number) => {
    const bonuses = (count: number) => countOf(count, 'bonus is', 'bonuses are');
    const parts = [notOpened > 0 && `${bonuses(notOpened)} not opened`, pending > 0 && `${notOpened > 0 ? countOf(pending, 'is', 'are') : bonuses(pending)} pending`];
    return `Enter every win before finishing: ${parts.filter(Boolean).join(' and ')}.`;
  },
} as const;

const cents = (dollars: number) => Math.round(dollars * 100);
const rewardColumns = (input: HuntInput) => ({ reward_end_balance: input.reward_end_balance, reward_multiplier: input.reward_multiplier, reward_game: input.reward_game });
const rewardsOf = (hunt: BonusHuntRow): Record<RewardCategory, number> => ({
  end_balance: hunt.reward_end_balance,
  highest_multiplier: hunt.reward_multiplier,
  highest_multiplier_game: hunt.reward_game,
});

function toSummary(row: HuntSummaryRow): AdminHuntSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.is_active === 1 ? 'active' : 'finished',
    start_balance: dollars(row.start_balance_cents),
    end_balance: row.end_balance_cents === null ? null : dollars(row.end_balance_cents),
    predictions_active: row.predictions_active === 1,
    games_count: Number(row.games_count ?? 0),
    opened_count: Number(row.opened_count ?? 0),
    predictions_count: Number(row.predictions_count ?? 0),
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** Staff run bonus hunts: one at a time, from creation through opening to the finish that pays the closest predictions. */
export function createHuntsAdminService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  change: HuntChange;
  huntEvents: HuntEvents;
  points: PointsService;
  notifications: NotificationsService;
  avatarOf: AvatarOf;
}) {
  const { db, now, change } = deps;

  /** Points are money-like: moderators run hunts, but only admins set what they pay. */
  function checkRewards(role: Role, input: HuntInput, before: BonusHuntRow | null) {
    if (isAdmin(role)) return;
    const wanted = rewardColumns(input);
    const current: typeof wanted = before ?? { reward_end_balance: 0, reward_multiplier: 0, reward_game: 0 };
    if ((Object.keys(wanted) as (keyof typeof wanted)[]).some((key) => current[key] !== wanted[key])) throw forbidden(HUNT_ADMIN_MESSAGES.rewardsAdminOnly);
  }

  return {
    async get(id: number): Promise<AdminHunt> {
      const row = await huntsAdminRepo.summary(db, id);
      if (!row) throw notFound(HUNT_MESSAGES.notFound);
      const [games, paid] = await Promise.all([listHuntGames(db, [id], deps.avatarOf), huntsAdminRepo.rewardsPaid(db, id)]);
      const huntGames = games.get(id) ?? [];
      return {
        ...toSummary(row),
        games: huntGames,
        statistics: huntStatistics(row, huntGames),
        rewards: rewardsOf(row),
        rewards_paid: paid.map((entry) => ({
          user: { id: entry.user_id, username: entry.username },
          category: REWARD_CATEGORIES.find((category) => entry.reference?.endsWith(`:${category}`)) ?? '',
          points: entry.delta,
        })),
      };
    },

    async list(page: number): Promise<{ hunts: AdminHuntSummary[]; total: number }> {
      const { rows, total } = await huntsAdminRepo.page(db, HUNTS_PER_PAGE, (page - 1) * HUNTS_PER_PAGE);
      return { hunts: rows.map(toSummary), total };
    },

    /** The partial unique index on running hunts refuses a second one, even when two staff start one at once. */
    async create(actor: { id: number; role: Role }, input: HuntInput): Promise<number> {
      checkRewards(actor.role, input, null);
      const at = now().toISOString();
      const id = await huntsAdminRepo
        .insert(db, { title: input.title, start_balance_cents: cents(input.start_balance), ...rewardColumns(input), created_by: actor.id, created_at: at, updated_at: at })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(HUNT_ADMIN_MESSAGES.oneRunning) : error;
        });
      deps.huntEvents.changed(id);
      return id;
    },

    /** Checked against the hunt's row as the transaction holds it, so a moderator's save cannot undo an admin's new rewards. */
    update: (role: Role, id: number, input: HuntInput) =>
      change(id, async (trx, before) => {
        checkRewards(role, input, before);
        await huntsAdminRepo.updateRunning(trx, id, { title: input.title, start_balance_cents: cents(input.start_balance), ...rewardColumns(input) });
      }),

    /** Only a hunt nobody predicted on: predictions are members' entries, and a finished hunt may have paid them. */
    async remove(id: number) {
      if (await huntsAdminRepo.deleteUnpredicted(db, id)) {
        deps.huntEvents.changed(id);
        return;
      }
      const count = await huntsAdminRepo.predictionCount(db, id);
      throw count > 0 ? conflict(HUNT_ADMIN_MESSAGES.predicted(count)) : notFound(HUNT_MESSAGES.notFound);
    },

    openPredictions: (id: number) =>
      change(id, async (trx) => {
        if ((await huntsAdminRepo.gameIds(trx, id)).length === 0) throw conflict(HUNT_ADMIN_MESSAGES.predictionsWithoutGames);
        if (await huntsAdminRepo.anyOpened(trx, id)) throw conflict(HUNT_ADMIN_MESSAGES.predictionsAfterOpening);
        await huntsAdminRepo.updateRunning(trx, id, { predictions_active: 1 });
      }),

    closePredictions: (id: number) => change(id, async () => undefined, { predictions_active: 0 }),

    /**
     * Ends the hunt once every bonus has its win: end balance = total wins, predictions closed, and the hunt's
     * rewards paid to every closest prediction, all in one transaction. The conditional update that ends it
     * (WHERE is_active = 1) lets exactly one of two simultaneous finishes through; the other finds it finished.
     */
    async finish(id: number): Promise<{ endBalance: number; paid: number }> {
      const at = now().toISOString();
      const result = await db.transaction().execute(async (trx) => {
        const hunt = await huntsAdminRepo.updateRunning(trx, id, { is_active: 0, predictions_active: 0, finished_at: at, updated_at: at });
        if (!hunt) throw await notRunning(trx, id);
        const games = (await listHuntGames(trx, [id], deps.avatarOf)).get(id) ?? [];
        if (games.length === 0) throw conflict(HUNT_ADMIN_MESSAGES.finishWithoutGames);
        const notOpened = games.filter((game) => !game.opened && !game.pending_win).length;
        const pending = games.filter((game) => game.pending_win).length;
        if (notOpened + pending > 0) throw conflict(HUNT_ADMIN_MESSAGES.unsettled(notOpened, pending));
        const figures = huntStatistics(hunt, games);
        await huntsAdminRepo.setEndBalance(trx, id, cents(figures.winnings));
        const paid = await payHuntRewards(trx, { ...deps, hunt, rewards: rewardsOf(hunt), figures });
        return { endBalance: figures.winnings, paid };
      });
      deps.huntEvents.changed(id);
      return result;
    },
  };
}

export type HuntsAdminService = ReturnType<typeof createHuntsAdminService>;
