import { earningRulesSchema, type EarningRules } from '../../../common/contracts/earning';
import type { Cache } from '../../platform/cache';
import type { SettingsService } from '../settings/settings.service';

/** Where the rules live: one row of site_settings, outside the public site settings. */
const KEY = 'earning_rules';
const CACHE_KEY = 'earning-rules';
const CACHE_MS = 30_000;

/** The rules a new site starts with (docs/decisions/013-earning.md explains the numbers). */
export const DEFAULT_EARNING_RULES: EarningRules = {
  time_zone: 'UTC',
  daily_cap: 2_000,
  ignored_kick_accounts: ['BotRix', 'KickBot'],
  multipliers: { vip: 1.5, subscriber: 2 },
  chat: { enabled: true, points: 10, xp: 5, interval_minutes: 5, active_minutes: 10 },
  follow: { enabled: true, points: 100, xp: 50 },
  subscription: { enabled: true, points: 500, xp: 250 },
  gifted_subscription: { enabled: true, points: 250, xp: 100 },
  daily_bonus: { enabled: true, points: 50, xp: 25, streak_step: 10, max_points: 150 },
};

export function createEarningRulesService(deps: { settings: SettingsService; cache: Cache }) {
  async function load(): Promise<EarningRules> {
    const saved = await deps.settings.readPrivate(KEY);
    if (!saved) return structuredClone(DEFAULT_EARNING_RULES);
    try {
      // Rules saved before a field existed keep the default for it.
      const parsed = earningRulesSchema.safeParse({ ...DEFAULT_EARNING_RULES, ...JSON.parse(saved) });
      if (parsed.success) return parsed.data;
    } catch {
      // A hand-edited, unreadable row falls back to the defaults rather than stopping every credit.
    }
    return structuredClone(DEFAULT_EARNING_RULES);
  }

  return {
    get: () => deps.cache.wrap(CACHE_KEY, CACHE_MS, load),

    async update(rules: EarningRules): Promise<EarningRules> {
      const tidy: EarningRules = {
        ...rules,
        // One entry per account whatever the case; multipliers to the cent.
        ignored_kick_accounts: rules.ignored_kick_accounts.filter(
          (name, index, all) => all.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index,
        ),
        multipliers: { vip: Math.round(rules.multipliers.vip * 100) / 100, subscriber: Math.round(rules.multipliers.subscriber * 100) / 100 },
      };
      await deps.settings.writePrivate(KEY, JSON.stringify(tidy));
      await deps.cache.del(CACHE_KEY);
      return load();
    },
  };
}

export type EarningRulesService = ReturnType<typeof createEarningRulesService>;
