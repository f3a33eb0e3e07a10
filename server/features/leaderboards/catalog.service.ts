import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AdminPeriod, AdminPlatform, leaderboardInputSchema, leaderboardUpdateSchema, platformInputSchema } from '../../../common/contracts/leaderboards';
import { periodEnd } from '../../../common/leaderboards';
import type { DB, LeaderboardPeriodRow } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import { leaderboardsRepo } from './leaderboards.repo';
import { sourcesRepo, toAdminSource } from './sources.repo';
import type { StandingsService } from './standings.service';

type PlatformInput = z.infer<typeof platformInputSchema>;
type LeaderboardInput = z.infer<typeof leaderboardInputSchema>;
type LeaderboardUpdate = z.infer<typeof leaderboardUpdateSchema>;

export const CATALOG_MESSAGES = {
  platformNotFound: 'Platform not found.',
  leaderboardNotFound: 'Leaderboard not found.',
  slugTaken: 'Another platform already uses this slug.',
  slotTaken: (slot: number) => `Another platform already uses casino account ${slot}.`,
  typeTaken: 'This platform already has a leaderboard of that type.',
  platformInUse: 'This platform has paid prizes or VIP claims, so it cannot be deleted. Hide it instead.',
  leaderboardPaid: 'This leaderboard has paid prizes, so it cannot be deleted. Switch it off instead.',
} as const;

