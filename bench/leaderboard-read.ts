// The leaderboard reads (issue 6): the full /leaderboard response for the default platform (50 seeded players), another
// platform, the last period, and the signed-in VIP data (members without casino names, and members with a demo player's
// name on both casino slots), against the hello-world route of the same run. The leaderboard is answered from a cached
// JSON text that a sync invalidates.
// Usage: npm run bench:leaderboard   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_SECONDS=8)
import { benchReads } from './lib';

await benchReads('Leaderboard reads', [
  ['GET /api/r/leaderboard (default platform)', '/api/r/leaderboard'],
  ['GET /api/r/leaderboard?platform=shuffle', '/api/r/leaderboard?platform=shuffle'],
  ['GET /api/r/leaderboard?period=last', '/api/r/leaderboard?period=last'],
  ['GET /api/r/vip-rewards (signed in, no casino names)', '/api/r/vip-rewards', 'signed in'],
  ['GET /api/r/vip-rewards (signed in, casino names)', '/api/r/vip-rewards', 'signed in with casino names'],
]);
