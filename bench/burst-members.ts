// Members for the burst benchmarks, made inside the bench server (a BENCH_SETUP module): each signed in
// locally with a session of its own and a starting balance granted through the ledger.
import type { FastifyInstance } from 'fastify';

export interface BurstMember {
  id: number;
  /** The session cookie, as the member's browser sends it. */
  cookie: string;
}

export async function burstMembers(app: FastifyInstance, options: { count: number; points: number; prefix: string }): Promise<BurstMember[]> {
  const { members, points, sessions } = app.services;
  const made: BurstMember[] = [];
  for (let start = 0; start < options.count; start += 20) {
    const batch = Array.from({ length: Math.min(20, options.count - start) }, async (_, index) => {
      const user = await members.signInLocally(`${options.prefix}${start + index}`, 'user');
      await points.apply({ userId: user.id, delta: options.points, reason: 'bench' });
      const { token } = await sessions.create(user.id);
      return { id: user.id, cookie: `sid=${token}` };
    });
    made.push(...(await Promise.all(batch)));
  }
  return made;
}