/** Staff's catalogue (admin only): partner platforms and their leaderboards, with what each is doing now. */
export function createCatalogService(deps: { db: Kysely<DB>; now: () => Date; uploads: UploadStore; standings: StandingsService; changed: () => Promise<void> }) {
  const { db, now } = deps;

  async function adminPeriods(periods: LeaderboardPeriodRow[]): Promise<Map<number, AdminPeriod>> {
    const ids = periods.map((period) => period.id);
    const payers = [...new Set(periods.flatMap((period) => (period.prizes_paid_by === null ? [] : [period.prizes_paid_by])))];
    const [prizes, counts, names] = await Promise.all([leaderboardsRepo.prizesOf(db, ids), leaderboardsRepo.entryCounts(db, ids), leaderboardsRepo.usernames(db, payers)]);
    return new Map(
      periods.map((period) => {
        const own = prizes.filter((prize) => prize.period_id === period.id).map((prize) => ({ position: prize.place, amount: prize.amount_cents / 100 }));
        return [
          period.id,
          {
            id: period.id,
            starts_at: period.starts_at,
            ends_at: period.ends_at,
            status: period.status,
            finished_at: period.finished_at,
            prizes_paid_at: period.prizes_paid_at,
            prizes_paid_by: period.prizes_paid_by === null ? null : (names.get(period.prizes_paid_by) ?? null),
            prizes: own,
            prize_total: own.reduce((sum, prize) => sum + prize.amount, 0),
            entries_count: counts.get(period.id) ?? 0,
          },
        ];
      }),
    );
  }

  async function checkPlatform(id: number | null, input: PlatformInput) {
    if (input.image !== null && !deps.uploads.isStoredImage(input.image, 'platforms')) {
      throw unprocessable('Upload the logo again.', { image: ['Upload the logo again.'] });
    }
    const others = (await leaderboardsRepo.platforms(db)).filter((platform) => platform.id !== id);
    if (others.some((platform) => platform.slug === input.slug)) throw unprocessable(CATALOG_MESSAGES.slugTaken, { slug: [CATALOG_MESSAGES.slugTaken] });
    const slot = input.casino_slot;
    if (slot !== null && others.some((platform) => platform.casino_slot === slot)) {
      throw unprocessable(CATALOG_MESSAGES.slotTaken(slot), { casino_slot: [CATALOG_MESSAGES.slotTaken(slot)] });
    }
  }

  const platformRow = (input: PlatformInput) => ({
    ...input,
    is_default: input.is_default ? 1 : 0,
    mask_names: input.mask_names ? 1 : 0,
    is_active: input.is_active ? 1 : 0,
  });

  /** Two staff saving at once can still collide on a unique column: answered like the check above. */
  const uniqueRefusal = (error: unknown, input: PlatformInput) => {
    if (!isUniqueViolation(error)) return error;
    return input.casino_slot !== null && String(error).includes('casino_slot')
      ? unprocessable(CATALOG_MESSAGES.slotTaken(input.casino_slot), { casino_slot: [CATALOG_MESSAGES.slotTaken(input.casino_slot)] })
      : unprocessable(CATALOG_MESSAGES.slugTaken, { slug: [CATALOG_MESSAGES.slugTaken] });
  };

  async function savePlatform(id: number | null, input: PlatformInput): Promise<number> {
    await checkPlatform(id, input);
    const at = now().toISOString();
    const saved = await db
      .transaction()
      .execute(async (trx) => {
        const platformId =
          id === null ? (await leaderboardsRepo.insertPlatform(trx, { ...platformRow(input), created_at: at, updated_at: at })).id : (await leaderboardsRepo.updatePlatform(trx, id, { ...platformRow(input), updated_at: at }))?.id;
        if (platformId === undefined) throw notFound(CATALOG_MESSAGES.platformNotFound);
        if (input.is_default) await leaderboardsRepo.clearDefaultExcept(trx, platformId);
        return platformId;
      })
      .catch((error: unknown) => {
        throw uniqueRefusal(error, input);
      });
    await deps.changed();
    return saved;
  }

  async function requireLeaderboard(id: number) {
    const leaderboard = await leaderboardsRepo.findLeaderboard(db, id);
    if (!leaderboard) throw notFound(CATALOG_MESSAGES.leaderboardNotFound);
    return leaderboard;
  }

  return {
    async platforms(): Promise<AdminPlatform[]> {
      const [platforms, leaderboards, current, last, sources] = await Promise.all([
        leaderboardsRepo.platforms(db),
        leaderboardsRepo.leaderboards(db),
        leaderboardsRepo.currentPeriods(db),
        leaderboardsRepo.lastPeriods(db),
        sourcesRepo.all(db),
      ]);
      const periods = await adminPeriods([...current, ...last]);
      const periodOf = (rows: LeaderboardPeriodRow[], leaderboardId: number) => {
        const row = rows.find((period) => period.leaderboard_id === leaderboardId);
        return row ? (periods.get(row.id) ?? null) : null;
      };
      return platforms.map((platform) => ({
        id: platform.id,
        name: platform.name,
        slug: platform.slug,
        image: platform.image,
        currency_symbol: platform.currency_symbol,
        amount_format: platform.amount_format,
        display_order: platform.display_order,
        is_default: platform.is_default === 1,
        mask_names: platform.mask_names === 1,
        casino_slot: platform.casino_slot,
        is_active: platform.is_active === 1,
        leaderboards: leaderboards
          .filter((row) => row.platform_id === platform.id)
          .map((row) => {
            const source = sources.find((candidate) => candidate.leaderboard_id === row.id);
            return {
              id: row.id,
              platform_id: row.platform_id,
              leaderboard_type: row.leaderboard_type,
              period_length: row.period_length,
              custom_days: row.custom_days,
              is_active: row.is_active === 1,
              current_period: periodOf(current, row.id),
              last_period: periodOf(last, row.id),
              source: source ? toAdminSource(source) : null,
            };
          }),
      }));
    },

    createPlatform: (input: PlatformInput) => savePlatform(null, input),

    async updatePlatform(id: number, input: PlatformInput) {
      const before = await leaderboardsRepo.findPlatform(db, id);
      if (!before) throw notFound(CATALOG_MESSAGES.platformNotFound);
      await savePlatform(id, input);
      if (before.image !== input.image) await deps.uploads.remove(before.image);
    },

    async deletePlatform(id: number) {
      const platform = await leaderboardsRepo.findPlatform(db, id);
      if (!platform) throw notFound(CATALOG_MESSAGES.platformNotFound);
      if (await leaderboardsRepo.platformHasHistory(db, id)) throw conflict(CATALOG_MESSAGES.platformInUse);
      await leaderboardsRepo.deletePlatform(db, id);
      await deps.uploads.remove(platform.image);
      await deps.changed();
    },

    /** A new leaderboard starts its first period at once (or at the given start). */
    async createLeaderboard(platformId: number, input: LeaderboardInput) {
      if (!(await leaderboardsRepo.findPlatform(db, platformId))) throw notFound(CATALOG_MESSAGES.platformNotFound);
      const at = now().toISOString();
      const start = new Date(input.starts_at ?? at);
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const { id: leaderboardId } = await leaderboardsRepo.insertLeaderboard(trx, {
            platform_id: platformId,
            leaderboard_type: input.leaderboard_type,
            period_length: input.period_length,
            custom_days: input.period_length === 'custom' ? input.custom_days : null,
            is_active: input.is_active ? 1 : 0,
            created_at: at,
            updated_at: at,
          });
          await leaderboardsRepo.insertPeriod(trx, {
            leaderboard_id: leaderboardId,
            starts_at: start.toISOString(),
            ends_at: periodEnd(start, input.period_length, input.custom_days).toISOString(),
            status: 'current',
            finished_at: null,
            prizes_paid_at: null,
            prizes_paid_by: null,
          });
          return leaderboardId;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? unprocessable(CATALOG_MESSAGES.typeTaken, { leaderboard_type: [CATALOG_MESSAGES.typeTaken] }) : error;
        });
      await deps.changed();
      return id;
    },

    /** The length applies from the next period; the running one keeps its dates (staff change them separately). */
    async updateLeaderboard(id: number, input: LeaderboardUpdate) {
      await requireLeaderboard(id);
      await leaderboardsRepo.updateLeaderboard(db, id, {
        period_length: input.period_length,
        custom_days: input.period_length === 'custom' ? input.custom_days : null,
        is_active: input.is_active ? 1 : 0,
        updated_at: now().toISOString(),
      });
      await deps.changed();
    },

    async deleteLeaderboard(id: number) {
      const leaderboard = await requireLeaderboard(id);
      if (await leaderboardsRepo.hasPaidPrizes(db, id)) throw conflict(CATALOG_MESSAGES.leaderboardPaid);
      await db.transaction().execute(async (trx) => {
        await deps.standings.forgetLeaderboard(trx, id, leaderboard.platform_id);
        await leaderboardsRepo.deleteLeaderboard(trx, id);
      });
      await deps.changed();
    },

    /** The periods of a leaderboard, newest first (the last 20). */
    async periods(leaderboardId: number): Promise<AdminPeriod[]> {
      await requireLeaderboard(leaderboardId);
      const rows = await leaderboardsRepo.periodsOf(db, leaderboardId, 20);
      const periods = await adminPeriods(rows);
      return rows.map((row) => periods.get(row.id)!);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
