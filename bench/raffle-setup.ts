// The fixtures of bench/raffle-burst.ts, made inside the bench server (BENCH_SETUP=bench/raffle-setup.ts):
// BENCH_MEMBERS members (default 1,000) with points for ten entries and a session each, one open points
// raffle capped at five entries per member, and GET /__bench/raffle-check, which reads the invariants from
// the database after the burst.
import type { FastifyInstance } from 'fastify';
import { raffleInputSchema } from '../common/contracts/raffles-admin';
import type { Database } from '../server/db/database';
import { raffleRepo } from '../server/features/raffles/raffles.repo';
import { burstMembers, type BurstMember } from './burst-members';

export interface RaffleBurstSetup {
  raffleId: number;
  cost: number;
  maxEntries: number;
  members: BurstMember[];
}

export interface RaffleBurstCheck {
  totalEntries: number;
  rows: number;
  entrants: number;
  mostByOneMember: number;
  pointsSpent: number;
  charged: number;
  mismatches: number;
  negativeBalances: number;
}

export async function setup(app: FastifyInstance, database: Database): Promise<RaffleBurstSetup> {
  const count = Number(process.env.BENCH_MEMBERS ?? 1000);
  const cost = 10;
  const maxEntries = 5;
  const staff = await app.services.members.signInLocally('BenchRaffleStaff', 'moderator');
  const raffleId = await app.services.rafflesAdmin.create(
    staff.id,
    raffleInputSchema.parse({
      title: 'Burst Raffle',
      allow_points_entry: true,
      points_per_entry: cost,
      max_entries: maxEntries,
      // Drawn by the background job once its end has passed (bench/instances-burst.ts moves the end).
      auto_draw: true,
      end_datetime: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    }),
  );
  const members = await burstMembers(app, { count, points: cost * 10, prefix: 'Entrant' });

  const db = database.db;
  app.get('/__bench/raffle-check', async (): Promise<RaffleBurstCheck> => {
    const [raffle, perMember, ledger, mismatches, negative] = await Promise.all([
      raffleRepo.find(db, raffleId),
      db
        .selectFrom('raffle_entries')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('entries'), (eb) => eb.fn.sum<number>('points_spent').as('points')])
        .where('raffle_id', '=', raffleId)
        .groupBy('user_id')
        .execute(),
      db.selectFrom('points_ledger').select((eb) => eb.fn.sum<number>('delta').as('total')).where('reason', '=', 'raffle_entry').where('reference', '=', `raffle:${raffleId}`).executeTakeFirstOrThrow(),
      app.services.points.mismatches(),
      db.selectFrom('users').select('id').where('points', '<', 0).execute(),
    ]);
    return {
      totalEntries: Number(raffle?.total_entries),
      rows: perMember.reduce((sum, row) => sum + Number(row.entries), 0),
      entrants: perMember.length,
      mostByOneMember: Math.max(0, ...perMember.map((row) => Number(row.entries))),
      pointsSpent: perMember.reduce((sum, row) => sum + Number(row.points ?? 0), 0),
      charged: -Number(ledger.total ?? 0),
      mismatches: mismatches.length,
      negativeBalances: negative.length,
    };
  });
  return { raffleId, cost, maxEntries, members };
}
