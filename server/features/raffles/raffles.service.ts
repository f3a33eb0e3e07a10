import type { Kysely } from 'kysely';
import { countOf, formatCount } from '../../../common/format';
import { PROFILE_ACTIVITY_ITEMS } from '../../../common/limits';
import type { Raffle, RaffleDetail, RaffleEnterInput, RaffleEnterResponse, RaffleEntry } from '../../../common/contracts/raffles';
import { RAFFLE_MAX_ENTRIES_PER_MEMBER, type RaffleFilter } from '../../../common/raffles';
import { ROLE_LABELS, roleAtLeast } from '../../../common/roles';
import type { DB } from '../../db/types';
import type { SessionUser } from '../../platform/auth/sessions';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import { InsufficientPointsError, type PointsService } from '../points/points.service';
import type { ProfileActivitySource } from '../profiles/profiles.service';
import { checkRafflePassword } from './raffle-password';
import { raffleState, toEntries, toPick, toRaffle, toUserStats, type AvatarOf } from './raffle-views';
import { raffleRepo as repo } from './raffles.repo';

export const RAFFLE_MESSAGES = {
  notFound: 'Raffle not found.',
  signIn: 'Please sign in to enter raffles',
  notAccepting: 'This raffle is not accepting entries',
  noFreeEntry: 'This raffle has no free entry.',
  noPointsEntry: 'This raffle does not take points entries.',
  noPasswordEntry: 'This raffle has no password entry.',
  role: (required: SessionUser['role'], own: SessionUser['role']) =>
    `This raffle is open to the ${ROLE_LABELS[required]} role and above; your role is ${ROLE_LABELS[own]}.`,
  kick: 'Link your Kick account in Settings to enter this raffle.',
  wrongPassword: 'Wrong password.',
  multiple: (perEntry: number) => `Spend a multiple of ${countOf(perEntry, 'point')}: one entry costs ${formatCount(perEntry)}.`,
  freeTaken: 'You already have your free entry in this raffle.',
  passwordTaken: 'You already entered this raffle with the password.',
  limit: (limit: number, remaining: number) =>
    remaining === 0
      ? `You have reached the limit of ${countOf(limit, 'entry', 'entries')} in this raffle.`
      : `You can add only ${countOf(remaining, 'more entry', 'more entries')} to this raffle (the limit is ${countOf(limit, 'entry', 'entries')} per member).`,
  points: (cost: number, entries: number, balance: number) =>
    `You need ${countOf(cost, 'point')} for ${countOf(entries, 'entry', 'entries')}; you have ${formatCount(balance)}.`,
  entered: (title: string) => `You entered “${title}”!`,
  bought: (entries: number, title: string) => `You bought ${countOf(entries, 'entry', 'entries')} in “${title}”!`,
} as const;

/**
 * The members' side of raffles (spec 2 §3, §5, §7; decision 019): the public list and detail, every entry,
 * and entering. An entry is one transaction whose first write takes the raffle row's lock, so a member's
 * parallel calls, other members' entries and staff closing the raffle all see each other.
 */
