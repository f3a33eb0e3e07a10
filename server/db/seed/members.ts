import type { Role } from '../../../common/roles';
import { membersRepo } from '../../features/members/members.repo';
import type { Services } from '../../services';
import type { Database } from '../database';
import { seededRandom } from './random';

export const DEMO_MEMBERS: { name: string; role: Role; kick?: string }[] = [
  { name: 'NightSpin', role: 'admin', kick: 'nightspin' },
  { name: 'VelvetMod', role: 'moderator', kick: 'velvetmod' },
  { name: 'ReelKeeper', role: 'moderator' },
  { name: 'BonusBuyBella', role: 'vip', kick: 'bonusbella' },
  { name: 'MaxWinMarco', role: 'vip', kick: 'maxwinmarco' },
  { name: 'ScatterQueen', role: 'vip' },
  { name: 'GoldenGonzo', role: 'vip', kick: 'goldengonzo' },
  { name: 'WildReels', role: 'vip' },
  { name: 'SpinDoctor', role: 'user', kick: 'spindoctor' },
  { name: 'LuckyLuna', role: 'user', kick: 'luckyluna' },
  { name: 'MegaWaysMo', role: 'user' },
  { name: 'StickyWilds', role: 'user', kick: 'stickywilds' },
  { name: 'FreeSpinFinn', role: 'user' },
  { name: 'RetriggerRay', role: 'user', kick: 'retriggerray' },
  { name: 'PurpleHaze', role: 'user' },
  { name: 'MultiplierMia', role: 'user', kick: 'multimia' },
  { name: 'BigBassBen', role: 'user' },
  { name: 'CascadeCleo', role: 'user', kick: 'cascadecleo' },
  { name: 'HighRollerHal', role: 'user' },
  { name: 'ClusterKai', role: 'user' },
  { name: 'NeonNova', role: 'user', kick: 'neonnova' },
  { name: 'JackpotJade', role: 'user' },
  { name: 'TumbleTom', role: 'user', kick: 'tumbletom' },
  { name: 'SugarRushSam', role: 'user' },
  { name: 'RoyalFlushRo', role: 'user' },
  { name: 'CoinShowerCy', role: 'user', kick: 'coinshower' },
  { name: 'DeadOrAliveDee', role: 'user' },
  { name: 'HoldAndWinHugo', role: 'user' },
  { name: 'PaylinePia', role: 'user', kick: 'paylinepia' },
  { name: 'VoltVera', role: 'user' },
  { name: 'BuffaloBo', role: 'user' },
  { name: 'GemstoneGus', role: 'user', kick: 'gemstonegus' },
  { name: 'MoonshotMina', role: 'user' },
  { name: 'ReelRookie', role: 'user' },
  { name: 'XPHunterIvy', role: 'user', kick: 'xphunterivy' },
  { name: 'NudgeNoah', role: 'user' },
];

/**
 * Demo members with balances earned through the ledger (so balances equal ledger sums from the start),
 * XP, and a spread of last-seen times so some show as online.
 */
export async function seedDemoMembers(services: Services, database: Database, now: Date) {
  const random = seededRandom(20261122);
  for (const [index, demo] of DEMO_MEMBERS.entries()) {
    const joined = new Date(now.getTime() - random.int(5, 400) * 86_400_000);
    const seen = index % 4 === 0 ? new Date(now.getTime() - random.int(0, 240) * 1000) : new Date(now.getTime() - random.int(1, 72) * 3_600_000);
    const member = await membersRepo.insert(database.db, {
      discord_id: `demo:${demo.name.toLowerCase()}`,
      username: demo.name,
      global_name: demo.name.replace(/([a-z])([A-Z])/g, '$1 $2'),
      avatar: null,
      kick_user_id: demo.kick ? String(900_000 + index) : null,
      kick_username: demo.kick ?? null,
      role: demo.role,
      bio: null,
      created_at: joined.toISOString(),
      updated_at: joined.toISOString(),
      last_seen_at: seen.toISOString(),
      xp: random.int(0, 24_000),
    });
    const grants = random.int(1, 4);
    for (let grant = 0; grant < grants; grant++) {
      await services.points.apply({
        userId: member.id,
        delta: random.int(5, 180) * 50,
        reason: 'demo_seed',
        note: 'Demo points',
      });
    }
  }
}
