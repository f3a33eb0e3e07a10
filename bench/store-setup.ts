// The fixtures of bench/store-burst.ts, made inside the bench server (BENCH_SETUP=bench/store-setup.ts):
// BENCH_MEMBERS members with points for two redemptions and a session each, one item with BENCH_STOCK in
// stock, and GET /__bench/store-check, which reads the invariants from the database after the burst.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/db/database';
import { burstMembers, type BurstMember } from './burst-members';

export interface StoreBurstSetup {
  itemId: number;
  cost: number;
  stock: number;
  members: BurstMember[];
}

export interface StoreBurstCheck {
  stock: number;
  redemptions: number;
  buyers: number;
  charges: number;
  mismatches: number;
  negativeBalances: number;
}

export async function setup(app: FastifyInstance, database: Database): Promise<StoreBurstSetup> {
  const count = Number(process.env.BENCH_MEMBERS ?? 200);
  const stock = Number(process.env.BENCH_STOCK ?? 50);
  const cost = 100;
  const { store, points } = app.services;
  const item = await store.createItem({
    name: 'Burst Drop',
    description: 'The item every bench member wants at once.',
    image: null,
    cost,
    quantity: stock,
    required_role: 'user',
    max_purchases_per_user: null,
    uses_codes: false,
    is_active: true,
    new_codes: '',
  });
  const made = await burstMembers(app, { count, points: cost * 2, prefix: 'Burst' });

  const db = database.db;
  app.get('/__bench/store-check', async (): Promise<StoreBurstCheck> => {
    const [row, redemptions, charges, mismatches, negative] = await Promise.all([
      db.selectFrom('store_items').select('quantity').where('id', '=', item.id).executeTakeFirstOrThrow(),
      db.selectFrom('store_redemptions').select('user_id').where('item_id', '=', item.id).execute(),
      db.selectFrom('points_ledger').select('id').where('reason', '=', 'store_redemption').where('note', '=', item.name).execute(),
      points.mismatches(),
      db.selectFrom('users').select('id').where('points', '<', 0).execute(),
    ]);
    return {
      stock: Number(row.quantity),
      redemptions: redemptions.length,
      buyers: new Set(redemptions.map((r) => r.user_id)).size,
      charges: charges.length,
      mismatches: mismatches.length,
      negativeBalances: negative.length,
    };
  });
  return { itemId: item.id, cost, stock, members: made };
}
