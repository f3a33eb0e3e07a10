import type { Services } from '../../services';
import type { Database } from '../database';
import { seedDemoBonusHunts } from './bonus-hunts';
import { seedDemoChallenges } from './challenges';
import { seedDemoContact } from './contact';
import { seedDemoCommunity } from './community';
import { seedDemoLeaderboards } from './leaderboards';
import { seedDemoMembers } from './members';
import { seedDemoStore } from './store';
import { seedDemoTickets } from './tickets';
import { seedDemoRaffles } from './raffles';
import { seedDemoTournaments } from './tournaments';
import { seededRandom } from './random';

/** Past prizes for the "total given away" figure: leaderboard prizes of earlier periods. */
async function seedDemoPayouts(services: Services, database: Database) {
  const random = seededRandom(7);
  await database.db.transaction().execute(async (trx) => {
    for (let period = 1; period <= 24; period++) {
      await services.stats.recordPayout(trx, {
        source: 'leaderboard',
        reference: `demo-period-${period}`,
        amountCents: random.int(8, 45) * 10_000,
      });
    }
  });
  await services.stats.refresh();
}

export async function hasDemoContent(database: Database) {
  const row = await database.db.selectFrom('users').select('id').where('discord_id', 'like', 'demo:%').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Fills the site with demo content so it looks alive on a fresh machine; later areas add their own here. */
export async function seedDemo(services: Services, database: Database, now = new Date()) {
  await seedDemoMembers(services, database, now);
  await seedDemoCommunity(services, database);
  await seedDemoStore(services, database);
  await seedDemoPayouts(services, database);
  await seedDemoLeaderboards(services, database, now);
  await seedDemoBonusHunts(services, database, now);
  await seedDemoRaffles(services, database, now);
  await seedDemoTournaments(services, database, now);
  await seedDemoChallenges(services, database, now);
  await seedDemoTickets(services, database, now);
  await seedDemoContact(services, database, now);
}

/** At start-up in local mode: seeds only a database that has no members at all. */
export async function seedDemoIfEmpty(services: Services, database: Database): Promise<boolean> {
  const anyone = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return false;
  await seedDemo(services, database);
  return true;
}
