import { formatCount } from '../common/format';
import { isRole, ROLES } from '../common/roles';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { dropEverything, migrateToLatest } from './db/migrate';
import { hasDemoContent, seedDemo } from './db/seed';
import { MemoryCache } from './platform/cache';
import { createServices } from './services';

const USAGE = `Usage: npm run cli -- <command>

  migrate                            apply database migrations
  seed                               add demo content (not in production)
  reset                              drop every table, migrate and add demo content (not in production)
  role <username> <${ROLES.join('|')}>   set a member's role (make the first admin)
  points <username> <delta> <reason> add or remove points through the ledger
  verify-ledger                      check that every balance equals the sum of its ledger`;

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  if (!command || command === 'help') return USAGE;
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir: config.dataDir });
  try {
    if (command === 'reset' || command === 'seed') {
      if (config.env === 'production') throw new Error(`Refusing to ${command} in production.`);
    }
    if (command === 'reset') await dropEverything(database);
    const applied = await migrateToLatest(database);
    const services = createServices({
      config,
      db: database.db,
      cache: new MemoryCache(),
      now: () => new Date(),
      log: { warn: (details, message) => console.warn(message, details) },
    });

    switch (command) {
      case 'migrate':
        return applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.';
      case 'seed':
      case 'reset': {
        if (await hasDemoContent(database)) return 'Demo content is already there.';
        await seedDemo(services, database);
        return command === 'reset' ? 'Database reset and demo content added.' : 'Demo content added.';
      }
      case 'role': {
        const [username, role] = rest;
        if (!username || !isRole(role)) throw new Error(`Usage: role <username> <${ROLES.join('|')}>`);
        const member = await services.members.setRole((await requireMember(services, username)).id, role);
        return `${member.username} is now ${role}.`;
      }
      case 'points': {
        const [username, deltaText, ...reasonWords] = rest;
        const delta = Number(deltaText);
        const reason = reasonWords.join(' ').trim();
        if (!username || !Number.isSafeInteger(delta) || delta === 0 || !reason) {
          throw new Error('Usage: points <username> <delta: a non-zero whole number> <reason>');
        }
        const member = await requireMember(services, username);
        const { balance } = await services.points.apply({ userId: member.id, delta, reason: 'admin_adjustment', note: reason });
        return `${member.username} now has ${formatCount(balance)} points.`;
      }
      case 'verify-ledger': {
        const mismatches = await services.points.mismatches();
        if (!mismatches.length) return 'Every balance equals the sum of its ledger.';
        throw new Error(`Balances that differ from their ledger:\n${mismatches.map((m) => `  ${m.username}: ${m.points} vs ${m.ledger_sum}`).join('\n')}`);
      }
      default:
        throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.destroy();
  }
}

async function requireMember(services: ReturnType<typeof createServices>, username: string) {
  const member = await services.members.findByUsername(username);
  if (!member) throw new Error(`No member named "${username}". They appear after their first sign-in.`);
  return member;
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
