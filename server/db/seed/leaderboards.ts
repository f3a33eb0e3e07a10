import sharp from 'sharp';
import type { Services } from '../../services';
import type { Database } from '../database';
import { seededRandom } from './random';

const DAY = 86_400_000;

/** Casino usernames of the demo players (not members: most affiliate players never join the site). */
export const PLAYERS = [
  'ReelRoyalty', 'LuckyLuna', 'SpinSultan', 'BonusBuyBella', 'WildWanderer', 'MegaMaxine', 'StickyStan', 'VolatileVic', 'ScatterSage',
  'RetriggerRex', 'NeonNights', 'HighStakesHal', 'CrashCourse', 'PlinkoPete', 'MinesMira', 'DiceDuke', 'BlackjackBea', 'RouletteRio',
  'SlotSensei', 'GoldRushGabe', 'PaylinePaz', 'CascadeCal', 'TumbleTia', 'ClusterCole', 'FreeSpinFay', 'MultiMarlo', 'JackpotJules',
  'HoldWinHank', 'BuffaloBree', 'SugarSpinSia', 'GatesGuru', 'SweetBonanzaBo', 'DogHouseDex', 'BigBassBrody', 'WantedWes', 'ChaosCrewCy',
  'FruitPartyFin', 'StarlightSky', 'MoonPrincess', 'ZeusZane', 'HadesHolly', 'OlympusOz', 'RazorReturns', 'MentalMika', 'SanQuentinSol',
  'TombstoneTy', 'DeadwoodDot', 'FireInTheHole', 'XWaysXena', 'NoLimitNico', 'PragmaticPia', 'HacksawHugo', 'RelaxRuby', 'PushGamingPax',
] as const;

