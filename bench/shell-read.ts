// The reads every page of the site makes (the page itself, session, settings, stats, stream status,
// notifications) under 100 connections, against a hello-world route of the same server in the same run.
// Usage: npm run bench:shell   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_SECONDS=8)
import { benchReads } from './lib';

await benchReads('Shell reads', [
  ['GET / (anonymous page)', '/'],
  ['GET / (signed-in page)', '/', 'signed in'],
  ['GET /api/r/session (signed in)', '/api/r/session', 'signed in'],
  ['GET /api/r/settings', '/api/r/settings'],
  ['GET /api/r/stats/total-given-away', '/api/r/stats/total-given-away'],
  ['GET /api/r/stream/status', '/api/r/stream/status'],
  ['GET /api/notifications (signed in)', '/api/notifications', 'signed in'],
]);
