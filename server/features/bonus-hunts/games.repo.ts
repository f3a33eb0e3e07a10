import type { HuntGame, HuntMember } from '../../../common/contracts/bonus-hunts';
import { gameMultiplier } from '../../../common/bonus-hunts';
import type { Executor, UserRow } from '../../db/types';

export type AvatarOf = (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;

export const toHuntMember = (user: Pick<UserRow, 'id' | 'username' | 'kick_username' | 'discord_id' | 'avatar'>, avatarOf: AvatarOf): HuntMember => ({
  id: user.id,
  username: user.username,
  kick_username: user.kick_username,
  avatar_url: avatarOf(user),
});

/** The games of some hunts in their order, with their slot and assigned member, keyed by hunt id. */
export async function listHuntGames(db: Executor, huntIds: readonly number[], avatarOf: AvatarOf): Promise<Map<number, HuntGame[]>> {
  const byHunt = new Map<number, HuntGame[]>(huntIds.map((id) => [id, []]));
  if (huntIds.length === 0) return byHunt;
  const rows = await db
    .selectFrom('bonus_hunt_games as g')
    .innerJoin('slots as s', 's.id', 'g.slot_id')
    .leftJoin('users as u', 'u.id', 'g.assigned_user_id')
    .where('g.hunt_id', 'in', huntIds)
    .select([
      'g.id', 'g.hunt_id', 'g.position', 'g.slot_id', 'g.bet_cents', 'g.win_cents', 'g.pending_win',
      's.name as slot_name', 's.provider as slot_provider', 's.image as slot_image',
      'u.id as user_id', 'u.username', 'u.kick_username', 'u.discord_id', 'u.avatar',
    ])
    .orderBy('g.hunt_id')
    .orderBy('g.position')
    .orderBy('g.id')
    .execute();
  for (const row of rows) {
    const bet = Number(row.bet_cents) / 100;
    const win = row.win_cents === null ? 0 : Number(row.win_cents) / 100;
    byHunt.get(row.hunt_id)?.push({
      id: row.id,
      position: row.position,
      slot_id: row.slot_id,
      slot_name: row.slot_name,
      slot_provider: row.slot_provider,
      slot_image: row.slot_image,
      slot_bet: bet,
      slot_win: win,
      multiplier: gameMultiplier(bet, win),
      pending_win: row.pending_win === 1,
      opened: row.win_cents !== null,
      assigned_to:
        row.user_id === null || row.username === null || row.discord_id === null
          ? null
          : toHuntMember({ id: row.user_id, username: row.username, kick_username: row.kick_username, discord_id: row.discord_id, avatar: row.avatar }, avatarOf),
    });
  }
  return byHunt;
}
