import type { Kysely, Transaction } from 'kysely';
import type { RaffleRedrawInput } from '../../../common/contracts/raffles-admin';
import { drawPicks, entryListHash } from '../../../common/raffle-draw';
import { RAFFLE_ENTRANT_MESSAGE } from '../../../common/raffles';
import type { DB, Executor } from '../../db/types';
import type { RaffleRow } from '../../db/types-raffles';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../platform/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import type { StatsService } from '../stats/stats.service';
import { rafflesAdminRepo as repo } from './raffles-admin.repo';
import { raffleRepo } from './raffles.repo';
import { RAFFLE_MESSAGES } from './raffles.service';

export const RAFFLE_DRAW_MESSAGES = {
  notFound: RAFFLE_MESSAGES.notFound,
  alreadyClosed: 'Entries are already closed.',
  alreadyDrawn: 'The winners of this raffle were already drawn.',
  entrant: RAFFLE_ENTRANT_MESSAGE,
  noEntries: 'Nobody has entered this raffle, so there is nobody to draw.',
  notDrawn: 'Draw the winners first.',
  alreadyAnnounced: 'The winners were already announced.',
  notAWinner: 'Choose a current winner to replace.',
  alreadyReplaced: 'That winner was already replaced.',
  everyoneDrawn: 'Every member who entered has already been drawn.',
} as const;

/** The refusal for a raffle the conditional update did not match: it is missing, or `because` says why. */
async function refusal(db: Executor, id: number, because: (raffle: RaffleRow) => HttpError) {
  const raffle = await repo.find(db, id);
  return raffle ? because(raffle) : notFound(RAFFLE_DRAW_MESSAGES.notFound);
}

/**
 * The life of a raffle after its entries (docs/decisions/019-raffles.md): close (freeze the list and publish
 * its hash), draw, redraw, announce, and the job that does these when a raffle's end passes. Each step starts
 * with a conditional update of the raffle's row, so exactly one of several simultaneous calls (or app
 * instances) does it, and the others change nothing.
 */
