// The hot reads of a stream night (issue 12): the leaderboard, the current bonus hunt, the overlay's poll, the store,
// a profile and the page itself, each under 100 connections against the hello-world route of the same server in the
// same run. Target: each at least 60 % of hello world, p99 under 50 ms, no errors. Signed-in reads are made by 200 members
// in turn (BENCH_SIGNED_IN). Hello world as those members
// is printed for reference: what resolving a session costs any signed-in read, before the read does anything. Each read
// is loaded twice: plain, and compressed as every browser asks for it (Accept-Encoding).
// Usage: npm run bench:hot   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_SECONDS=8)
import { benchReads } from './lib';

await benchReads('Hot reads', [
  ['GET /api/r/leaderboard', '/api/r/leaderboard'],
  ['GET /api/r/bonus-hunts/current', '/api/r/bonus-hunts/current'],
  ['GET /api/r/bonus-hunts/latest-active', '/api/r/bonus-hunts/latest-active'],
  ['GET /api/r/store (signed in)', '/api/r/store', 'signed in'],
  ['GET /api/r/user/{name}', '/api/r/user/BonusBuyBella'],
  ['GET / (the page, anonymous)', '/'],
], [['hello world, signed in', '/__bench/hello-member', 'signed in']], { asBrowsers: true });
