// The fixtures of bench/prediction-burst.ts, made inside the bench server (BENCH_SETUP=bench/prediction-setup.ts):
// BENCH_MEMBERS members (default 500) with a session each, one generated 32-slot tournament taking predictions,
// and GET /__bench/prediction-check, which reads what was stored from the database after the burst.
import type { FastifyInstance } from 'fastify';
import type { BracketMatch } from '../common/tournaments';
import { tournamentInputSchema } from '../common/contracts/tournaments-admin';
import type { Database } from '../server/db/database';
import { tournamentsAdminRepo } from '../server/features/tournaments/tournaments-admin.repo';
import { burstMembers, type BurstMember } from './burst-members';

export interface PredictionBurstSetup {
  tournamentId: number;
  matches: BracketMatch[];
  members: BurstMember[];
}

export interface PredictionBurstCheck {
  predictionsCount: number;
  rows: number;
  members: number;
  /** Each member's stored picks as `match id:slot name`, sorted, joined by commas. */
  stored: Record<number, string>;
}

export async function setup(app: FastifyInstance, database: Database): Promise<PredictionBurstSetup> {
  const count = Number(process.env.BENCH_MEMBERS ?? 500);
  const { tournamentsAdmin } = app.services;
  const staff = await app.services.members.signInLocally('BenchTournamentStaff', 'moderator');
  const tournamentId = await tournamentsAdmin.create(
    staff,
    tournamentInputSchema.parse({ name: 'Burst Bracket', size: 32, slots: Array.from({ length: 32 }, (_, index) => ({ name: `Bench Slot ${index + 1}` })) }),
  );
  await tournamentsAdmin.generate(tournamentId);
  await tournamentsAdmin.openPredictions(tournamentId);
  const { matches } = await tournamentsAdmin.get(tournamentId);
  const members = await burstMembers(app, { count, points: 100, prefix: 'Predictor' });

  const db = database.db;
  app.get('/__bench/prediction-check', async (): Promise<PredictionBurstCheck> => {
    const [tournament, predictions, picks] = await Promise.all([
      tournamentsAdminRepo.find(db, tournamentId),
      db.selectFrom('tournament_predictions').select(['id', 'user_id']).where('tournament_id', '=', tournamentId).execute(),
      db
        .selectFrom('tournament_picks as p')
        .innerJoin('tournament_predictions as tp', 'tp.id', 'p.prediction_id')
        .innerJoin('tournament_slots as s', (join) => join.onRef('s.tournament_id', '=', 'tp.tournament_id').onRef('s.position', '=', 'p.winner_position'))
        .select(['tp.user_id', 'p.match_id', 's.name'])
        .where('tp.tournament_id', '=', tournamentId)
        .execute(),
    ]);
    const byMember = new Map<number, string[]>();
    for (const pick of picks) (byMember.get(pick.user_id) ?? byMember.set(pick.user_id, []).get(pick.user_id)!).push(`${pick.match_id}:${pick.name}`);
    return {
      predictionsCount: Number(tournament?.predictions_count),
      rows: predictions.length,
      members: new Set(predictions.map((row) => row.user_id)).size,
      stored: Object.fromEntries([...byMember].map(([userId, list]) => [userId, list.sort().join(',')])),
    };
  });
  return { tournamentId, matches: matches.map(({ id, round, match_number, slot1_name, slot2_name, winner_name }) => ({ id, round, match_number, slot1_name, slot2_name, winner_name })), members };
}
