import type { Kysely } from 'kysely';
import { PROFILE_ACTIVITY_ITEMS } from '../../../common/limits';
import type { Raffle, RaffleDetail, RaffleEnterInput, RaffleEnterResponse, RaffleEntry } from '../../../common/contracts/raffles';
import type { RaffleFilter } from '../../../common/raffles';
import type { DB } from '../../db/types';
import type { SessionUser } from '../../platform/auth/sessions';
import { notFound, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { PointsService } from '../points/points.service';
import type { ProfileActivitySource } from '../profiles/profiles.service';
import { checkRafflePassword } from './raffle-password';
import { raffleState, toEntries, toPick, toRaffle, toUserStats, type AvatarOf } from './raffle-views';
import { createRaffleEntries, entryTerms } from './raffle-entries';
import type { RaffleRows } from './raffle-rows';
import { RAFFLE_MESSAGES } from './raffle-messages';
import { raffleRepo as repo } from './raffles.repo';

export { RAFFLE_MESSAGES };

/**
 * The members' side of raffles (spec 2 §3, §5, §7; decision 019): the public list and detail, every entry,
 * and entering: the checks that need no lock here, then the entry itself with the calls arriving beside it
 * (raffle-entries.ts), so a member's parallel calls, other members' entries and staff closing the raffle all see
 * each other.
 */
export function createRafflesService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  avatarOf: AvatarOf;
  points: PointsService;
  achievements: AchievementsService;
  rows: RaffleRows;
}) {
  const { db, now, avatarOf } = deps;
  const raffleEntries = createRaffleEntries(deps);

  const activity: ProfileActivitySource = {
    counts: async (userId) => ({ raffle_entries: await repo.entriesCountBy(db, userId) }),
    recent: async (userId) => ({
      raffle_entries: (await repo.recentEntriesBy(db, userId, PROFILE_ACTIVITY_ITEMS)).map((row) => ({
        id: row.id,
        created_at: row.created_at,
        entry_type: row.entry_type,
        points_spent: row.points_spent,
        // On a profile "active" means the raffle still takes entries: every raffle entered has started.
        raffle: { title: row.title, is_active: raffleState({ ...row, announced_at: null }, now()).is_accepting_entries },
      })),
    }),
  };

  async function requireRaffle(id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(RAFFLE_MESSAGES.notFound);
    return row;
  }

  /** Refusals that need no lock: the raffle, its state, the member's eligibility, the form and the password. */
  async function checkEntry(member: SessionUser, raffleId: number, input: RaffleEnterInput) {
    const raffle = await deps.rows.get(raffleId);
    if (!raffle) throw notFound(RAFFLE_MESSAGES.notFound);
    const terms = entryTerms(member, raffle, input, now());
    if (input.entry_type === 'password' && !(await checkRafflePassword(input.password, raffle.password_hash!))) {
      throw unprocessable(RAFFLE_MESSAGES.wrongPassword, { password: [RAFFLE_MESSAGES.wrongPassword] });
    }
    return { raffle, ...terms };
  }

  return {
    activity,

    async list(filter: RaffleFilter): Promise<Raffle[]> {
      const at = now();
      const rows = await repo.list(db, filter, at.toISOString());
      const picks = await repo.picksOf(db, rows.filter((row) => row.announced_at !== null).map((row) => row.id));
      return rows.map((row) => toRaffle(row, picks.filter((pick) => pick.raffle_id === row.id), avatarOf, at));
    },

    /** The raffle with the viewer's share and entries, and the draw: commitments always, the seed and picks once announced. */
    async detail(raffleId: number, viewerId: number | null): Promise<RaffleDetail> {
      const at = now();
      const row = await requireRaffle(raffleId);
      const announced = row.announced_at !== null;
      const [picks, totals, own] = await Promise.all([
        announced ? repo.picksOf(db, [raffleId]) : [],
        viewerId === null ? null : repo.memberTotals(db, raffleId, [viewerId]),
        viewerId === null ? [] : repo.entriesOf(db, raffleId, viewerId),
      ]);
      return {
        ...toRaffle(row, picks, avatarOf, at),
        user_stats: totals === null ? null : toUserStats(totals, Number(row.total_entries)),
        user_entries: toEntries(own, avatarOf, at),
        draw: {
          seed_hash: row.seed_hash,
          entries_hash: row.entries_hash,
          entries_closed_at: row.entries_closed_at,
          seed: announced ? row.seed : null,
          announced_at: row.announced_at,
          picks: picks.map((pick) => toPick(pick, avatarOf)),
        },
      };
    },

    /** Every entry, oldest first: the list the published entries hash is computed over. */
    async entries(raffleId: number): Promise<RaffleEntry[]> {
      if (!(await repo.row(db, raffleId))) throw notFound(RAFFLE_MESSAGES.notFound);
      return toEntries(await repo.entries(db, raffleId), avatarOf, now());
    },

    async enter(member: SessionUser, raffleId: number, input: RaffleEnterInput): Promise<Omit<RaffleEnterResponse, 'success'>> {
      const result = await raffleEntries.enter({ member, input, ...(await checkEntry(member, raffleId, input)) });
      return {
        message: input.entry_type === 'points' ? RAFFLE_MESSAGES.bought(result.entries, result.title) : RAFFLE_MESSAGES.entered(result.title),
        user_stats: result.user_stats,
        entries_added: result.entries,
        balance: result.balance,
      };
    },
  };
}

export type RafflesService = ReturnType<typeof createRafflesService>;
