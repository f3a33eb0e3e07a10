import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/types';
import { createAchievementsService } from './features/achievements/achievements.service';
import { createDailyBonusService } from './features/earning/daily-bonus.service';
import { createEarningRulesService } from './features/earning/earning-rules.service';
import { createEarningService } from './features/earning/earning.service';
import { KICK_EVENTS } from './features/earning/kick-webhooks';
import { createFriendsService } from './features/friends/friends.service';
import { createCatalogService } from './features/leaderboards/catalog.service';
import { createLeaderboardsService } from './features/leaderboards/leaderboards.service';
import { createPeriodsService } from './features/leaderboards/periods.service';
import { createStandingsService } from './features/leaderboards/standings.service';
import { createWagerSyncService } from './features/leaderboards/wager-sync.service';
import { createWagersService } from './features/leaderboards/wagers.service';
import { createKickLinkService } from './features/profiles/kick-link.service';
import { createProfilesService, type ProfileActivitySource } from './features/profiles/profiles.service';
import { createStoreService } from './features/store/store.service';
import { createMembersService } from './features/members/members.service';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPointsService } from './features/points/points.service';
import { createSettingsService } from './features/settings/settings.service';
import { createStatsService } from './features/stats/stats.service';
import { createStreamService, type WarningLog } from './features/stream/stream.service';
import { createVipAdminService } from './features/vip/vip-admin.service';
import { createVipService } from './features/vip/vip.service';
import { createKickClient } from './integrations/kick';
import { createSessionStore } from './platform/auth/sessions';
import type { RowChanges } from './db/row-changes';
import type { Cache } from './platform/cache';
import { createEventBus, type EventBus } from './platform/events';
import { createUploadStore } from './platform/uploads';
import { createHuntEvents } from './features/bonus-hunts/hunt-events';
import { createHuntChanges } from './features/bonus-hunts/hunt-changes';
import { createHuntGamesAdminService } from './features/bonus-hunts/hunt-games-admin.service';
import { createHuntsAdminService } from './features/bonus-hunts/hunts-admin.service';
import { createSlotsAdminService } from './features/bonus-hunts/slots-admin.service';
import { createBonusHuntsService } from './features/bonus-hunts/bonus-hunts.service';
import { createPredictionsService } from './features/bonus-hunts/predictions.service';
import { createRafflesService } from './features/raffles/raffles.service';
import { createRaffleRows } from './features/raffles/raffle-rows';
import { createRafflesAdminService } from './features/raffles/raffles-admin.service';
import { createRaffleDrawsService } from './features/raffles/raffle-draws.service';
import { createTournamentsService } from './features/tournaments/tournaments.service';
import { createTournamentsAdminService } from './features/tournaments/tournaments-admin.service';
import { createTournamentResultsService } from './features/tournaments/tournament-results.service';
import { createChallengesService } from './features/challenges/challenges.service';
import { createChallengesAdminService } from './features/challenges/challenges-admin.service';
import { createChallengeReviewsService } from './features/challenges/challenge-reviews.service';
import { createTicketsService } from './features/tickets/tickets.service';
import { createTicketsAdminService } from './features/tickets/tickets-admin.service';
import { createCaptchaService } from './features/contact/captcha.service';
import { createContactService } from './features/contact/contact.service';

export interface ServiceDeps {
  config: Config;
  db: Kysely<DB>;
  cache: Cache;
  now: () => Date;
  log: WarningLog;
  /** The first wait before retrying a failed wager sync (then twice as long); tests shorten it. */
  syncRetryBaseMs?: number;
  /** Changes pushed to live pages (bonus hunts); in-process unless the app passes one over Redis. */
  events?: EventBus;
  /** The database's row changes: given, sessions are kept in memory between requests (the app; not the CLI). */
  rowChanges?: RowChanges;
}

