// The overlay read (issue 7): GET /api/r/bonus-hunts/latest-active, which every OBS overlay polls every 3 s (and
// refetches on each hunt event), against the hello-world route of the same run. The demo content's running hunt
// (14 games, half opened, one pending) is what it answers; the answer is cached JSON text that hunt changes invalidate.
// Usage: npm run bench:overlay   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_SECONDS=8)
import { benchReads } from './lib';

await benchReads('Overlay read', [['GET /api/r/bonus-hunts/latest-active', '/api/r/bonus-hunts/latest-active']]);
