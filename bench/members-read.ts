// The members reads (issue 3): a public profile (also the hover card), the friends list, the pending
// count the top bar polls, and the friend search, against the hello-world route of the same run.
// Usage: npm run bench:members   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_SECONDS=8)
import { benchReads } from './lib';

await benchReads('Members reads', [
  ['GET /api/r/user/{name} (anonymous)', '/api/r/user/BonusBuyBella'],
  ['GET /api/r/user/{name} (signed in)', '/api/r/user/BonusBuyBella', 'signed in'],
  ['GET /api/r/friends (signed in)', '/api/r/friends', 'signed in'],
  ['GET /api/r/friends/pending/count', '/api/r/friends/pending/count', 'signed in'],
  ['GET /api/r/friends/search?query=bo', '/api/r/friends/search?query=bo', 'signed in'],
]);