/** Every feature's service, wired once: used by the web app, the CLI, the seeders and the background jobs. */
export function createServices({ config, db, cache, now, log, syncRetryBaseMs = 1000, events = createEventBus(), rowChanges }: ServiceDeps) {
  const sessions = createSessionStore(db, now, rowChanges);
  const points = createPointsService({ db, now });
  const notifications = createNotificationsService({ db, now });
  const settings = createSettingsService({ db, cache, now });
  const stats = createStatsService({ db, cache, now });
  const members = createMembersService({ db, now, cdnBase: config.discord.cdnBase, points, notifications, settings });
  const kick = createKickClient(config.kick);
  const stream = createStreamService({ kick, cache, settings, log });
  const achievements = createAchievementsService({ db, now, notifications });
  const friends = createFriendsService({ db, now, avatarOf: members.avatarOf, settings, notifications, achievements });
  // Each area with something to show on profiles (predictions, entries) adds its source here.
  const activity: ProfileActivitySource[] = [];
  const profiles = createProfilesService({
    db,
    now,
    avatarOf: members.avatarOf,
    findByUsername: members.findByUsername,
    settings,
    friends,
    achievements,
    activity,
  });
  const kickLink = createKickLinkService({ db, now, kick, redirectUri: `${config.publicUrl}/auth/kick/callback` });
  const uploads = createUploadStore(join(config.dataDir, 'uploads'));
  const store = createStoreService({ db, now, avatarOf: members.avatarOf, points, notifications, achievements, uploads, events });
  const earningRules = createEarningRulesService({ settings, cache });
  const earning = createEarningService({ db, now, rules: earningRules, points, achievements, notifications, stream });
  const dailyBonus = createDailyBonusService({ db, now, rules: earningRules, earning });
  const leaderboards = createLeaderboardsService({ db, cache, log });
  const { changed } = leaderboards;
  const standings = createStandingsService({ db, now, changed });
  const catalog = createCatalogService({ db, now, uploads, standings, changed });
  const periods = createPeriodsService({ db, now, stats, changed });
  const wagerSync = createWagerSyncService({ db, now, standings, retryBaseMs: syncRetryBaseMs, log, network: { allowPrivateAddresses: config.wagerSourcesPrivateAddresses } });
  const wagers = createWagersService({ db, kept: leaderboards.kept });
  const vip = createVipService({ db, now, wagers, settings, points, notifications, leaderboards });
  const huntEvents = createHuntEvents({ bus: events, now });
  const huntChange = createHuntChanges({ db, now, huntEvents });
  const huntsAdmin = createHuntsAdminService({ db, now, change: huntChange, huntEvents, points, notifications, avatarOf: members.avatarOf });
  const huntGamesAdmin = createHuntGamesAdminService({ change: huntChange });
  const slotsAdmin = createSlotsAdminService({ db, now, uploads, huntEvents });
  const bonusHunts = createBonusHuntsService({ db, now, avatarOf: members.avatarOf, huntEvents });
  const huntPredictions = createPredictionsService({ db, now, avatarOf: members.avatarOf, huntEvents, achievements });
  activity.push(huntPredictions.activity);
  const raffleRows = createRaffleRows(db, now);
  const raffles = createRafflesService({ db, now, avatarOf: members.avatarOf, points, achievements, rows: raffleRows });
  activity.push(raffles.activity);
  const rafflesAdmin = createRafflesAdminService({ db, now, avatarOf: members.avatarOf, uploads, rows: raffleRows });
  const raffleDraws = createRaffleDrawsService({ db, now, notifications, stats });
  const tournaments = createTournamentsService({ db, now, avatarOf: members.avatarOf, achievements, friends });
  activity.push(tournaments.activity);
  const tournamentsAdmin = createTournamentsAdminService({ db, now, avatarOf: members.avatarOf });
  const tournamentResults = createTournamentResultsService({ db, now, avatarOf: members.avatarOf, points, notifications });
  const challenges = createChallengesService({ db, now, avatarOf: members.avatarOf, uploads });
  const challengesAdmin = createChallengesAdminService({ db, now, avatarOf: members.avatarOf, uploads });
  const challengeReviews = createChallengeReviewsService({ db, now, avatarOf: members.avatarOf, points, notifications, stats });
  const tickets = createTicketsService({ db, now, avatarOf: members.avatarOf, uploads, notifications });
  const ticketsAdmin = createTicketsAdminService({ db, now, avatarOf: members.avatarOf, uploads, notifications });
  const captcha = createCaptchaService({ db, now });
  const contact = createContactService({ db, now, captcha, config, log, avatarOf: members.avatarOf });
  const vipAdmin = createVipAdminService({ db, now, wagers, uploads, stats, notifications, avatarOf: members.avatarOf, changed });
  /** The leaderboards' background work: due wager syncs, then periods that ended. */
  const leaderboardTick = async () => ({ ...(await wagerSync.syncDue()), ...(await periods.rollOver()) });
  /** With Kick app credentials: subscribe the app to the channel's events (on start-up, then now and then). */
  const subscribeToKickEvents = kick.canLinkAccounts
    ? async () => kick.ensureEventSubscriptions((await settings.get()).kick_channel, KICK_EVENTS)
    : null;
  return {
    sessions,
    points,
    notifications,
    settings,
    stats,
    members,
    stream,
    achievements,
    friends,
    profiles,
    kickLink,
    uploads,
    store,
    earningRules,
    earning,
    dailyBonus,
    leaderboards,
    standings,
    catalog,
    periods,
    wagerSync,
    wagers,
    vip,
    vipAdmin,
    huntEvents,
    bonusHunts,
    huntPredictions,
    huntsAdmin,
    huntGamesAdmin,
    slotsAdmin,
    raffles,
    rafflesAdmin,
    raffleDraws,
    tournaments,
    tournamentsAdmin,
    tournamentResults,
    challenges,
    challengesAdmin,
    challengeReviews,
    tickets,
    ticketsAdmin,
    captcha,
    contact,
    leaderboardTick,
    subscribeToKickEvents,
  };
}

export type Services = ReturnType<typeof createServices>;
