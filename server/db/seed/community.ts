import { levelOf } from '../../../common/levels';
import type { Services } from '../../services';
import type { Database } from '../database';
import { seededRandom } from './random';

const BIOS = [
  'Bonus hunt addict. Always predicting the 500x that never comes.',
  'Here for the community, staying for the raffles.',
  'Sticky wilds are a lifestyle.',
  'Tournament bracket nerd. Ask me about my 2024 perfect bracket.',
  'Lurker turned regular. Say hi in chat!',
  'Chasing max wins since the first stream.',
];

/**
 * Makes the demo members a community: bios and social handles, friendships (through the friends
 * service, so notifications and achievements follow), and achievements for the levels they have.
 */
export async function seedDemoCommunity(services: Services, database: Database) {
  const { db } = database;
  const random = seededRandom(31);
  const members = await db.selectFrom('users').select(['id', 'username', 'xp', 'role']).where('discord_id', 'like', 'demo:%').orderBy('id').execute();
  for (const [index, member] of members.entries()) {
    if (index % 3 === 2) continue;
    const handle = member.username.toLowerCase();
    await db
      .updateTable('users')
      .set({
        bio: BIOS[index % BIOS.length],
        twitter_user: index % 2 === 0 ? handle.slice(0, 15) : null,
        youtube_user: index % 4 === 0 ? handle : null,
        tiktok_user: index % 5 === 0 ? handle.slice(0, 24) : null,
      })
      .where('id', '=', member.id)
      .execute();
  }

  for (const [index, member] of members.entries()) {
    for (const step of [1, 3, 7]) {
      const other = members[(index + step) % members.length];
      if (other.id === member.id || random.int(0, 9) < 3) continue;
      const sent = await services.friends.request(member.id, other.id).catch(() => null);
      if (sent?.friendship.id && sent.friendship.status === 'pending' && random.int(0, 9) < 8) {
        await services.friends.accept(other.id, sent.friendship.id);
      }
    }
  }

  const staff = members.find((m) => m.role === 'admin');
  const og = (await services.achievements.list()).find((a) => a.rule_kind === 'manual');
  for (const [index, member] of members.entries()) {
    await db.transaction().execute((trx) => services.achievements.progress(trx, member.id, 'level', levelOf(member.xp).level));
    if (staff && og && index < 5) await services.achievements.grant(staff.id, member.id, og.id).catch(() => undefined);
  }
}
