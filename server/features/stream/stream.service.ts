import type { StreamStatus } from '../../../common/contracts/stream';
import type { KickClient } from '../../integrations/kick';
import type { Cache } from '../../platform/cache';
import type { SettingsService } from '../settings/settings.service';

const ANSWER_CACHE_MS = 60_000;
/** When Kick cannot be asked, try again sooner than a good answer would expire. */
const UNKNOWN_CACHE_MS = 15_000;

export interface WarningLog {
  warn(details: object, message: string): void;
}

export function createStreamService(deps: { kick: KickClient; cache: Cache; settings: SettingsService; log: WarningLog }) {
  return {
    /** Never throws: a page must not fail because Kick is slow, down or blocking us. */
    async status(): Promise<StreamStatus> {
      const { kick_channel: channel } = await deps.settings.get();
      const ttl = (status: StreamStatus) => (status.status === 'unknown' ? UNKNOWN_CACHE_MS : ANSWER_CACHE_MS);
      return deps.cache.wrap(`stream-status:${channel}`, ttl, async (): Promise<StreamStatus> => {
        const base = { channel, url: deps.kick.channelUrl(channel) };
        try {
          const state = await deps.kick.liveState(channel);
          return { ...base, status: state.live ? 'live' : 'offline', viewer_count: state.viewerCount, title: state.title };
        } catch (error) {
          deps.log.warn({ err: error, channel }, 'could not ask Kick whether the channel is live');
          return { ...base, status: 'unknown', viewer_count: null, title: null };
        }
      });
    },
  };
}

export type StreamService = ReturnType<typeof createStreamService>;
