import type { Kysely } from 'kysely';
import { gameMultiplier, huntTimeAgo } from '../../../common/bonus-hunts';
import {
  currentHuntResponseSchema,
  latestActiveResponseSchema,
  predictionSchema,
  type HuntAllTimeStats,
  type HuntHistoryItem,
  type Prediction,
  type RecordGame,
  type SlotResults,
} from '../../../common/contracts/bonus-hunts';
import type { DB } from '../../db/types';
import { MemoryCache } from '../../platform/cache';
import { notFound } from '../../platform/errors';
import { bonusHuntsRepo as repo } from './bonus-hunts.repo';
import { listHuntGames, type AvatarOf } from './games.repo';
import type { HuntEvents } from './hunt-events';
import { dollars, toOverlayHunt, toPrediction, toSharedHunt, type SharedHunt } from './hunt-views';

export const HUNT_NOT_FOUND = 'Bonus hunt not found.';
/** Spec 1 §9: five recent games per slot. */
export const SLOT_RECENT_GAMES = 5;

/** A safety net only: every hunt change starts a new generation, so readers see a change as soon as its event arrives. */
const RESPONSE_TTL_MS = 5_000;

type RecordRow = NonNullable<Awaited<ReturnType<typeof repo.biggestWinEver>>>;
const toRecordGame = (row: RecordRow | undefined): RecordGame | null =>
  row
    ? {
        bonus_hunt_id: row.hunt_id,
        slot_name: row.slot_name,
        slot_provider: row.slot_provider,
        slot_image: row.slot_image,
        slot_bet: dollars(row.bet_cents),
        slot_win: dollars(row.win_cents ?? 0),
        multiplier: gameMultiplier(dollars(row.bet_cents), dollars(row.win_cents ?? 0)),
      }
    : null;

/** How the shared text of GET current ends, where a viewer's own prediction goes. */
const NO_OWN_PREDICTION_END = 'null}}';

/** The slot catalogue's key for a name (migration 0006: lower-cased and trimmed). */
export const slotNameKey = (name: string) => name.trim().toLowerCase();

/**
 * What members and the overlay read about bonus hunts (spec 1 §3, §7; spec 2 §3, §7). The shared reads are
 * built once per hunt change and instance, so the overlay's 3-second polls from every stream cost a memory lookup.
 */
