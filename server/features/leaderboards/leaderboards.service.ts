import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  leaderboardResponseSchema,
  type LeaderboardData,
  type LeaderboardEntry,
  type LeaderboardPlatform,
  type LeaderboardQuery,
  type PlatformBoard,
} from '../../../common/contracts/leaderboards';
import { LEADERBOARD_RANKS_SHOWN, LEADERBOARD_TYPE_LABELS, LEADERBOARD_TYPES, maskName, PODIUM_SIZE, type LeaderboardType } from '../../../common/leaderboards';
import type { DB, LeaderboardPeriodRow, LeaderboardRow, PartnerPlatformRow } from '../../db/types';
import type { Cache } from '../../platform/cache';
import type { WarningLog } from '../stream/stream.service';
import { leaderboardsRepo } from './leaderboards.repo';

const GENERATION_KEY = 'leaderboard:generation';
const GENERATION_TTL_MS = 24 * 60 * 60 * 1000;
/** A safety net only: every write bumps the generation, so readers see it at once. */
const RESPONSE_TTL_MS = 60_000;

const typeOrder = (row: LeaderboardRow) => LEADERBOARD_TYPES.indexOf(row.leaderboard_type);

/**
 * What every response is assembled from: the active platforms, their active boards and periods. Plain
 * data (records, not maps), so that it can be cached in Redis too.
 */
async function loadCatalog(db: Kysely<DB>): Promise<CatalogPlatform[]> {
  const [platforms, leaderboards, current, last] = await Promise.all([
    leaderboardsRepo.platforms(db),
    leaderboardsRepo.leaderboards(db),
    leaderboardsRepo.currentPeriods(db),
    leaderboardsRepo.lastPeriods(db),
  ]);
  const byBoard = (rows: LeaderboardPeriodRow[], boards: LeaderboardRow[]) =>
    Object.fromEntries(rows.filter((row) => boards.some((board) => board.id === row.leaderboard_id)).map((row) => [row.leaderboard_id, row])) as Record<number, LeaderboardPeriodRow>;
  return platforms
    .filter((platform) => platform.is_active === 1)
    .map((platform) => {
      const boards = leaderboards.filter((row) => row.platform_id === platform.id && row.is_active === 1).sort((a, b) => typeOrder(a) - typeOrder(b));
      const currentOf = byBoard(current, boards);
      // Spec 1 §4: the type falls back to the active leaderboard's, else the first.
      const active = boards.find((row) => currentOf[row.id]) ?? boards[0] ?? null;
      return { platform, boards, active, currentOf, lastOf: byBoard(last, boards) };
    });
}
interface CatalogPlatform {
  platform: PartnerPlatformRow;
  boards: LeaderboardRow[];
  active: LeaderboardRow | null;
  currentOf: Record<number, LeaderboardPeriodRow>;
  lastOf: Record<number, LeaderboardPeriodRow>;
}

/**
 * GET /api/r/leaderboard (spec 1 §3, §4). Responses are built once per (period, platform, type) and
 * kept as JSON text under a generation number that every write to the standings or the catalogue
 * bumps (in Redis when several instances share it), so a sync shows at once and hot reads cost a lookup.
 */
