import type { Kysely } from 'kysely';
import { vipDataResponseSchema, type VipData, type VipHistoryItem, type VipTier } from '../../../common/contracts/vip';
import { formatCount, formatUsd } from '../../../common/format';
import type { DB, PartnerPlatformRow, UserRow, VipTierRow } from '../../db/types';
import { MemoryCache } from '../../platform/cache';
import { conflict, notFound } from '../../platform/errors';
import type { LeaderboardsService } from '../leaderboards/leaderboards.service';
import type { WagersService } from '../leaderboards/wagers.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import type { SettingsService } from '../settings/settings.service';
import { vipRepo } from './vip.repo';

export const VIP_MESSAGES = {
  loaded: 'VIP rewards loaded.',
  notFound: 'This reward is not available.',
  notLinked: (platform: string) => `Add your ${platform} username in Settings → Connections first.`,
  notEligible: (wagered: number, needed: number) => `You have wagered ${formatUsd(wagered)} of the ${formatUsd(needed)} this reward needs.`,
  alreadyClaimed: 'You have already claimed this reward.',
  accountClaimed: (account: string) => `This reward was already claimed for the casino account ${account}. Each account can claim it once.`,
  claimedPoints: (points: number) => `Reward claimed! ${formatCount(points)} points have been added to your balance.`,
  claimedPending: 'Reward claimed! Our team will process it shortly.',
} as const;

/** A member as the session keeps them: their id and casino account names (one per slot). */
type Member = Pick<UserRow, 'id' | CasinoNameColumn>;
type CasinoNameColumn = 'crypto' | 'crypto2' | 'crypto3';
type LinkedAccount = { platform: PartnerPlatformRow; username: string };

/** About 2 KB each. */
const MEMBER_PAGES_KEPT = 5_000;
/** A safety net only: a change made outside the site (the CLI, SQL) shows within a minute. */
const MEMBER_PAGE_TTL_MS = 60_000;

const pageJson = (data: VipData) => JSON.stringify(vipDataResponseSchema.parse({ success: true, message: VIP_MESSAGES.loaded, data }));
/** The page of a member with no casino account linked: nothing to show. */
const NO_ACCOUNTS_JSON = pageJson({ user_stats: { total_wagered: 0 }, tiers_by_platform: {} });

/** A reward's amount as the API and the member see it: points as points, cash in dollars (cents stored). */
export const rewardAmount = (tier: Pick<VipTierRow, 'reward_type' | 'reward_amount'>) =>
  tier.reward_type === 'cash' ? tier.reward_amount / 100 : tier.reward_type === 'points' ? tier.reward_amount : 0;

export const rewardWords = (tier: Pick<VipTierRow, 'reward_type' | 'reward_amount' | 'name'>) =>
  tier.reward_type === 'cash' ? formatUsd(tier.reward_amount / 100) : tier.reward_type === 'points' ? `${formatCount(tier.reward_amount)} points` : tier.name;

/**
 * VIP rewards (docs/decisions/015-vip-rewards.md): a member's wagers per platform come from the wager
 * data matched to the casino account name of the slot that platform uses; a tier is claimable once
 * they reach its minimum (counting only wagers from its date, when it has one). One claim per member
 * per tier, enforced by the database; points are credited at once through the ledger, cash and other
 * rewards wait for staff.
 */
