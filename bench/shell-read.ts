// The reads every page of the site makes (the page itself, session, settings, stats, stream status,
// notifications) under 100 connections, against a hello-world route of the same server in the same run.
// Usage: npm run bench:shell   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_SECONDS=8)
import { measure, report, startBenchServer } from './lib';

const server = await startBenchServer();
const signedIn = { cookie: server.cookie };
try {
  const baseline = await measure('hello world (baseline)', `${server.base}/__bench/hello`);
  const reads = [
    await measure('GET / (anonymous page)', `${server.base}/`),
    await measure('GET / (signed-in page)', `${server.base}/`, { headers: signedIn }),
    await measure('GET /api/r/session (signed in)', `${server.base}/api/r/session`, { headers: signedIn }),
    await measure('GET /api/r/settings', `${server.base}/api/r/settings`),
    await measure('GET /api/r/stats/total-given-away', `${server.base}/api/r/stats/total-given-away`),
    await measure('GET /api/r/stream/status', `${server.base}/api/r/stream/status`),
    await measure('GET /api/notifications (signed in)', `${server.base}/api/notifications`, { headers: signedIn }),
  ];
  const passed = report(`Shell reads on ${server.dialect}`, baseline, reads, { ratio: 0.6, p99Ms: 50 });
  process.exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
}