export function createLeaderboardsService(deps: { db: Kysely<DB>; cache: Cache; log: WarningLog }) {
  const { db, cache, log } = deps;

  async function generation(): Promise<string> {
    const current = await cache.get<string>(GENERATION_KEY);
    if (current !== undefined) return current;
    const fresh = randomBytes(6).toString('hex');
    await cache.set(GENERATION_KEY, fresh, GENERATION_TTL_MS);
    return fresh;
  }

  async function board(entry: CatalogPlatform, leaderboard: LeaderboardRow | null, period: LeaderboardQuery['period']): Promise<PlatformBoard> {
    const { platform } = entry;
    const shown: LeaderboardPeriodRow | undefined = leaderboard ? (period === 'current' ? entry.currentOf : entry.lastOf)[leaderboard.id] : undefined;
    const [rows, prizeRows] = shown
      ? await Promise.all([leaderboardsRepo.standings(db, shown.id, LEADERBOARD_RANKS_SHOWN), leaderboardsRepo.prizesOf(db, [shown.id])])
      : [[], []];
    const prizes = prizeRows.map((row) => ({ position: row.place, amount: row.amount_cents / 100 }));
    const prizeAt = new Map(prizes.map((prize) => [prize.position, prize.amount]));
    const entries = rows.map(
      (row, index): LeaderboardEntry => ({
        rank: index + 1,
        displayName: platform.mask_names ? maskName(row.username) : row.username,
        wagered: row.amount_cents / 100,
        prize: prizeAt.get(index + 1) ?? null,
      }),
    );
    return {
      leaderboard_type: leaderboard?.leaderboard_type ?? null,
      top_three: entries.slice(0, PODIUM_SIZE),
      rest_of_users: entries.slice(PODIUM_SIZE),
      prizes,
      currency_symbol: platform.currency_symbol,
      amount_format: platform.amount_format,
      current_period: shown ? { start: shown.starts_at, end: shown.ends_at } : null,
    };
  }

  const platformSummary = ({ platform, boards, active, currentOf }: CatalogPlatform): LeaderboardPlatform => ({
    id: platform.id,
    name: platform.name,
    slug: platform.slug,
    image: platform.image,
    currency_symbol: platform.currency_symbol,
    amount_format: platform.amount_format,
    leaderboards: boards.map((row) => ({ leaderboard_type: row.leaderboard_type })),
    active_leaderboard: active ? { leaderboard_type: active.leaderboard_type, current_period_end: currentOf[active.id]?.ends_at ?? null } : null,
  });

  const pick = (catalog: CatalogPlatform[], slug: string | undefined) =>
    catalog.find((entry) => entry.platform.slug === slug) ?? catalog.find((entry) => entry.platform.is_default === 1) ?? catalog[0];

  async function build(catalog: CatalogPlatform[], selected: CatalogPlatform | undefined, type: LeaderboardType | null, period: LeaderboardQuery['period']): Promise<string> {
    const boards = await Promise.all(catalog.map((entry) => board(entry, entry.active, period)));
    const all = Object.fromEntries(catalog.map((entry, index) => [entry.platform.slug, boards[index]]));
    const chosen = selected?.boards.find((row) => row.leaderboard_type === type) ?? null;
    const main = selected && chosen?.id !== selected.active?.id ? await board(selected, chosen, period) : selected ? all[selected.platform.slug] : await board(emptyPlatform, null, period);
    const data: LeaderboardData = {
      ...main,
      platforms: catalog.map(platformSummary),
      all_leaderboards: all,
      period,
      subsections: (selected?.boards ?? []).map((row) => ({ leaderboard_type: row.leaderboard_type, label: LEADERBOARD_TYPE_LABELS[row.leaderboard_type] })),
      selected_platform: selected ? { slug: selected.platform.slug } : null,
    };
    // Parsed once here, so the cached text is exactly the declared shape and no row field slips out.
    return JSON.stringify(leaderboardResponseSchema.parse({ success: true, data }));
  }

  return {
    /** The response as JSON text. Unknown platforms fall back to the default one; unknown types to the active one. */
    async read(query: LeaderboardQuery): Promise<string> {
      const gen = await generation();
      const catalog = await cache.wrap(`leaderboard:${gen}:catalog`, RESPONSE_TTL_MS, () => loadCatalog(db));
      const selected = pick(catalog, query.platform);
      const types = selected?.boards.map((row) => row.leaderboard_type) ?? [];
      const type = query.leaderboard_type && types.includes(query.leaderboard_type) ? query.leaderboard_type : (selected?.active?.leaderboard_type ?? null);
      const key = `leaderboard:${gen}:${query.period}:${selected?.platform.slug ?? ''}:${type ?? ''}`;
      return cache.wrap(key, RESPONSE_TTL_MS, () => build(catalog, selected, type, query.period));
    },

    /**
     * After any change to platforms, boards, periods, prizes, standings, VIP tiers or claims: the next read rebuilds.
     * Never rejects: the change has committed, and telling the member or the staff member it failed (a claim paid, a
     * platform saved) would have them do it again. A cache that missed it (Redis away) serves answers up to a minute
     * old once it is back; the warning says so.
     */
    changed: async (): Promise<void> => {
      try {
        await cache.set(GENERATION_KEY, randomBytes(6).toString('hex'), GENERATION_TTL_MS);
      } catch (error) {
        log.warn({ err: error }, 'leaderboard cache not told of a change: answers up to a minute old may be served');
      }
    },

    generation,

    /** Another area's value built from the same data (the platforms, the VIP tiers), kept until the next change. */
    kept: async <T>(name: string, compute: () => Promise<T>): Promise<T> => cache.wrap(`leaderboard:${await generation()}:${name}`, RESPONSE_TTL_MS, compute),
  };
}

const emptyPlatform: CatalogPlatform = {
  platform: { currency_symbol: '$', amount_format: 'currency', mask_names: 0 } as PartnerPlatformRow,
  boards: [],
  active: null,
  currentOf: {},
  lastOf: {},
};

export type LeaderboardsService = ReturnType<typeof createLeaderboardsService>;
