import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { SiteSettings } from '../common/contracts/settings';
import type { Config } from './config';
import type { Database } from './db/database';
import { achievementsAdminRoutes } from './features/achievements/achievements.admin';
import { bonusHuntsAdminRoutes } from './features/bonus-hunts/bonus-hunts.admin';
import { earningAdminRoutes } from './features/earning/earning.admin';
import { earningRoutes } from './features/earning/earning.routes';
import { kickWebhookRoutes } from './features/earning/kick-webhooks';
import { pointsAdminRoutes } from './features/points/points.admin';
import { pointsRoutes } from './features/points/points.routes';
import { friendsRoutes } from './features/friends/friends.routes';
import { leaderboardsAdminRoutes } from './features/leaderboards/leaderboards.admin';
import { leaderboardsRoutes } from './features/leaderboards/leaderboards.routes';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { storeAdminRoutes } from './features/store/store.admin';
import { storeRoutes } from './features/store/store.routes';
import { membersAdminRoutes } from './features/members/members.admin';
import { membersRoutes } from './features/members/members.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { settingsAdminRoutes } from './features/settings/settings.admin';
import { settingsRoutes } from './features/settings/settings.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { streamRoutes } from './features/stream/stream.routes';
import { vipAdminRoutes } from './features/vip/vip.admin';
import { vipRoutes } from './features/vip/vip.routes';
import { bonusHuntsRoutes } from './features/bonus-hunts/bonus-hunts.routes';
import { huntStreamRoutes } from './features/bonus-hunts/hunt-stream';
import { rafflesRoutes } from './features/raffles/raffles.routes';
import { rafflesAdminRoutes } from './features/raffles/raffles.admin';
import { tournamentsRoutes } from './features/tournaments/tournaments.routes';
import { tournamentsAdminRoutes } from './features/tournaments/tournaments.admin';
import { challengesRoutes } from './features/challenges/challenges.routes';
import { challengesAdminRoutes } from './features/challenges/challenges.admin';
import { ticketsRoutes } from './features/tickets/tickets.routes';
import { ticketsAdminRoutes } from './features/tickets/tickets.admin';
import { contactRoutes } from './features/contact/contact.routes';
import { contactAdminRoutes } from './features/contact/contact.admin';
import { createDiscordClient } from './integrations/discord';
import { registerAdminApi } from './platform/admin';
import { registerAuth } from './platform/auth/auth';
import { signInRoutes } from './platform/auth/sign-in.routes';
import type { Cache } from './platform/cache';
import { registerCompression } from './platform/compression';
import { registerErrorHandling } from './platform/errors';
import { registerInputGuard } from './platform/input-guard';
import { registerUploads } from './platform/uploads';
import { createEventBus } from './platform/events';
import { registerRateLimits } from './platform/rate-limit';
import { responseSerializer } from './platform/response-serializer';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerSpa, type VisitorBootstrap } from './platform/spa';
import { createServices, type Services } from './services';

export const DEFAULT_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');

export interface AppDeps {
  config: Config;
  database: Database;
  /** Closed with the app. */
  cache: Cache;
  /** Shared rate-limit counters when several instances run; absent means in-process counters. */
  redis?: Redis;
  /** Prefix for every Redis key of this site (several sites or test runs can share one Redis). */
  redisNamespace?: string;
  /** Signs CSRF tokens; from SESSION_SECRET, or generated once and kept under DATA_DIR. */
  sessionSecret: string;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  distDir?: string;
  /** See ServiceDeps.syncRetryBaseMs. */
  syncRetryBaseMs?: number;
}

