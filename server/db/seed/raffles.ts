import { raffleInputSchema, type RaffleInput } from '../../../common/contracts/raffles-admin';
import type { RaffleEnterInput } from '../../../common/contracts/raffles';
import type { Services } from '../../services';
import type { Database } from '../database';
import { SESSION_USER_COLUMNS } from '../row-changes';
import { seededRandom, shuffled } from './random';
import { demoImage } from './store';

/*
 * Demo raffles, made through the real services so every commitment, entry hash and pick is genuine (only
 * the seed is random: it must be secret). The password raffle's password is `nightspin` (README, "Demo
 * content"): staff know it from here, members from the stream.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_RAFFLE_PASSWORD = 'nightspin';

type Random = ReturnType<typeof seededRandom>;
type Entrant = Parameters<Services['raffles']['enter']>[0];

interface DemoRaffle {
  input: Omit<RaffleInput, 'end_datetime'>;
  colors: [string, string];
  glyph: string;
  createdDaysAgo: number;
  /** From the moment it was created. */
  runsDays: number;
  /** Members entering, and how each enters (several times for points). */
  entrants: number;
  entry: (random: Random) => { body: RaffleEnterInput; times: number };
  /** Closed, drawn and announced: the ended raffle with verified winners. */
  ended?: boolean;
}

const RAFFLES: DemoRaffle[] = [
  {
    input: { title: 'Hoodie Drop Week', description: 'Three NightSpin hoodies for the community. Free entry or buy extra chances with points.', prize_value: 79, allow_passwordless_entry: true, allow_points_entry: true, points_per_entry: 100, max_entries: 10, winners_count: 3 },
    colors: ['#7c3aed', '#312e81'], glyph: 'HOODIE', createdDaysAgo: 9, runsDays: 7, entrants: 16, ended: true,
    entry: (random) => (random.next() < 0.5 ? { body: { entry_type: 'passwordless' }, times: 1 } : { body: { entry_type: 'points', points_spent: 100 * random.int(1, 4) }, times: 1 }),
  },
  {
    input: { title: '$100 Casino Tip Giveaway', description: 'Two winners get a $100 tip on their partner casino account. Free for every member; drawn automatically at the end.', prize_value: 100, allow_passwordless_entry: true, winners_count: 2, auto_draw: true },
    colors: ['#22c55e', '#14532d'], glyph: '$100', createdDaysAgo: 1, runsDays: 4, entrants: 11,
    entry: () => ({ body: { entry_type: 'passwordless' }, times: 1 }),
  },
  {
    input: { title: 'Gaming Chair Raffle', description: 'One ergonomic gaming chair. 250 points per entry, up to 20 entries each.', prize_value: 349, allow_points_entry: true, points_per_entry: 250, max_entries: 20, winners_count: 1 },
    colors: ['#d946ef', '#6d28d9'], glyph: 'CHAIR', createdDaysAgo: 2, runsDays: 8, entrants: 9,
    entry: (random) => ({ body: { entry_type: 'points', points_spent: 250 * random.int(1, 3) }, times: random.int(1, 2) }),
  },
  {
    input: { title: 'Stream Password Raffle', description: 'The password was said on stream. One winner gets a $50 casino tip.', prize_value: 50, has_password_entry: true, password: DEMO_RAFFLE_PASSWORD, winners_count: 1 },
    colors: ['#38bdf8', '#1e3a8a'], glyph: 'PASS', createdDaysAgo: 0.2, runsDays: 1.5, entrants: 5,
    entry: () => ({ body: { entry_type: 'password', password: DEMO_RAFFLE_PASSWORD }, times: 1 }),
  },
];

/** An ended raffle with verified, announced winners, and three running ones (free, points, password) with entries. */
export async function seedDemoRaffles(services: Services, database: Database, now: Date) {
  const random = seededRandom(8_2026);
  const { db } = database;
  const admin = await db.selectFrom('users').select('id').where('discord_id', '=', 'demo:nightspin').executeTakeFirstOrThrow();
  const members: Entrant[] = await db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .where('discord_id', 'like', 'demo:%')
    .where('role', 'in', ['user', 'vip'])
    .orderBy('id')
    .execute();

  for (const demo of RAFFLES) {
    const image = await services.uploads.saveImage({ filename: `${demo.glyph}.png`, data: await demoImage(demo.colors, demo.glyph) }, 'raffles');
    // Made with an end ahead so it takes entries now; its times move back to the demo's days afterwards.
    const input = raffleInputSchema.parse({ ...demo.input, image, end_datetime: new Date(now.getTime() + DAY).toISOString() });
    const id = await services.rafflesAdmin.create(admin.id, input);
    for (const member of shuffled(random, members).slice(0, demo.entrants)) {
      const { body, times } = demo.entry(random);
      for (let time = 0; time < times; time++) {
        // A demo member short of points simply does not buy more.
        if (body.entry_type === 'points' && (await services.points.balance(member.id)) < body.points_spent) break;
        await services.raffles.enter(member, id, body);
      }
    }
    if (demo.ended) {
      await services.raffleDraws.draw(admin.id, id);
      await services.raffleDraws.announce(admin.id, id);
    }
    await backdate(database, id, { createdMs: now.getTime() - demo.createdDaysAgo * DAY, runsMs: demo.runsDays * DAY, nowMs: now.getTime(), ended: demo.ended === true });
  }
}

/** Moves a raffle made just now to its demo days: entries spread over its run, the draw just after its end. */
async function backdate(database: Database, raffleId: number, { createdMs, runsMs, nowMs, ended }: { createdMs: number; runsMs: number; nowMs: number; ended: boolean }) {
  const { db } = database;
  const at = (ms: number) => new Date(createdMs + ms).toISOString();
  const sinceCreated = Math.min(runsMs, nowMs - createdMs);
  const entries = await db.selectFrom('raffle_entries').select('id').where('raffle_id', '=', raffleId).orderBy('id').execute();
  for (const [index, entry] of entries.entries()) {
    await db.updateTable('raffle_entries').set({ created_at: at(((index + 1) * sinceCreated) / (entries.length + 1)) }).where('id', '=', entry.id).execute();
  }
  const end = at(runsMs);
  await db
    .updateTable('raffles')
    .set({ created_at: at(0), starts_at: at(0), end_datetime: end, updated_at: ended ? at(runsMs + HOUR) : at(0), ...(ended ? { entries_closed_at: end, drawn_at: at(runsMs + 0.5 * HOUR), announced_at: at(runsMs + HOUR) } : {}) })
    .where('id', '=', raffleId)
    .execute();
  if (ended) await db.updateTable('raffle_picks').set({ selected_at: at(runsMs + 0.5 * HOUR) }).where('raffle_id', '=', raffleId).execute();
}
