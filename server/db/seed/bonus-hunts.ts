import type { Services } from '../../services';
import type { Database } from '../database';
import { DEMO_MEMBERS } from './members';
import { seededRandom, shuffled } from './random';
import { DEMO_SLOTS, seedSlotCatalogue } from './slot-catalogue';

const HOUR = 3_600_000;
const BETS = [1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8, 10, 12, 15, 20];
type Random = ReturnType<typeof seededRandom>;

interface DemoHunt {
  title: string;
  daysAgo: number;
  games: number;
  predictions: number;
  rewards: [number, number, number];
  /** Finished hunts have every win; the running one has this many opened, then one pending. */
  opened?: number;
}

const HUNTS: DemoHunt[] = [
  { title: 'Monthly Mega Hunt', daysAgo: 26, games: 20, predictions: 18, rewards: [5000, 2500, 1000] },
  { title: 'Sunday Chill Hunt', daysAgo: 19, games: 12, predictions: 11, rewards: [2000, 1000, 500] },
  { title: 'Midweek Hunt', daysAgo: 12, games: 8, predictions: 7, rewards: [1000, 500, 0] },
  { title: 'Community Picks Hunt', daysAgo: 6, games: 16, predictions: 14, rewards: [2500, 1500, 750] },
  { title: 'Friday Night Hunt', daysAgo: 2, games: 10, predictions: 12, rewards: [1500, 750, 500] },
  { title: 'Big Bet Saturday', daysAgo: 0, games: 14, predictions: 16, rewards: [3000, 1500, 1000], opened: 6 },
];

/** How a bonus pays, roughly as streams see it: a few dead ones, most under 70x, now and then a big hit. */
function multiplier(random: Random) {
  const roll = random.next();
  if (roll < 0.07) return 0;
  if (roll < 0.3) return random.int(200, 2000) / 100;
  if (roll < 0.72) return random.int(2000, 7000) / 100;
  if (roll < 0.93) return random.int(7000, 15000) / 100;
  return random.int(15000, 60000) / 100;
}

/** Wins for a hunt's games: one 100x+ hit and one 50x+ hit in every hunt, and a dead bonus in most. */
function wins(random: Random, bets: number[]) {
  const multipliers = bets.map(() => multiplier(random));
  const [big, good, dead] = shuffled(random, [...bets.keys()]);
  multipliers[good] = Math.max(multipliers[good], random.int(5000, 9900) / 100);
  multipliers[big] = Math.max(multipliers[big], random.int(10000, 45000) / 100);
  if (random.next() < 0.8) multipliers[dead] = 0;
  return bets.map((bet, index) => Math.round(bet * multipliers[index] * 100) / 100);
}

/**
 * The slot catalogue, five finished hunts (rewards paid to the closest predictions through the ledger) and a
 * running one about half opened with one bonus pending, all run through the staff services as staff would;
 * afterwards their times are moved back to the days they were played.
 */
export async function seedDemoBonusHunts(services: Services, database: Database, now: Date) {
  const random = seededRandom(7_2026);
  const { db } = database;
  const slotIds = await seedSlotCatalogue(services);
  const memberIds = new Map(
    (await db.selectFrom('users').select(['id', 'username']).where('discord_id', 'like', 'demo:%').execute()).map((row) => [row.username, row.id]),
  );
  const admin = { id: memberIds.get('NightSpin')!, role: 'admin' as const };
  const predictors = DEMO_MEMBERS.filter((member) => member.role !== 'admin' && member.role !== 'moderator').map((member) => memberIds.get(member.name)!);

  for (const [order, demo] of HUNTS.entries()) {
    const slots = shuffled(random, DEMO_SLOTS).slice(0, demo.games);
    const bets = slots.map(() => random.pick(BETS));
    const totalBets = bets.reduce((sum, bet) => sum + bet, 0);
    const startBalance = Math.round((totalBets * 100 * (0.8 + random.next() * 0.3)) / 50) * 50;
    const [reward_end_balance, reward_multiplier, reward_game] = demo.rewards;
    const huntId = await services.huntsAdmin.create(admin, { title: demo.title, start_balance: startBalance, reward_end_balance, reward_multiplier, reward_game });
    const gameIds: number[] = [];
    for (const [index, slot] of slots.entries()) {
      const assigned = random.next() < 0.25 ? random.pick(predictors) : null;
      gameIds.push(await services.huntGamesAdmin.add(huntId, { slot_id: slotIds.get(slot.name), slot_provider: '', slot_bet: bets[index], assigned_user_id: assigned }));
    }

    await services.huntsAdmin.openPredictions(huntId);
    const guessers = shuffled(random, predictors).slice(0, demo.predictions);
    for (const userId of guessers) {
      await services.huntPredictions.predict({ id: userId }, huntId, {
        end_balance: Math.round(startBalance * (0.4 + random.next() * 0.9) * 100) / 100,
        highest_multiplier: random.int(3000, 60000) / 100,
        highest_multiplier_game: random.pick(slots).name,
      });
    }

    const results = wins(random, bets);
    const opened = demo.opened ?? gameIds.length;
    for (const [index, gameId] of gameIds.entries()) {
      if (index < opened) await services.huntGamesAdmin.update(huntId, gameId, { slot_win: results[index] });
      else if (index === opened) await services.huntGamesAdmin.update(huntId, gameId, { pending_win: true });
    }
    if (demo.opened === undefined) await services.huntsAdmin.finish(huntId);
    await backdate(database, huntId, now.getTime() - demo.daysAgo * 24 * HOUR - (order === HUNTS.length - 1 ? 2 : 4) * HOUR, demo.opened === undefined);
  }
}

/** Moves a hunt made just now to when it was played: started at `startMs`, predictions in its first half hour, bonuses opened from minute 40, a few minutes apart. */
async function backdate(database: Database, huntId: number, startMs: number, finished: boolean) {
  const { db } = database;
  const at = (minutes: number) => new Date(startMs + minutes * 60_000).toISOString();
  const games = await db.selectFrom('bonus_hunt_games').select(['id', 'opened_at']).where('hunt_id', '=', huntId).orderBy('position').execute();
  for (const [index, game] of games.entries()) {
    await db
      .updateTable('bonus_hunt_games')
      .set({ created_at: at(index), opened_at: game.opened_at === null ? null : at(40 + index * 6) })
      .where('id', '=', game.id)
      .execute();
  }
  const predictions = await db.selectFrom('bonus_hunt_predictions').select('id').where('hunt_id', '=', huntId).orderBy('id').execute();
  for (const [index, prediction] of predictions.entries()) {
    await db.updateTable('bonus_hunt_predictions').set({ created_at: at(5 + Math.floor((index * 30) / predictions.length)) }).where('id', '=', prediction.id).execute();
  }
  const end = at(40 + games.length * 6);
  await db
    .updateTable('bonus_hunts')
    .set({ created_at: at(0), updated_at: finished ? end : at(40 + games.length * 3), finished_at: finished ? end : null })
    .where('id', '=', huntId)
    .execute();
}