async function logo(colors: [string, string], label: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs><rect width="256" height="256" rx="56" fill="url(#g)"/><text x="128" y="158" font-family="sans-serif" font-size="88" font-weight="800" fill="#ffffff" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Wagers for `count` players, biggest first, in dollars with cents (or whole XP). */
function standings(random: ReturnType<typeof seededRandom>, count: number, top: number, offset: number, xp = false) {
  return Array.from({ length: count }, (_, index) => {
    const amount = top / (1 + index * 0.35) + random.int(0, 900) + random.int(0, 99) / 100;
    return { username: PLAYERS[(index + offset) % PLAYERS.length], cents: Math.round((xp ? Math.round(amount) : amount) * 100) };
  });
}

/**
 * Three partner platforms (Packdraw in XP), each with a running period and a finished one; Roobet's
 * live board has 50 players, a sports board beside it and paid prizes last period. VIP tiers on Roobet
 * and Shuffle; LuckyLuna (a demo member) has her Roobet name saved and can claim, BonusBuyBella has
 * claimed two tiers (one waits for staff).
 */
export async function seedDemoLeaderboards(services: Services, database: Database, now: Date) {
  const random = seededRandom(62026);
  const { catalog, standings: write, periods } = services;
  const platforms = [
    { name: 'Roobet', slug: 'roobet', colors: ['#f5c542', '#b45309'] as [string, string], glyph: 'R', slot: 1 as const, xp: false, lengthDays: 7, players: 50, top: 48_000, prizes: [2500, 1250, 600, 300, 150, 100, 50, 25, 25, 25] },
    { name: 'Shuffle', slug: 'shuffle', colors: ['#8b5cf6', '#4c1d95'] as [string, string], glyph: 'S', slot: 2 as const, xp: false, lengthDays: 14, players: 30, top: 31_000, prizes: [1500, 750, 400, 200, 100] },
    { name: 'Packdraw', slug: 'packdraw', colors: ['#22d3ee', '#0e7490'] as [string, string], glyph: 'P', slot: null, xp: true, lengthDays: 30, players: 25, top: 120_000, prizes: [5000, 2500, 1000] },
  ];
  const ids: Record<string, { platformId: number; leaderboardId: number }> = {};
  for (const [order, demo] of platforms.entries()) {
    const image = await services.uploads.saveImage({ filename: `${demo.slug}.png`, data: await logo(demo.colors, demo.glyph) }, 'platforms');
    await catalog.createPlatform({
      name: demo.name,
      slug: demo.slug,
      image,
      currency_symbol: demo.xp ? 'XP' : '$',
      amount_format: demo.xp ? 'xp' : 'currency',
      display_order: order,
      is_default: order === 0,
      mask_names: true,
      casino_slot: demo.slot,
      is_active: true,
    });
    const platform = (await catalog.platforms()).find((row) => row.slug === demo.slug)!;
    // The first period began one length ago plus a few days: it has ended, and the roll-over below starts the live one.
    const startsAt = new Date(now.getTime() - (demo.lengthDays + 3) * DAY).toISOString();
    const leaderboardId = await catalog.createLeaderboard(platform.id, { leaderboard_type: 'normal', period_length: 'custom', custom_days: demo.lengthDays, is_active: true, starts_at: startsAt });
    await periods.setPrizes(leaderboardId, demo.prizes);
    const [finished] = await catalog.periods(leaderboardId);
    await write.setEntries(finished.id, standings(random, Math.round(demo.players * 0.8), demo.top * 0.9, 7, demo.xp), 'import');
    ids[demo.slug] = { platformId: platform.id, leaderboardId };
  }
  await periods.rollOver();
  for (const demo of platforms) {
    const [current, last] = await catalog.periods(ids[demo.slug].leaderboardId);
    await write.setEntries(current.id, standings(random, demo.players, demo.top, 0, demo.xp), 'import');
    if (demo.slug === 'roobet') await periods.payPrizes(last.id, (await adminId(database))!);
  }
  const sports = await catalog.createLeaderboard(ids.roobet.platformId, { leaderboard_type: 'sports_bet', period_length: 'weekly', custom_days: null, is_active: true, starts_at: new Date(now.getTime() - 2 * DAY).toISOString() });
  await periods.setPrizes(sports, [500, 250, 100]);
  const [sportsPeriod] = await catalog.periods(sports);
  await write.setEntries(sportsPeriod.id, standings(random, 18, 9_000, 20), 'import');

  await seedDemoVip(services, database, ids, now);
}

async function adminId(database: Database) {
  return (await database.db.selectFrom('users').select('id').where('discord_id', '=', 'demo:nightspin').executeTakeFirst())?.id;
}

async function seedDemoVip(services: Services, database: Database, ids: Record<string, { platformId: number }>, now: Date) {
  const monthStart = `${now.toISOString().slice(0, 8)}01`;
  const tiers = [
    { platform: 'roobet', name: 'Bronze', description: 'Your first milestone on Roobet with our code.', reward_type: 'points' as const, reward_amount: 1000, min_wagered: 1000, colors: ['#d97706', '#78350f'] },
    { platform: 'roobet', name: 'Silver', description: 'A cash tip straight to your Roobet account.', reward_type: 'cash' as const, reward_amount: 25, min_wagered: 10_000, colors: ['#cbd5e1', '#475569'] },
    { platform: 'roobet', name: 'Gold', description: 'A bigger cash tip for serious grinders.', reward_type: 'cash' as const, reward_amount: 100, min_wagered: 50_000, colors: ['#fbbf24', '#92400e'] },
    { platform: 'roobet', name: 'Diamond Hoodie', description: 'The limited NightSpin diamond hoodie, shipped to you.', reward_type: 'other' as const, reward_amount: 0, min_wagered: 250_000, colors: ['#67e8f9', '#6d28d9'] },
    { platform: 'roobet', name: 'Monthly Sprint', description: 'Wager this month to grab bonus points.', reward_type: 'points' as const, reward_amount: 2500, min_wagered: 5000, colors: ['#f0abfc', '#86198f'], after: monthStart },
    { platform: 'shuffle', name: 'Shuffle Starter', description: 'Welcome bonus for Shuffle players.', reward_type: 'points' as const, reward_amount: 500, min_wagered: 2500, colors: ['#a78bfa', '#4c1d95'] },
    { platform: 'shuffle', name: 'Shuffle High Roller', description: 'Cash for the biggest Shuffle wagers.', reward_type: 'cash' as const, reward_amount: 50, min_wagered: 25_000, colors: ['#818cf8', '#312e81'] },
  ];
  for (const [order, tier] of tiers.entries()) {
    const image = await services.uploads.saveImage({ filename: `${tier.name}.png`, data: await logo(tier.colors as [string, string], tier.name[0]) }, 'vip');
    await services.vipAdmin.createTier({
      platform_id: ids[tier.platform].platformId,
      name: tier.name,
      description: tier.description,
      image,
      reward_type: tier.reward_type,
      reward_amount: tier.reward_amount,
      min_wagered: tier.min_wagered,
      count_wager_after_date: tier.after ?? null,
      display_order: order,
      is_active: true,
    });
  }
  const member = (name: string) => database.db.selectFrom('users').select('id').where('discord_id', '=', `demo:${name.toLowerCase()}`).executeTakeFirstOrThrow();
  const luna = await member('LuckyLuna');
  const bella = await member('BonusBuyBella');
  await database.db.updateTable('users').set({ crypto: 'LuckyLuna', crypto2: 'LuckyLuna' }).where('id', '=', luna.id).execute();
  await database.db.updateTable('users').set({ crypto: 'BonusBuyBella' }).where('id', '=', bella.id).execute();
  const all = await services.vipAdmin.tiers();
  for (const name of ['Bronze', 'Silver']) await services.vip.claim(bella, all.find((tier) => tier.name === name)!.id);
}
