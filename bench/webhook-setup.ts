// The fixtures of bench/kick-webhooks.ts, made inside the bench server (BENCH_SETUP=bench/webhook-setup.ts):
// BENCH_CHATTERS members linked to Kick accounts 800000+i, a live stream session that began an hour ago,
// and GET /__bench/webhook-check, which reads the invariants from the database after the burst.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../server/db/database';

export interface WebhookBurstCheck {
  messages: number;
  intervals: number;
  credited: number;
  ledgerRows: number;
  mismatches: number;
}

export async function setup(app: FastifyInstance, database: Database): Promise<{ chatters: number }> {
  const chatters = Number(process.env.BENCH_CHATTERS ?? 200);
  const { db } = database;
  for (let start = 0; start < chatters; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, chatters - start) }, async (_, offset) => {
        const index = start + offset;
        const user = await app.services.members.signInLocally(`Chatter${index}`, 'user');
        await db.updateTable('users').set({ kick_user_id: String(800_000 + index), kick_username: `chatter_${index}` }).where('id', '=', user.id).execute();
      }),
    );
  }
  await db.insertInto('stream_sessions').values({ started_at: new Date(Date.now() - 3_600_000).toISOString(), ended_at: null, source: 'webhook' }).execute();

  app.get('/__bench/webhook-check', async (): Promise<WebhookBurstCheck> => {
    const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await query.executeTakeFirstOrThrow()).n);
    return {
      messages: await count(db.selectFrom('kick_webhook_messages').select(sql<number>`count(*)`.as('n'))),
      intervals: await count(db.selectFrom('chat_intervals').select(sql<number>`count(*)`.as('n'))),
      credited: await count(db.selectFrom('chat_intervals').select(sql<number>`count(*)`.as('n')).where('outcome', '=', 'credited')),
      ledgerRows: await count(db.selectFrom('points_ledger').select(sql<number>`count(*)`.as('n')).where('reason', '=', 'chat_activity')),
      mismatches: (await app.services.points.mismatches()).length,
    };
  });
  return { chatters };
}