export function createRaffleDrawsService(deps: { db: Kysely<DB>; now: () => Date; notifications: NotificationsService; stats: StatsService }) {
  const { db, now, notifications } = deps;

  /** Freezes the entry list of a raffle whose entries this transaction just closed; answers what the draw needs. */
  async function freeze(trx: Transaction<DB>, id: number) {
    const entries = await repo.drawEntries(trx, id);
    const hash = await entryListHash(entries);
    await repo.setEntriesHash(trx, id, hash);
    return { entries, hash };
  }

  async function closeIn(trx: Transaction<DB>, id: number, at: string) {
    if (!(await repo.closeEntries(trx, id, at))) throw await refusal(trx, id, () => conflict(RAFFLE_DRAW_MESSAGES.alreadyClosed));
    await freeze(trx, id);
  }

  /** Draws the winners (closing entries first if they are open): the picks 1..winners_count of the stream. */
  async function drawIn(trx: Transaction<DB>, id: number, at: string) {
    const raffle = await repo.markDrawn(trx, id, at);
    if (!raffle) throw await refusal(trx, id, () => conflict(RAFFLE_DRAW_MESSAGES.alreadyDrawn));
    const frozen =
      raffle.entries_closed_at === null
        ? (await repo.closeEntries(trx, id, at), await freeze(trx, id))
        : { entries: await repo.drawEntries(trx, id), hash: raffle.entries_hash ?? '' };
    if (frozen.entries.length === 0) throw conflict(RAFFLE_DRAW_MESSAGES.noEntries);
    const picks = await drawPicks({ seed: raffle.seed, raffleId: id, entriesHash: frozen.hash, entries: frozen.entries, picks: raffle.winners_count });
    await repo.insertPicks(
      trx,
      picks.map((pick, index) => ({ raffle_id: id, position: index + 1, entry_id: pick.entry_id, user_id: pick.user_id, selected_at: at })),
    );
  }

  const notifyWinner = (trx: Transaction<DB>, raffle: Pick<RaffleRow, 'id' | 'title'>, userId: number) =>
    notifications.notify(trx, userId, { type: 'raffle_won', message: `You won the raffle “${raffle.title}”!`, link: `/raffles/${raffle.id}` });

  /** Publishes the winners (and so the seed), tells each of them, and counts the prize as given away. */
  async function announceIn(trx: Transaction<DB>, id: number, at: string) {
    const raffle = await repo.markAnnounced(trx, id, at);
    if (!raffle) {
      throw await refusal(trx, id, (row) => conflict(row.drawn_at === null ? RAFFLE_DRAW_MESSAGES.notDrawn : RAFFLE_DRAW_MESSAGES.alreadyAnnounced));
    }
    const winners = (await raffleRepo.picksOf(trx, [id])).filter((pick) => pick.replaced_at === null);
    for (const winner of winners) await notifyWinner(trx, raffle, winner.user_id);
    if (raffle.prize_value_cents) {
      await deps.stats.recordPayout(trx, { source: 'raffle', reference: `raffle:${id}`, amountCents: raffle.prize_value_cents * winners.length });
    }
    return raffle.prize_value_cents !== null && raffle.prize_value_cents > 0;
  }

  const inTransaction = <T>(work: (trx: Transaction<DB>, at: string) => Promise<T>) => db.transaction().execute((trx) => work(trx, now().toISOString()));

  /** Staff who entered a raffle never draw, redraw or announce it: they could redraw until their own entry came up. */
  async function refuseEntrant(trx: Transaction<DB>, id: number, staffId: number) {
    if ((await raffleRepo.memberTotals(trx, id, [staffId])).length > 0) throw forbidden(RAFFLE_DRAW_MESSAGES.entrant);
  }

  async function drawAndAnnounce(id: number) {
    const paid = await inTransaction(async (trx, at) => {
      await drawIn(trx, id, at);
      return announceIn(trx, id, at);
    });
    if (paid) await deps.stats.refresh();
  }

  return {
    close: (id: number) => inTransaction((trx, at) => closeIn(trx, id, at)),

    draw: (staffId: number, id: number) =>
      inTransaction(async (trx, at) => {
        await refuseEntrant(trx, id, staffId);
        await drawIn(trx, id, at);
      }),

    async announce(staffId: number, id: number) {
      const paid = await inTransaction(async (trx, at) => {
        await refuseEntrant(trx, id, staffId);
        return announceIn(trx, id, at);
      });
      if (paid) await deps.stats.refresh();
    },

    /**
     * Replaces one current winner by the next pick of the same stream, keeping the replaced pick (with the
     * reason) on the record. The raffle's row is locked first, so two redraws take consecutive picks.
     */
    redraw: (staffId: number, id: number, input: RaffleRedrawInput) =>
      inTransaction(async (trx, at) => {
        await refuseEntrant(trx, id, staffId);
        const raffle = await repo.lockDrawn(trx, id, at);
        if (!raffle) throw await refusal(trx, id, () => conflict(RAFFLE_DRAW_MESSAGES.notDrawn));
        if (!(await repo.replacePick(trx, id, input.position, at, input.reason))) {
          const exists = (await raffleRepo.picksOf(trx, [id])).some((pick) => pick.position === input.position);
          throw exists ? conflict(RAFFLE_DRAW_MESSAGES.alreadyReplaced) : unprocessable(RAFFLE_DRAW_MESSAGES.notAWinner, { position: [RAFFLE_DRAW_MESSAGES.notAWinner] });
        }
        const count = (await raffleRepo.picksOf(trx, [id])).length;
        const entries = await repo.drawEntries(trx, id);
        const picks = await drawPicks({ seed: raffle.seed, raffleId: id, entriesHash: raffle.entries_hash ?? '', entries, picks: count + 1 });
        if (picks.length <= count) throw conflict(RAFFLE_DRAW_MESSAGES.everyoneDrawn);
        const next = picks[count];
        await repo.insertPicks(trx, [{ raffle_id: id, position: count + 1, entry_id: next.entry_id, user_id: next.user_id, selected_at: at }]);
        if (raffle.announced_at !== null) await notifyWinner(trx, raffle, next.user_id);
      }),

    /**
     * The background job (every instance runs it): closes the entries of every raffle whose end passed, and
     * draws and announces those staff left to draw automatically. A raffle another instance got to first is
     * skipped; a failure with one raffle does not hold up the others.
     */
    async drawDue() {
      const due = await repo.due(db, now().toISOString());
      const done = { closed: 0, drawn: 0 };
      const failures: unknown[] = [];
      for (const raffle of due) {
        const automatic = raffle.auto_draw === 1 && Boolean(raffle.entered);
        try {
          if (automatic) await drawAndAnnounce(raffle.id);
          else await inTransaction((trx, at) => closeIn(trx, raffle.id, at));
          done[automatic ? 'drawn' : 'closed'] += 1;
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 409)) failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, `${failures.length} due raffle(s) failed`);
      return done;
    },
  };
}

export type RaffleDrawsService = ReturnType<typeof createRaffleDrawsService>;
