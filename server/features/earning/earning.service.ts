import type { Kysely, Transaction } from 'kysely';
import type { EarningRules } from '../../../common/contracts/earning';
import { levelOf } from '../../../common/levels';
import { countOf, formatPoints } from '../../../common/format';
import { dayIn } from '../../../common/time-zone';
import type { DB, Executor } from '../../db/types';
import type { AchievementsService } from '../achievements/achievements.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import type { StreamService } from '../stream/stream.service';
import type { EarningRulesService } from './earning-rules.service';
import { earningRepo } from './earning.repo';

const MINUTE = 60_000;
/** Chat intervals are kept this long after they start, then purged (settled or not). */
const INTERVAL_RETENTION_MS = 48 * 60 * MINUTE;
/** After a session starts or ends, the (cached) poll leaves the state alone for this long. */
const POLL_DEFERS_TO_WEBHOOK_MS = 3 * MINUTE;

/** A Kick account as an event names it. */
export interface KickAccount {
  userId: string;
  username: string;
}

export interface ChatMessage {
  sender: KickAccount;
  broadcasterId: string;
  /** The message's own time (created_at), not when Kick got round to delivering it. */
  sentAt: Date;
  isSubscriber: boolean;
}

export interface Earned {
  points: number;
  xp: number;
}

interface Credit {
  userId: number;
  base: Earned;
  reason: string;
  reference: string;
  note: string;
  /** Counts against the per-member daily cap (everything but the daily bonus). */
  capped: boolean;
  /** The VIP multiplier applies unless the amount is the same for everyone (the daily bonus). */
  multiplied: boolean;
  /** The subscriber multiplier on top (the subscriber badge of a chat interval). */
  subscriber?: boolean;
}

const intervalLabel = (startsAt: Date, minutes: number) => {
  const time = (at: Date) => at.toISOString().slice(11, 16);
  return `${time(startsAt)}–${time(new Date(startsAt.getTime() + minutes * MINUTE))} UTC`;
};

/**
 * The earning side of points (docs/decisions/013-earning.md): chat activity per interval, stream events
 * and the rules around them. Every credit is one points.change in the caller's transaction, so the
 * ledger row, the balance, the XP, the daily allowance and the once-only guard stand or fall together.
 */