export function createRafflesService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; points: PointsService; achievements: AchievementsService }) {
  const { db, now, avatarOf, points } = deps;

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

  /** Refusals that need no lock: the raffle, its state, the member's eligibility and the form. */
  async function checkEntry(member: SessionUser, raffleId: number, input: RaffleEnterInput) {
    const raffle = await repo.row(db, raffleId);
    if (!raffle) throw notFound(RAFFLE_MESSAGES.notFound);
    if (!raffleState(raffle, now()).is_accepting_entries) throw conflict(RAFFLE_MESSAGES.notAccepting);
    if (!roleAtLeast(member.role, raffle.required_role)) throw forbidden(RAFFLE_MESSAGES.role(raffle.required_role, member.role));
    if (raffle.requires_kick === 1 && !member.kick_username) throw forbidden(RAFFLE_MESSAGES.kick);
    if (input.entry_type === 'passwordless') {
      if (raffle.allow_passwordless_entry !== 1) throw conflict(RAFFLE_MESSAGES.noFreeEntry);
      return { raffle, entries: 1, pointsEach: 0 };
    }
    if (input.entry_type === 'password') {
      if (raffle.password_hash === null) throw conflict(RAFFLE_MESSAGES.noPasswordEntry);
      if (!(await checkRafflePassword(input.password, raffle.password_hash))) {
        throw unprocessable(RAFFLE_MESSAGES.wrongPassword, { password: [RAFFLE_MESSAGES.wrongPassword] });
      }
      return { raffle, entries: 1, pointsEach: 0 };
    }
    if (raffle.allow_points_entry !== 1) throw conflict(RAFFLE_MESSAGES.noPointsEntry);
    if (input.points_spent % raffle.points_per_entry !== 0) {
      const message = RAFFLE_MESSAGES.multiple(raffle.points_per_entry);
      throw unprocessable(message, { points_spent: [message] });
    }
    return { raffle, entries: input.points_spent / raffle.points_per_entry, pointsEach: raffle.points_per_entry };
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
        viewerId === null ? null : repo.memberTotals(db, raffleId, viewerId),
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
      const { raffle, entries, pointsEach } = await checkEntry(member, raffleId, input);
      const cost = entries * pointsEach;
      const result = await db.transaction().execute(async (trx) => {
        const stamp = now().toISOString();
        // One member's calls queue on their own row, so the checks below see each other's entries;
        // different members run side by side. Anything refused below rolls back with the rest.
        await repo.lockMember(trx, member.id);
        const totals = await repo.memberTotals(trx, raffleId, member.id);
        const before = toUserStats(totals, 0).entry_breakdown;
        if (input.entry_type === 'passwordless' && before.passwordless > 0) throw conflict(RAFFLE_MESSAGES.freeTaken);
        if (input.entry_type === 'password' && before.password > 0) throw conflict(RAFFLE_MESSAGES.passwordTaken);
        const limit = raffle.max_entries ?? RAFFLE_MAX_ENTRIES_PER_MEMBER;
        const held = before.passwordless + before.points + before.password;
        if (held + entries > limit) throw conflict(RAFFLE_MESSAGES.limit(limit, Math.max(0, limit - held)));
        let balance: number | null = null;
        if (cost > 0) {
          const charged = await points
            .change(trx, { userId: member.id, delta: -cost, reason: 'raffle_entry', reference: `raffle:${raffleId}`, note: raffle.title })
            .catch((error: unknown) => {
              if (error instanceof InsufficientPointsError) throw conflict(RAFFLE_MESSAGES.points(cost, entries, error.balance));
              throw error;
            });
          balance = charged.balance;
        }
        await repo.insertEntries(
          trx,
          Array.from({ length: entries }, () => ({ raffle_id: raffleId, user_id: member.id, entry_type: input.entry_type, points_spent: pointsEach, created_at: stamp })),
        );
        await deps.achievements.progress(trx, member.id, 'raffle_entries', await repo.entriesCountBy(trx, member.id));
        // The member's totals after this entry: their row has been held since the read above.
        const after = [
          ...totals.filter((row) => row.entry_type !== input.entry_type),
          { entry_type: input.entry_type, entries: before[input.entry_type] + entries, points: Number(totals.find((row) => row.entry_type === input.entry_type)?.points ?? 0) + cost },
        ];
        // Last, the raffle row, shared with the other entries: closing writes it, so this entry either lands
        // before the list is frozen or is refused and rolled back.
        const admitted = await repo.admitEntries(trx, raffleId, stamp);
        if (!admitted) throw conflict(RAFFLE_MESSAGES.notAccepting);
        return { balance, user_stats: toUserStats(after, Number(admitted.total_entries)) };
      });
      return {
        message: input.entry_type === 'points' ? RAFFLE_MESSAGES.bought(entries, raffle.title) : RAFFLE_MESSAGES.entered(raffle.title),
        user_stats: result.user_stats,
        entries_added: entries,
        balance: result.balance ?? (await points.balance(member.id)),
      };
    },
  };
}

export type RafflesService = ReturnType<typeof createRafflesService>;
