import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AdminVipClaim, AdminVipTier, vipTierInputSchema } from '../../../common/contracts/vip';
import { displayName } from '../../../common/display-name';
import type { DB, VipClaimRow } from '../../db/types';
import { refuseOwnRecord } from '../../platform/admin';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import type { WagersService } from '../leaderboards/wagers.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { StatsService } from '../stats/stats.service';
import { vipRepo } from './vip.repo';
import { rewardAmount, rewardWords } from './vip.service';

type TierInput = z.infer<typeof vipTierInputSchema>;
export const VIP_CLAIMS_PER_PAGE = 25;

/** Staff's side of VIP rewards: tiers (admins) and the claims queue (moderators and admins). */
export function createVipAdminService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  wagers: WagersService;
  uploads: UploadStore;
  stats: StatsService;
  notifications: NotificationsService;
  avatarOf: (member: { id: number; discord_id: string; avatar: string | null }) => string;
  /** Members' pages keep the tiers until the next change (leaderboards.service.ts `kept`). */
  changed: () => Promise<void>;
}) {
  const { db, now } = deps;

  async function tierRow(input: TierInput) {
    if (!(await deps.wagers.findPlatform(input.platform_id))) throw unprocessable('Choose a platform.', { platform_id: ['Choose a platform.'] });
    if (input.image !== null && !deps.uploads.isStoredImage(input.image, 'vip')) throw unprocessable('Upload the image again.', { image: ['Upload the image again.'] });
    const cents = (dollars: number) => Math.round(dollars * 100);
    return {
      platform_id: input.platform_id,
      name: input.name,
      description: input.description,
      image: input.image,
      reward_type: input.reward_type,
      reward_amount: input.reward_type === 'points' ? input.reward_amount : input.reward_type === 'cash' ? cents(input.reward_amount) : 0,
      min_wagered_cents: cents(input.min_wagered),
      count_wager_after_date: input.count_wager_after_date,
      display_order: input.display_order,
      is_active: input.is_active ? 1 : 0,
    };
  }

  async function decide(staffId: number, id: number, to: 'processed' | 'rejected', reason: string | null) {
    const found = await vipRepo.findClaim(db, id);
    if (!found) throw notFound('Claim not found.');
    refuseOwnRecord(staffId, found.user_id, 'claim');
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      const claim: VipClaimRow | undefined = await vipRepo.decide(trx, id, to, staffId, at, reason);
      if (!claim) throw conflict(`This claim was already ${found.status}.`);
      if (to === 'processed' && claim.reward_type === 'cash') {
        await deps.stats.recordPayout(trx, { source: 'vip', reference: `vip_claim:${id}`, userId: claim.user_id, amountCents: claim.reward_amount });
      }
      const reward = rewardWords({ ...claim, name: found.tier_name });
      await deps.notifications.notify(trx, claim.user_id, {
        type: to === 'processed' ? 'vip_processed' : 'vip_rejected',
        message: to === 'processed' ? `Your VIP reward “${found.tier_name}” (${reward}) has been processed.` : `Your VIP reward claim “${found.tier_name}” was not approved: ${reason}`,
        link: '/vip-rewards',
      });
    });
    if (to === 'processed') await deps.stats.refresh();
  }

  return {
    async tiers(): Promise<AdminVipTier[]> {
      return (await vipRepo.tiers(db)).map((row) => ({
        id: row.id,
        platform: { id: row.platform_id, name: row.platform_name },
        name: row.name,
        description: row.description,
        image: row.image,
        reward_type: row.reward_type,
        reward_amount: rewardAmount(row),
        min_wagered: row.min_wagered_cents / 100,
        count_wager_after_date: row.count_wager_after_date,
        display_order: row.display_order,
        is_active: row.is_active === 1,
        claims_count: Number(row.claims_count ?? 0),
      }));
    },

    async createTier(input: TierInput) {
      const at = now().toISOString();
      await vipRepo.insertTier(db, { ...(await tierRow(input)), created_at: at, updated_at: at });
      await deps.changed();
    },

    async updateTier(id: number, input: TierInput) {
      const before = await vipRepo.findTier(db, id);
      if (!before) throw notFound('Tier not found.');
      await vipRepo.updateTier(db, id, { ...(await tierRow(input)), updated_at: now().toISOString() });
      await deps.changed();
      if (before.image !== input.image) await deps.uploads.remove(before.image);
    },

    /** A tier somebody claimed stays (their history points to it); staff switch it off instead. */
    async deleteTier(id: number) {
      const tier = await vipRepo.findTier(db, id);
      if (!tier) throw notFound('Tier not found.');
      if ((await vipRepo.claimCount(db, id)) > 0) throw conflict('Members have claimed this tier, so it cannot be deleted. Switch it off instead.');
      await vipRepo.deleteTier(db, id);
      await deps.changed();
      await deps.uploads.remove(tier.image);
    },

    async queue(status: VipClaimRow['status'] | 'all', page: number): Promise<{ claims: AdminVipClaim[]; total: number }> {
      const { rows, total } = await vipRepo.queue(db, status, VIP_CLAIMS_PER_PAGE, (page - 1) * VIP_CLAIMS_PER_PAGE);
      const claims = rows.map((row) => ({
        id: row.id,
        tier: { id: row.tier_id, name: row.tier_name },
        platform: { id: row.platform_id, name: row.platform_name },
        user: { id: row.user_id, username: row.username, display_name: displayName(row), avatar: deps.avatarOf({ id: row.user_id, discord_id: row.discord_id, avatar: row.avatar }) },
        casino_username: row.casino_username,
        reward_type: row.reward_type,
        reward_amount: rewardAmount(row),
        wagered_amount_at_claim: row.wagered_cents_at_claim / 100,
        status: row.status,
        created_at: row.created_at,
        processed_at: row.processed_at,
        processed_by: row.processed_by !== null && row.staff_username !== null ? { id: row.processed_by, username: row.staff_username } : null,
        reject_reason: row.reject_reason,
      }));
      return { claims, total };
    },

    process: (staffId: number, id: number) => decide(staffId, id, 'processed', null),
    reject: (staffId: number, id: number, reason: string) => decide(staffId, id, 'rejected', reason),
  };
}

export type VipAdminService = ReturnType<typeof createVipAdminService>;