export function createEarningService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  rules: EarningRulesService;
  points: PointsService;
  achievements: AchievementsService;
  notifications: NotificationsService;
  stream: StreamService;
}) {
  const { db, now, points, achievements } = deps;

  async function credit(trx: Transaction<DB>, rules: EarningRules, c: Credit): Promise<Earned & { balance: number }> {
    const member = await earningRepo.member(trx, c.userId);
    if (!member) return { points: 0, xp: 0, balance: 0 };
    // Multipliers are kept to the cent: multiply in whole hundredths, so floor(100 × 1.15) is 115, not 114.
    const cents = (value: number) => Math.round(value * 100);
    const vip = member.role === 'vip' ? cents(rules.multipliers.vip) : 100;
    const scale = c.multiplied ? vip * (c.subscriber ? cents(rules.multipliers.subscriber) : 100) : 10_000;
    const times = (amount: number) => (amount * scale - ((amount * scale) % 10_000)) / 10_000;
    const multiplier = scale / 10_000;
    let earnedPoints = times(c.base.points);
    const earnedXp = times(c.base.xp);
    if (c.capped && rules.daily_cap > 0 && earnedPoints > 0) {
      earnedPoints = await earningRepo.takeFromDailyCap(trx, c.userId, dayIn(rules.time_zone, now()), earnedPoints, rules.daily_cap);
      // Past the cap the member earns nothing more today, XP included.
      if (earnedPoints === 0) return { points: 0, xp: 0, balance: member.points };
    }
    const note = multiplier > 1 ? `${c.note} (×${multiplier})` : c.note;
    let balance = member.points;
    if (earnedPoints > 0) {
      ({ balance } = await points.change(trx, { userId: c.userId, delta: earnedPoints, reason: c.reason, reference: c.reference, note }));
    }
    if (earnedXp > 0) {
      const xp = await earningRepo.addXp(trx, c.userId, earnedXp);
      await achievements.progress(trx, c.userId, 'level', levelOf(xp).level);
    }
    return { points: earnedPoints, xp: earnedXp, balance };
  }

  const ignored = (rules: EarningRules, account: KickAccount) =>
    rules.ignored_kick_accounts.some((name) => name.toLowerCase() === account.username.toLowerCase());

  /** Interval starts (epoch-aligned) that a message at `at` keeps its sender active in. */
  function intervalsActivatedBy(at: Date, rules: EarningRules): Date[] {
    const interval = rules.chat.interval_minutes * MINUTE;
    const first = Math.floor(at.getTime() / interval) * interval;
    const last = Math.floor((at.getTime() + (rules.chat.active_minutes - rules.chat.interval_minutes) * MINUTE) / interval) * interval;
    const starts: Date[] = [];
    for (let start = first; start <= last; start += interval) starts.push(new Date(start));
    return starts;
  }

  /** Credits (or skips) the ended, unsettled intervals, once each: from the job, or right away for late messages. */
  async function settleIntervals(kickUserId?: string): Promise<{ credited: number; skipped: number }> {
    const rules = await deps.rules.get();
    const interval = rules.chat.interval_minutes * MINUTE;
    const endedBy = new Date(now().getTime() - interval).toISOString();
    const due = await earningRepo.unsettledIntervals(db, endedBy, kickUserId);
    let credited = 0;
    let skipped = 0;
    for (const row of due) {
      const startsAt = new Date(row.starts_at);
      const outcome = await db.transaction().execute(async (trx) => {
        const member = await earningRepo.memberByKickId(trx, row.kick_user_id);
        const live = await earningRepo.liveDuring(trx, row.starts_at, new Date(startsAt.getTime() + interval).toISOString());
        const earns = rules.chat.enabled && member !== undefined && live;
        if (!(await earningRepo.settleInterval(trx, row.kick_user_id, row.starts_at, earns ? 'credited' : 'skipped', now().toISOString()))) {
          return 'raced';
        }
        if (!earns || !member) return 'skipped';
        await credit(trx, rules, {
          userId: member.id,
          base: rules.chat,
          reason: 'chat_activity',
          reference: `kick_chat:${row.kick_user_id}:${row.starts_at}`,
          note: `Chat activity ${intervalLabel(startsAt, rules.chat.interval_minutes)}`,
          capped: true,
          multiplied: true,
          subscriber: row.is_subscriber === 1,
        });
        return 'credited';
      });
      if (outcome === 'credited') credited += 1;
      if (outcome === 'skipped') skipped += 1;
    }
    return { credited, skipped };
  }

  async function creditEvent(
    trx: Transaction<DB>,
    rules: EarningRules,
    account: KickAccount | null,
    base: EarningRules['follow'],
    event: { reason: string; reference: string; note: string; message: string; onceKey?: string },
  ): Promise<void> {
    if (!account || !base.enabled || ignored(rules, account)) return;
    const member = await earningRepo.memberByKickId(trx, account.userId);
    if (!member) return;
    if (event.onceKey && !(await earningRepo.claim(trx, event.onceKey, member.id, now().toISOString()))) return;
    const earned = await credit(trx, rules, { userId: member.id, base, capped: true, multiplied: true, ...event });
    if (earned.points > 0) {
      await deps.notifications.notify(trx, member.id, {
        type: 'points_earned',
        message: `${event.message}: +${formatPoints(earned.points)} points.`,
        link: '/profile?tab=stats',
      });
    }
  }

  return {
    credit,

    /** Rules are read before a transaction opens (SQLite has one connection: a read outside it would wait forever). */
    rules: () => deps.rules.get(),

    /** A chat message: marks the intervals it keeps the sender active in; ended ones settle right after. */
    async chat(trx: Executor, rules: EarningRules, message: ChatMessage): Promise<void> {
      if (!rules.chat.enabled || message.sender.userId === message.broadcasterId || ignored(rules, message.sender)) return;
      const starts = intervalsActivatedBy(message.sentAt, rules).map((start) => start.toISOString());
      await earningRepo.markChatIntervals(trx, message.sender.userId, starts, message.isSubscriber);
    },

    settleIntervals,

    async follow(trx: Transaction<DB>, rules: EarningRules, follower: KickAccount | null) {
      await creditEvent(trx, rules, follower, rules.follow, {
        reason: 'kick_follow',
        reference: `kick_follow:${follower?.userId}`,
        note: 'Followed the channel on Kick',
        message: 'Thanks for following on Kick',
        onceKey: `follow:${follower?.userId}`,
      });
    },

    async subscription(trx: Transaction<DB>, rules: EarningRules, subscriber: KickAccount | null, messageId: string, renewal: boolean, months: number) {
      await creditEvent(trx, rules, subscriber, rules.subscription, {
        reason: 'kick_subscription',
        reference: `kick_message:${messageId}`,
        note: renewal ? `Renewed the Kick subscription (${countOf(months, 'month')})` : 'Subscribed on Kick',
        message: renewal ? 'Thanks for renewing your subscription' : 'Thanks for subscribing',
      });
    },

    async giftedSubscriptions(trx: Transaction<DB>, rules: EarningRules, gifter: KickAccount | null, messageId: string, gifts: number) {
      if (gifts < 1) return;
      const per = rules.gifted_subscription;
      await creditEvent(trx, rules, gifter, { ...per, points: per.points * gifts, xp: per.xp * gifts }, {
        reason: 'kick_gifted_subscriptions',
        reference: `kick_message:${messageId}`,
        note: `Gifted ${countOf(gifts, 'subscription')} on Kick`,
        message: `Thanks for gifting ${countOf(gifts, 'subscription')}`,
      });
    },

    /** livestream.status.updated: opens or closes the live session that gates chat credits. */
    async liveStatus(trx: Executor, live: boolean, at: Date) {
      if (live) {
        if (!(await earningRepo.openSession(trx))) await earningRepo.startSession(trx, at.toISOString(), 'webhook');
      } else {
        await earningRepo.endSessions(trx, at.toISOString());
      }
    },

    /**
     * The every-minute job: follows the polled live state when webhooks say nothing (a missed start or
     * end), settles the intervals that have ended and forgets old ones.
     */
    async tick() {
      const status = await deps.stream.status();
      const at = now().toISOString();
      // The polled status may be up to a minute old: it does not overrule a webhook that changed the state lately.
      const latest = await earningRepo.latestSession(db);
      const settledSince = latest ? Date.parse(latest.ended_at ?? latest.started_at) : 0;
      if (now().getTime() - settledSince >= POLL_DEFERS_TO_WEBHOOK_MS) {
        const open = latest !== undefined && latest.ended_at === null;
        if (status.status === 'live' && !open) await earningRepo.startSession(db, at, 'poll');
        if (status.status === 'offline' && open) await earningRepo.endSessions(db, at);
      }
      const settled = await settleIntervals();
      await earningRepo.purgeIntervals(db, new Date(now().getTime() - INTERVAL_RETENTION_MS).toISOString());
      return { stream: status.status, ...settled };
    },
  };
}

export type EarningService = ReturnType<typeof createEarningService>;