/** Builds the whole site. Production (server/main.ts) and every test boot exactly this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, cache } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Every route as registered, for tools that must cover them all (the admin guard test, the fuzzer).
  const routeTable: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(cookie);
  await app.register(formbody);
  await registerCompression(app);
  registerSecurityHeaders(app, { hsts: config.secureCookies, imageHosts: [config.discord.cdnBase] });
  await registerRateLimits(app, { redis: deps.redis, namespace: deps.redisNamespace ?? '' });

  const events = createEventBus({ redis: deps.redis, namespace: deps.redisNamespace });
  app.addHook('onClose', () => events.close());
  app.addHook('onClose', () => cache.close());
  const services = createServices({ config, db, cache, now, log: app.log, syncRetryBaseMs: deps.syncRetryBaseMs, events, rowChanges: database.rowChanges });
  app.addHook('onClose', async () => {
    services.sessions.close();
    await services.wagerSync.stop();
  });
  const { points, notifications, settings, stats, members, stream, friends, achievements, profiles, kickLink, store, uploads, earningRules, earning, dailyBonus } =
    services;
  const auth = registerAuth(app, {
    sessions: services.sessions,
    secret: deps.sessionSecret,
    secureCookies: config.secureCookies,
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', database: database.dialect };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', message: 'The database is unreachable.' });
    }
  });

  membersRoutes(app, { members, auth });
  notificationsRoutes(app, notifications);
  settingsRoutes(app, settings);
  statsRoutes(app, stats);
  streamRoutes(app, stream);
  friendsRoutes(app, friends);
  storeRoutes(app, store);
  pointsRoutes(app, points);
  earningRoutes(app, dailyBonus);
  leaderboardsRoutes(app, services.leaderboards);
  vipRoutes(app, services.vip);
  bonusHuntsRoutes(app, { hunts: services.bonusHunts, predictions: services.huntPredictions });
  huntStreamRoutes(app, { huntEvents: services.huntEvents });
  rafflesRoutes(app, services.raffles);
  tournamentsRoutes(app, services.tournaments);
  challengesRoutes(app, services.challenges);
  ticketsRoutes(app, services.tickets);
  contactRoutes(app, { captcha: services.captcha, contact: services.contact });
  await kickWebhookRoutes(app, { db, earning, publicKey: config.kick.webhookPublicKey, now });
  await registerUploads(app, { dir: join(config.dataDir, 'uploads') });

  await registerAdminApi(app, (admin) => {
    membersAdminRoutes(admin, { members, points, stats, friends, achievements });
    achievementsAdminRoutes(admin, achievements);
    storeAdminRoutes(admin, { store, uploads });
    settingsAdminRoutes(admin, settings);
    earningAdminRoutes(admin, earningRules);
    pointsAdminRoutes(admin, { points, timeZone: async () => (await earningRules.get()).time_zone, now });
    leaderboardsAdminRoutes(admin, { catalog: services.catalog, periods: services.periods, standings: services.standings, sync: services.wagerSync, uploads });
    vipAdminRoutes(admin, { vipAdmin: services.vipAdmin, uploads });
    bonusHuntsAdminRoutes(admin, { hunts: services.huntsAdmin, games: services.huntGamesAdmin, slots: services.slotsAdmin, uploads });
    rafflesAdminRoutes(admin, { raffles: services.rafflesAdmin, draws: services.raffleDraws, uploads });
    tournamentsAdminRoutes(admin, { tournaments: services.tournamentsAdmin, results: services.tournamentResults });
    challengesAdminRoutes(admin, { challenges: services.challengesAdmin, reviews: services.challengeReviews, uploads });
    ticketsAdminRoutes(admin, { tickets: services.ticketsAdmin, uploads });
    contactAdminRoutes(admin, services.contact);
  });

  // One visitor bootstrap per settings object (the settings cache hands out the same object until they change).
  const visitorBootstraps = new WeakMap<SiteSettings, VisitorBootstrap>();
  const pages = await registerSpa(app, {
    distDir: deps.distDir ?? DEFAULT_DIST_DIR,
    watch: config.env === 'development',
    bootstrap: async (request, reply) => {
      const site = await settings.get();
      return {
        user: request.user ? members.toSignedInUser(request.user) : null,
        csrf_token: auth.csrfToken(request, reply),
        local_auth: config.localAuth,
        site_name: site.site_name,
        settings: site,
      };
    },
    visitorBootstrap: async () => {
      const site = await settings.get();
      let data = visitorBootstraps.get(site);
      if (!data) visitorBootstraps.set(site, (data = { user: null, csrf_token: '', local_auth: config.localAuth, site_name: site.site_name, settings: site }));
      return data;
    },
  });

  const discord =
    config.discord.clientId && config.discord.clientSecret
      ? createDiscordClient({
          clientId: config.discord.clientId,
          clientSecret: config.discord.clientSecret,
          authorizeUrl: config.discord.authorizeUrl,
          apiBase: config.discord.apiBase,
        })
      : null;
  signInRoutes(app, { config, auth, members, pages, discord });
  profilesRoutes(app, { profiles, kickLink, auth, signInLimitPerMinute: config.signInLimitPerMinute });

  app.decorate('services', services);
  return app;
}

export interface RouteSummary {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteSummary[];
    /** Every feature's service, for the process that owns the app (jobs, seeders, tests). */
    services: Services;
  }
}