export function createBonusHuntsService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; huntEvents: HuntEvents }) {
  const { db, now, avatarOf } = deps;

  // Every instance hears every hunt change (through Redis pub/sub when there are several), so each keeps the built
  // answers in its own memory: a poll costs no database or Redis round trip, and a change starts a new generation.
  const built = new MemoryCache(100);
  let generation = 0;
  deps.huntEvents.listen(() => {
    generation += 1;
  });
  const cached = <T>(name: string, build: () => Promise<T>): Promise<T> => built.wrap(`${generation}:${name}`, RESPONSE_TTL_MS, build);

  const gamesOf = async (huntId: number) => (await listHuntGames(db, [huntId], avatarOf)).get(huntId) ?? [];
  const predictionsOf = async (huntId: number) => (await repo.predictionsOf(db, huntId)).map((row) => toPrediction(row, avatarOf, now()));

  async function sharedCurrent(): Promise<SharedHunt | null> {
    const hunt = (await repo.active(db)) ?? (await repo.lastFinished(db));
    if (!hunt) return null;
    const [games, predictions] = await Promise.all([gamesOf(hunt.id), predictionsOf(hunt.id)]);
    return toSharedHunt(hunt, games, predictions, now());
  }

  async function finishedHunts() {
    return (await repo.finished(db)).map((row) => {
      const startCents = Number(row.start_balance_cents);
      const endCents = Number(row.end_balance_cents ?? row.wins_cents ?? 0);
      return { row, startCents, endCents, slots: Number(row.games_count ?? 0) };
    });
  }

  return {
    /**
     * GET current as JSON text: the running hunt, else the last finished one, with the viewer's own prediction when
     * signed in. The text every viewer shares is built (and checked against the response schema) once per hunt
     * change and ends with `"user_prediction":null}}`, so a member's own prediction is spliced in there.
     */
    async currentJson(viewerId: number | null): Promise<string> {
      const { id, text } = await cached('current', async () => {
        const shared = await sharedCurrent();
        const { data } = currentHuntResponseSchema.parse({ success: true, data: shared && { ...shared, user_prediction: null } });
        if (!data) return { id: null, text: JSON.stringify({ success: true, data: null }) };
        const { user_prediction: _none, ...rest } = data;
        return { id: data.id, text: JSON.stringify({ success: true, data: { ...rest, user_prediction: null } }) };
      });
      const own = id === null || viewerId === null ? undefined : await repo.predictionOf(db, id, viewerId);
      if (!own) return text;
      return `${text.slice(0, -NO_OWN_PREDICTION_END.length)}${JSON.stringify(predictionSchema.parse(toPrediction(own, avatarOf, now())))}}}`;
    },

    history: (): Promise<HuntHistoryItem[]> =>
      cached('history', async () =>
        (await finishedHunts()).map(({ row, startCents, endCents, slots }) => ({
          id: row.id,
          title: row.title,
          start_balance: startCents / 100,
          end_balance: endCents / 100,
          created_at: row.created_at,
          created_at_human: huntTimeAgo(row.created_at, now()),
          statistics: { profit_loss: (endCents - startCents) / 100, number_of_slots: slots },
        })),
      ),

    stats: (): Promise<HuntAllTimeStats> =>
      cached('stats', async () => {
        const [hunts, biggest, highest] = await Promise.all([finishedHunts(), repo.biggestWinEver(db), repo.highestMultiplierEver(db)]);
        return {
          total_hunts: hunts.length,
          total_slots_played: hunts.reduce((sum, hunt) => sum + hunt.slots, 0),
          total_profit_loss: hunts.reduce((sum, hunt) => sum + hunt.endCents - hunt.startCents, 0) / 100,
          biggest_win: biggest ? dollars(biggest.win_cents ?? 0) : 0,
          biggest_win_game: toRecordGame(biggest),
          highest_multiplier_game: toRecordGame(highest),
        };
      }),

    /** Every prediction of a hunt, newest first. */
    async predictions(huntId: number): Promise<Prediction[]> {
      if (!(await repo.find(db, huntId))) throw notFound(HUNT_NOT_FOUND);
      return predictionsOf(huntId);
    },

    /** Spec 1 §3 Slot past results, over the opened and settled games of every hunt; zeros for a slot never played. */
    async slotResults(slotName: string): Promise<SlotResults> {
      const plays = (await repo.slotPlays(db, slotNameKey(slotName))).map((row) => {
        const bet = dollars(row.bet_cents);
        const win = dollars(row.win_cents ?? 0);
        return { played_at: row.played_at, slot_bet: bet, slot_win: win, multiplier: gameMultiplier(bet, win) };
      });
      const multipliers = plays.map((play) => play.multiplier);
      const totalWonCents = plays.reduce((sum, play) => sum + Math.round(play.slot_win * 100), 0);
      return {
        total_plays: plays.length,
        average_multiplier: plays.length ? Math.round((multipliers.reduce((a, b) => a + b, 0) / plays.length) * 100) / 100 : 0,
        biggest_win: Math.max(0, ...plays.map((play) => play.slot_win)),
        biggest_multiplier: Math.max(0, ...multipliers),
        total_won: totalWonCents / 100,
        recent_games: plays.slice(0, SLOT_RECENT_GAMES).map((play) => ({ ...play, played_at_human: huntTimeAgo(play.played_at, now()) })),
      };
    },

    /** GET latest-active as JSON text (checked against its schema when built): the running hunt for the overlay, or null. */
    latestActiveJson: (): Promise<string> =>
      cached('latest-active', async () => {
        const hunt = await repo.active(db);
        const data = hunt ? toOverlayHunt(hunt, await gamesOf(hunt.id)) : null;
        return JSON.stringify(latestActiveResponseSchema.parse({ success: true, data }));
      }),
  };
}

export type BonusHuntsService = ReturnType<typeof createBonusHuntsService>;