export function createVipService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  wagers: WagersService;
  settings: SettingsService;
  points: PointsService;
  notifications: NotificationsService;
  /** Its generation covers everything a VIP page shows but the member's names: wagers, platforms, tiers, claims. */
  leaderboards: Pick<LeaderboardsService, 'kept' | 'generation' | 'changed'>;
}) {
  const { db, now, wagers, points, notifications, leaderboards } = deps;
  /** Every member's page shows the same tiers: read once per change of the catalogue (vip-admin.service.ts). */
  const activeTiers = () => leaderboards.kept('vip-tiers', () => vipRepo.activeTiers(db));
  /**
   * Each member's page, built once per generation and set of linked accounts, in this instance's memory: a member
   * coming back, or refreshing, costs no query. A claim starts a new generation, as a sync or a staff edit does.
   */
  const pages = new MemoryCache(MEMBER_PAGES_KEPT);

  /** The member's account name on each of the platforms (all of them by default) mapped to an enabled casino slot. */
  async function linkedAccounts(names: Pick<UserRow, CasinoNameColumn> | undefined, onlyPlatform?: () => Promise<PartnerPlatformRow | undefined>): Promise<LinkedAccount[]> {
    // A member who gave no casino name has no tiers to see: their page needs nothing from the database.
    if (!names || ![names.crypto, names.crypto2, names.crypto3].some((name) => name?.trim())) return [];
    const [{ casino }, platforms] = await Promise.all([deps.settings.get(), onlyPlatform ? onlyPlatform().then((row) => (row ? [row] : [])) : wagers.platforms()]);
    const slots = { 1: casino.crypto1_enabled ? names.crypto : null, 2: casino.crypto2_enabled ? names.crypto2 : null, 3: casino.crypto3_enabled ? names.crypto3 : null };
    return platforms.flatMap((platform) => {
      const username = platform.casino_slot ? slots[platform.casino_slot as 1 | 2 | 3]?.trim() : undefined;
      return username && platform.is_active === 1 ? [{ platform, username }] : [];
    });
  }

  async function build(member: Member, accounts: LinkedAccount[]): Promise<VipData> {
    const shown = await activeTiers();
    const linked = accounts.map((account) => ({ ...account, tiers: shown.filter((tier) => tier.platform_id === account.platform.id) }));
    const tiers = linked.flatMap((account) => account.tiers);
    const fromDays = [...new Set(tiers.flatMap((tier) => (tier.count_wager_after_date ? [tier.count_wager_after_date] : [])))];
    // Two queries for the whole page, side by side: the member's claims, and their wagers on every platform.
    const [claimed, wagered] = await Promise.all([
      vipRepo.claimedTierIds(db, member.id, tiers.map((tier) => tier.id), accounts.map((account) => account.username)),
      wagers.wagered(accounts.map((account) => ({ platformId: account.platform.id, casinoUsername: account.username })), fromDays),
    ]);
    let totalCents = 0;
    const byPlatform: VipData['tiers_by_platform'] = {};
    for (const { platform, tiers: platformTiers } of linked) {
      const platformCents = wagered(platform.id, null);
      totalCents += platformCents;
      if (platformTiers.length === 0) continue;
      byPlatform[platform.name] = {
        platform: { id: platform.id, name: platform.name, image: platform.image },
        user_wagered: platformCents / 100,
        tiers: platformTiers.map((tier): VipTier => {
          const tierCents = wagered(platform.id, tier.count_wager_after_date);
          const alreadyClaimed = claimed.has(tier.id);
          return {
            id: tier.id,
            name: tier.name,
            description: tier.description,
            image: tier.image,
            reward_type: tier.reward_type,
            reward_amount: rewardAmount(tier),
            min_wagered: tier.min_wagered_cents / 100,
            uses_date_filter: tier.count_wager_after_date !== null,
            count_wager_after_date: tier.count_wager_after_date,
            user_wagered_for_tier: tier.count_wager_after_date ? tierCents / 100 : null,
            already_claimed: alreadyClaimed,
            can_claim: !alreadyClaimed && tierCents >= tier.min_wagered_cents,
          };
        }),
      };
    }
    return { user_stats: { total_wagered: totalCents / 100 }, tiers_by_platform: byPlatform };
  }

  return {
    /**
     * GET vip-rewards as JSON text (checked against its schema when built). The page reads the names the session keeps:
     * a change to them is heard before the member's next request.
     */
    async dataJson(member: Member): Promise<string> {
      // The generation first: a page built from what is read after it is never kept under a later one.
      const generation = await leaderboards.generation();
      const accounts = await linkedAccounts(member);
      if (accounts.length === 0) return NO_ACCOUNTS_JSON;
      const linkedAs = accounts.map((account) => `${account.platform.id}=${account.username}`).join('\n');
      return pages.wrap(`${generation}:${member.id}:${linkedAs}`, MEMBER_PAGE_TTL_MS, async () => pageJson(await build(member, accounts)));
    },

    async history(member: Member): Promise<VipHistoryItem[]> {
      return (await vipRepo.history(db, member.id)).map((row) => ({
        id: row.id,
        tier: { name: row.tier_name, description: row.tier_description, image: row.tier_image },
        reward_type: row.reward_type,
        reward_amount: rewardAmount(row),
        created_at: row.created_at,
        processed_at: row.processed_at,
        processed: row.status === 'processed',
        wagered_amount_at_claim: row.wagered_cents_at_claim / 100,
        status: row.status,
        reject_reason: row.reject_reason,
      }));
    },

    /**
     * Eligibility is decided here, at claim time, from the wager data, the names and the platform as stored: another
     * instance's session may still hold names changed a moment ago, and the kept platforms a slot changed a moment ago.
     * The page's can_claim is only a hint.
     */
    async claim(member: Pick<Member, 'id'>, tierId: number): Promise<{ message: string }> {
      const tier = await vipRepo.findTier(db, tierId);
      if (!tier || tier.is_active !== 1) throw notFound(VIP_MESSAGES.notFound);
      const platform = () => wagers.findPlatform(tier.platform_id);
      const [account] = await linkedAccounts(await vipRepo.casinoNames(db, member.id), platform);
      if (!account) throw conflict(VIP_MESSAGES.notLinked((await platform())?.name ?? 'casino'));
      // From the tier's date on when it has one, otherwise all-time.
      const fromDay = tier.count_wager_after_date;
      const wagered = (await wagers.wagered([{ platformId: tier.platform_id, casinoUsername: account.username }], fromDay ? [fromDay] : []))(tier.platform_id, fromDay);
      if (wagered < tier.min_wagered_cents) throw conflict(VIP_MESSAGES.notEligible(wagered / 100, tier.min_wagered_cents / 100));
      const at = now().toISOString();
      const claimed = await db.transaction().execute(async (trx) => {
        const claim = await vipRepo.insertClaim(trx, {
          tier_id: tier.id,
          user_id: member.id,
          reward_type: tier.reward_type,
          reward_amount: tier.reward_amount,
          wagered_cents_at_claim: wagered,
          casino_username: account.username,
          status: 'pending',
          created_at: at,
          processed_at: null,
          processed_by: null,
          reject_reason: null,
        });
        if (!claim) throw conflict((await vipRepo.hasClaimed(trx, tier.id, member.id)) ? VIP_MESSAGES.alreadyClaimed : VIP_MESSAGES.accountClaimed(account.username));
        if (tier.reward_type !== 'points') return { message: VIP_MESSAGES.claimedPending };
        await points.change(trx, { userId: member.id, delta: tier.reward_amount, reason: 'vip_reward', reference: `vip_claim:${claim.id}`, note: tier.name });
        await vipRepo.markProcessed(trx, claim.id, at);
        await notifications.notify(trx, member.id, { type: 'vip_reward', message: `VIP reward “${tier.name}”: ${rewardWords(tier)} added to your balance.`, link: '/vip-rewards' });
        return { message: VIP_MESSAGES.claimedPoints(tier.reward_amount) };
      });
      // Every page that shows the tier to a member of this account, on every instance, is built again.
      await leaderboards.changed();
      return claimed;
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
