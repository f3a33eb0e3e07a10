// A crash in the middle of a raffle rush (issue 12, faults): BENCH_MEMBERS members (default 1,000) each buy three
// entries of one points raffle at the same instant; once a third of them have their answer the server gets SIGKILL.
// A new server process then starts on the database the dead one left. Checks: it serves (health, the members'
// sessions), every entry the dead server acknowledged is there, and nothing is half-written (each member has all
// three entries or none, the raffle's total equals its rows, the ledger charged exactly those, balances equal ledger
// sums, none negative). Exits 1 when one does not hold.
// Usage: npm run bench:crash   (BENCH_DATABASE_URL=postgres://… for PostgreSQL, BENCH_MEMBERS)
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { pointsRepo } from '../server/features/points/points.repo';
import { raffleRepo } from '../server/features/raffles/raffles.repo';
import { csrfTokens, postBurst, reportInvariants, startBenchServer } from './lib';
import type { RaffleBurstSetup } from './raffle-setup';

const ENTRIES_PER_BUY = 3;
const KILL_AFTER_SHARE = 1 / 3;

const place = { BENCH_DATA_DIR: mkdtempSync(join(tmpdir(), 'site-crash-')), BENCH_SCHEMA: `bench_crash_${randomBytes(4).toString('hex')}` };
const first = await startBenchServer({ ...place, BENCH_KEEP: '1', BENCH_SETUP: 'bench/raffle-setup.ts' });
const { raffleId, cost, members } = first.setup as RaffleBurstSetup;
const tokens = await csrfTokens(first.base, members);
const calls = members.map((member, index) => ({
  cookie: member.cookie,
  token: tokens[index],
  path: `/api/r/raffles/${raffleId}/enter`,
  body: { entry_type: 'points', points_spent: cost * ENTRIES_PER_BUY },
}));

let killed: Promise<void> | null = null;
const { results } = await postBurst(first.base, calls, (_, answered) => {
  if (!killed && answered >= calls.length * KILL_AFTER_SHARE) killed = first.kill();
});
await killed;
const acknowledged = members.filter((_, index) => results[index].status === 200);
const cut = results.filter((result) => result.status === 0).length;
const refused = results.filter((result) => result.status !== 0 && result.status !== 200);

console.log(`\nCrash mid-burst on ${first.dialect}: ${members.length} members × ${ENTRIES_PER_BUY} entries of ${cost} points; SIGKILL after ${Math.ceil(calls.length * KILL_AFTER_SHARE)} answers`);
console.log(`before the kill  200 × ${acknowledged.length}  other answers × ${refused.length}  cut off × ${cut}`);
if (refused.length) console.log(`                 other: ${[...new Set(refused.map((r) => `${r.status} ${r.message}`))].join(' | ')}`);

const second = await startBenchServer({ ...place, BENCH_RESUME: '1' });
const database = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, databaseSchema: place.BENCH_SCHEMA, dataDir: place.BENCH_DATA_DIR, poolSize: 2 });
try {
  const health = await fetch(`${second.base}/healthz`);
  const sessions = await Promise.all(acknowledged.slice(0, 50).map(async (member) => (await (await fetch(`${second.base}/api/r/session`, { headers: { cookie: member.cookie } })).json()) as { user?: { id: number } }));
  const db = database.db;
  const perMember = await db
    .selectFrom('raffle_entries')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('entries')])
    .where('raffle_id', '=', raffleId)
    .groupBy('user_id')
    .execute();
  const entriesOf = new Map(perMember.map((row) => [row.user_id, Number(row.entries)]));
  const rows = perMember.reduce((sum, row) => sum + Number(row.entries), 0);
  const raffle = await raffleRepo.find(db, raffleId);
  const ledger = await db.selectFrom('points_ledger').select((eb) => eb.fn.sum<number>('delta').as('total')).where('reason', '=', 'raffle_entry').where('reference', '=', `raffle:${raffleId}`).executeTakeFirstOrThrow();
  const charged = -Number(ledger.total ?? 0);
  const lost = acknowledged.filter((member) => entriesOf.get(member.id) !== ENTRIES_PER_BUY);
  const mismatches = await pointsRepo.mismatches(db);
  const negative = await db.selectFrom('users').select('id').where('points', '<', 0).execute();

  console.log(`after restart    ${perMember.length} members with entries (${acknowledged.length} acknowledged, ${perMember.length - acknowledged.length} committed as the server died)`);
  reportInvariants([
    [`the restarted server is healthy: ${health.status}`, health.status === 200],
    [`acknowledged members are still signed in: ${sessions.filter((s) => s.user).length} of ${sessions.length} checked`, sessions.every((s, index) => s.user?.id === acknowledged[index].id)],
    [`no acknowledged entry lost: ${lost.length} missing of ${acknowledged.length}`, lost.length === 0 && acknowledged.length > 0],
    [`nothing half-written: every member has ${ENTRIES_PER_BUY} entries or none`, perMember.every((row) => Number(row.entries) === ENTRIES_PER_BUY)],
    [`the raffle's shown total == entry rows: ${raffle?.total_entries} == ${rows}`, Number(raffle?.total_entries) === rows],
    [`charged == entries × cost: ${charged} == ${rows} × ${cost}`, charged === rows * cost],
    [`balances == ledger sums: ${mismatches.length} mismatches`, mismatches.length === 0],
    [`no negative balance: ${negative.length}`, negative.length === 0],
  ]);
} finally {
  await database.destroy();
  await second.stop();
}
