import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/types';
import { createMembersService } from './features/members/members.service';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPointsService } from './features/points/points.service';
import { createSettingsService } from './features/settings/settings.service';
import { createStatsService } from './features/stats/stats.service';
import { createStreamService, type WarningLog } from './features/stream/stream.service';
import { createKickClient } from './integrations/kick';
import { createSessionStore } from './platform/auth/sessions';
import type { Cache } from './platform/cache';

export interface ServiceDeps {
  config: Config;
  db: Kysely<DB>;
  cache: Cache;
  now: () => Date;
  log: WarningLog;
}

/** Every feature's service, wired once: used by the web app, the CLI, the seeders and the background jobs. */
export function createServices({ config, db, cache, now, log }: ServiceDeps) {
  const sessions = createSessionStore(db, now);
  const points = createPointsService({ db, now });
  const notifications = createNotificationsService({ db, now });
  const settings = createSettingsService({ db, cache, now });
  const stats = createStatsService({ db, cache, now });
  const members = createMembersService({ db, now, cdnBase: config.discord.cdnBase, points, notifications, settings });
  const stream = createStreamService({ kick: createKickClient(config.kick), cache, settings, log });
  return { sessions, points, notifications, settings, stats, members, stream };
}

export type Services = ReturnType<typeof createServices>;
