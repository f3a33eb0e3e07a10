import type { Kysely } from 'kysely';
import { siteSettingsSchema, type SiteSettings } from '../../../common/contracts/settings';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site-settings-defaults';
import type { DB } from '../../db/types';
import type { Cache } from '../../platform/cache';
import { settingsRepo } from './settings.repo';

const CACHE_KEY = 'site-settings';
const CACHE_MS = 30_000;
type SettingKey = keyof SiteSettings;

/** Site settings are stored one row per top-level key; anything missing or unreadable falls back to its default. */
export function createSettingsService(deps: { db: Kysely<DB>; cache: Cache; now: () => Date }) {
  async function load(): Promise<SiteSettings> {
    const settings: SiteSettings = structuredClone(DEFAULT_SITE_SETTINGS);
    for (const row of await settingsRepo.all(deps.db)) {
      if (!(row.key in siteSettingsSchema.shape)) continue;
      const key = row.key as SettingKey;
      try {
        const parsed = siteSettingsSchema.shape[key].safeParse(JSON.parse(row.value));
        if (parsed.success) (settings as Record<SettingKey, unknown>)[key] = parsed.data;
      } catch {
        // A hand-edited, unparsable value keeps its default rather than breaking every page.
      }
    }
    return settings;
  }

  return {
    get: () => deps.cache.wrap(CACHE_KEY, CACHE_MS, load),

    /** Another area's own row (not a public setting, never sent to the browser): its JSON text, if saved. */
    readPrivate: async (key: string) => (await settingsRepo.one(deps.db, key))?.value,

    writePrivate: (key: string, value: string) => settingsRepo.put(deps.db, key, value, deps.now().toISOString()),

    async update(settings: SiteSettings): Promise<SiteSettings> {
      const at = deps.now().toISOString();
      await deps.db.transaction().execute(async (trx) => {
        for (const key of Object.keys(siteSettingsSchema.shape) as SettingKey[]) {
          await settingsRepo.put(trx, key, JSON.stringify(settings[key]), at);
        }
      });
      await deps.cache.del(CACHE_KEY);
      return load();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
