import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/* The challenge row as both sides read it: the challenge, its catalogue slot's image, its claimer and its claim count. */

export const selectChallenges = (db: Executor) =>
  db
    .selectFrom('challenges as c')
    .leftJoin('slots as s', 's.id', 'c.slot_id')
    .leftJoin('users as u', 'u.id', 'c.claimed_by')
    .selectAll('c')
    .select(['s.image as catalogue_image', 'u.username as claimer_username', 'u.kick_username as claimer_kick_username', 'u.discord_id as claimer_discord_id', 'u.avatar as claimer_avatar'])
    .select(sql<number>`(select count(*) from challenge_claims cc where cc.challenge_id = c.id)`.as('claims_count'))
    .select(sql<number>`(select count(*) from challenge_claims cc where cc.challenge_id = c.id and cc.status = 'pending')`.as('pending_claims'));

export type ChallengeListRow = Awaited<ReturnType<ReturnType<typeof selectChallenges>['executeTakeFirstOrThrow']>>;

export const challengeRowById = (db: Executor, id: number) => selectChallenges(db).where('c.id', '=', id).executeTakeFirst();

/** A claim with its member's columns (the author), for either side's mapping. */
export const selectClaims = (db: Executor) =>
  db
    .selectFrom('challenge_claims as cl')
    .innerJoin('users as u', 'u.id', 'cl.user_id')
    .selectAll('cl')
    .select(['u.username', 'u.kick_username', 'u.discord_id', 'u.avatar']);

export type ClaimListRow = Awaited<ReturnType<ReturnType<typeof selectClaims>['executeTakeFirstOrThrow']>>;
