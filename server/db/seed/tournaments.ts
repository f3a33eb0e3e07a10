import { tournamentInputSchema } from '../../../common/contracts/tournaments-admin';
import { projectBracket, type BracketMatch, type TournamentSize } from '../../../common/tournaments';
import type { Services } from '../../services';
import type { Database } from '../database';
import { seededRandom, shuffled } from './random';

/*
 * Demo tournaments, run through the real staff and member services (decision 020): one taking predictions,
 * one in progress (round 1 played, predictions closed and scored), one finished with its winner and the
 * rewards paid through the ledger. Seats are catalogue slots (their images show), some played by members.
 */

const DAY = 24 * 3_600_000;

type Random = ReturnType<typeof seededRandom>;
type Predictor = Parameters<Services['tournaments']['predict']>[0];

interface DemoTournament {
  name: string;
  description: string;
  size: TournamentSize;
  reward_points: number[];
  /** Seats with a member playing them. */
  players: number;
  predictors: number;
  /** Rounds staff decided: 0 (predictions still open), 1 (in progress) or all (finished). */
  decidedRounds: number;
  createdDaysAgo: number;
}

const TOURNAMENTS: DemoTournament[] = [
  {
    name: 'Spooky Slots Showdown', description: 'Eight spooky slots, one champion. Every seat was played on stream by a member of the community.',
    size: 8, reward_points: [5000, 2500, 1000], players: 8, predictors: 12, decidedRounds: 3, createdDaysAgo: 16,
  },
  {
    name: 'Community Cup: 16 Slots', description: 'Sixteen community favourites, one bonus each per match. Round 1 is done: how is your bracket holding up?',
    size: 16, reward_points: [10000, 5000, 2500, 1000, 500], players: 10, predictors: 14, decidedRounds: 1, createdDaysAgo: 3,
  },
  {
    name: 'Friday Night Slot Battle', description: 'Eight slots battle it out on Friday’s stream. Predict the bracket before the first bonus opens!',
    size: 8, reward_points: [3000, 1500, 750], players: 5, predictors: 8, decidedRounds: 0, createdDaysAgo: 1,
  },
];

/** Picks of the first `rounds` rounds, round by round: each one of the two names the member's own bracket puts there. */
export function bracketPicks(random: Random, matches: readonly BracketMatch[], rounds: number) {
  const picks = new Map<number, string>();
  for (let round = 0; round < rounds; round++) {
    for (const match of projectBracket(matches, picks)[round]) picks.set(match.id, random.next() < 0.5 ? match.slot1_name! : match.slot2_name!);
  }
  return [...picks].map(([match_id, winner_name]) => ({ match_id, winner_name }));
}

export async function seedDemoTournaments(services: Services, database: Database, now: Date) {
  const random = seededRandom(9_2026);
  const { db } = database;
  const staff = await db.selectFrom('users').select(['id', 'role']).where('discord_id', '=', 'demo:nightspin').executeTakeFirstOrThrow();
  const demoUsers = await db.selectFrom('users').selectAll().where('discord_id', 'like', 'demo:%').orderBy('id').execute();
  const members: Predictor[] = demoUsers.filter((user) => user.role === 'user' || user.role === 'vip');
  const catalogue = await db.selectFrom('slots').select(['id', 'name']).orderBy('id').execute();

  for (const demo of TOURNAMENTS) {
    const slots = shuffled(random, catalogue).slice(0, demo.size);
    const players = shuffled(random, members).slice(0, demo.players);
    const input = tournamentInputSchema.parse({
      name: demo.name,
      description: demo.description,
      size: demo.size,
      slots: slots.map((slot, index) => ({ name: slot.name, slot_id: slot.id, user_id: players[index]?.id ?? null })),
      reward_points: demo.reward_points,
    });
    const id = await services.tournamentsAdmin.create(staff, input);
    await services.tournamentsAdmin.generate(id);
    await services.tournamentsAdmin.openPredictions(id);
    const bracket = await services.tournamentsAdmin.get(id);
    const rounds = Math.log2(demo.size);
    for (const member of shuffled(random, members).slice(0, demo.predictors)) {
      // Most fill the whole bracket; some only the first round or two.
      await services.tournaments.predict(member, id, { predictions: bracketPicks(random, bracket.matches, random.next() < 0.75 ? rounds : random.int(1, rounds - 1)) });
    }
    if (demo.decidedRounds === 0) {
      await backdate(database, id, now.getTime() - demo.createdDaysAgo * DAY, null);
      continue;
    }
    await services.tournamentsAdmin.closePredictions(id);
    for (let round = 0; round < demo.decidedRounds; round++) {
      const played = (await services.tournamentsAdmin.get(id)).matches.filter((match) => match.round === round + 1);
      for (const match of played) {
        // The slot whose bonus paid the higher multiplier wins its match.
        const multipliers = { slot1_multiplier: random.int(20, 150_000) / 100, slot2_multiplier: random.int(20, 150_000) / 100 };
        const winner = multipliers.slot1_multiplier >= multipliers.slot2_multiplier ? match.slot1_name! : match.slot2_name!;
        await services.tournamentResults.setResult(id, match.id, { winner_name: winner, ...multipliers });
      }
    }
    const finished = demo.decidedRounds === rounds;
    if (finished) await services.tournamentResults.finish(id);
    await backdate(database, id, now.getTime() - demo.createdDaysAgo * DAY, finished ? now.getTime() - (demo.createdDaysAgo - 2) * DAY : null);
  }
}

/** Moves a tournament made just now to its demo days: predictions in its first day, results after, the finish last. */
async function backdate(database: Database, id: number, createdMs: number, finishedMs: number | null) {
  const { db } = database;
  const at = (ms: number) => new Date(ms).toISOString();
  const created = at(createdMs);
  const predictions = await db.selectFrom('tournament_predictions').select('id').where('tournament_id', '=', id).orderBy('id').execute();
  for (const [index, prediction] of predictions.entries()) {
    const saved = at(createdMs + ((index + 1) * DAY) / (predictions.length + 2));
    await db.updateTable('tournament_predictions').set({ created_at: saved, updated_at: saved }).where('id', '=', prediction.id).execute();
  }
  const decided = at(createdMs + DAY);
  await db.updateTable('tournament_matches').set({ decided_at: decided }).where('tournament_id', '=', id).where('decided_at', 'is not', null).execute();
  const finished = finishedMs === null ? null : at(finishedMs);
  await db.updateTable('tournaments').set({ created_at: created, generated_at: created, updated_at: finished ?? decided, ...(finished ? { finished_at: finished } : {}) }).where('id', '=', id).execute();
  if (finished) await db.updateTable('tournament_rewards').set({ paid_at: finished }).where('tournament_id', '=', id).execute();
}
