import type { AdminHunt } from '@common/contracts/bonus-hunts-admin';
import { displayName } from '@common/display-name';
import { formatUsd } from '@common/format';
import { ChevronDown, ChevronUp, Clock, Save, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { inputClasses } from '@web/components/ui/field';
import { SlotImage } from '@web/components/ui/slot-image';
import { ApiError, errorMessage } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { Multiplier } from '../components/hunt-display';
import { useUpdateGame } from '../api/admin-hunts';
import { awaitingWin, statusOf } from './game-status';
import { gameLabel } from './GameRow';

export const PREDICTIONS_AUTO_CLOSED = 'Predictions are now closed: the first bonus has been opened.';

/** The game to go to after `index`: the next one still awaiting its win, else the first such one; -1 when none is left. */
export function nextAwaiting(games: AdminHunt['games'], index: number) {
  const after = games.findIndex((game, position) => position > index && awaitingWin(game));
  return after !== -1 ? after : games.findIndex(awaitingWin);
}

/**
 * Opening mode: one game at a time with its win field focused. Enter saves the win and goes to the next game still
 * awaiting one, P marks it pending, ↑/↓ step through the games, Escape leaves. Key it by the game, so the field
 * starts afresh for each.
 */
export function OpeningPanel({ hunt, index, onIndex, onLeave }: { hunt: AdminHunt; index: number; onIndex(index: number): void; onLeave(): void }) {
  const game = hunt.games[index];
  const update = useUpdateGame(hunt.id);
  const toast = useToast();
  const winId = useId();
  const [win, setWin] = useState(game.opened && !game.pending_win ? String(game.slot_win) : '');
  const label = gameLabel(game, index);
  const winError = update.error instanceof ApiError ? update.error.field('slot_win') : undefined;

  const settle = (change: { slot_win: number } | { pending_win: true }, done: string) =>
    update.mutate(
      { gameId: game.id, update: 'slot_win' in change ? { ...change, pending_win: false } : change },
      {
        onSuccess: (answer) => {
          if (hunt.predictions_active && !answer.data.predictions_active) toast.info(PREDICTIONS_AUTO_CLOSED);
          const next = nextAwaiting(answer.data.games, index);
          if (next === -1) {
            toast.success(`${done} Every game has its win: the hunt can be finished.`);
            onLeave();
          } else onIndex(next);
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.errors)) toast.error(errorMessage(failure, 'The win was not saved.'));
        },
      },
    );
  const saveWin = () => settle({ slot_win: asNumber(win) }, `${label}: ${formatUsd(asNumber(win))} saved.`);
  const markPending = () => settle({ pending_win: true }, `${label} is pending.`);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowUp: -1, ArrowDown: 1 }[event.key as 'ArrowUp' | 'ArrowDown'];
    if (event.key === 'Enter') saveWin();
    else if (event.key === 'p' || event.key === 'P') markPending();
    else if (event.key === 'Escape') onLeave();
    else if (step !== undefined) {
      const target = index + step;
      if (target >= 0 && target < hunt.games.length) onIndex(target);
    } else return;
    event.preventDefault();
  };

  return (
    <section aria-label="Opening mode" className="rounded-2xl border border-accent/60 bg-gradient-to-br from-accent-deep/25 via-surface to-surface p-4 shadow-[0_0_40px_-16px_rgb(168_85_247/0.8)] sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-accent uppercase">
          Opening · game {index + 1} of {hunt.games.length}
        </p>
        <Button size="sm" variant="ghost" onClick={onLeave}>
          <X className="size-4" aria-hidden /> Leave (Esc)
        </Button>
      </div>
      <div className="mt-3 flex flex-col gap-4 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <SlotImage image={game.slot_image} className="size-16 sm:size-20" large />
          <div className="min-w-0">
            <h2 className="truncate text-xl font-bold text-ink sm:text-2xl">{game.slot_name}</h2>
            <p className="truncate text-sm text-muted">{game.slot_provider || 'Unknown provider'}</p>
            <p className="mt-1 text-sm text-ink-2 tabular-nums">
              Bet <span className="font-semibold text-ink">{formatUsd(game.slot_bet)}</span>
              {game.assigned_to && <> · for {displayName(game.assigned_to)}</>} · {statusOf(game)}
              {game.opened && !game.pending_win && (
                <>
                  {' '}
                  · <Multiplier value={game.multiplier} />
                </>
              )}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-2 md:w-96">
          <label htmlFor={winId} className="text-sm font-medium text-ink-2">
            Win of {label} ($)
          </label>
          <div className="flex gap-2">
            <input
              id={winId}
              autoFocus
              inputMode="decimal"
              className={`${inputClasses} text-lg font-semibold tabular-nums`}
              placeholder="0.00"
              value={win}
              aria-invalid={winError ? true : undefined}
              aria-describedby={winError ? `${winId}-error` : `${winId}-keys`}
              onChange={(event) => setWin(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button onClick={saveWin} busy={update.isPending} busyLabel="Saving...">
              <Save className="size-4" aria-hidden /> Save win
            </Button>
          </div>
          {winError && (
            <p id={`${winId}-error`} className="text-xs font-medium text-red-300">
              {winError}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="secondary" onClick={markPending} disabled={update.isPending}>
              <Clock className="size-4" aria-hidden /> Mark pending
            </Button>
            <Button size="sm" variant="ghost" aria-label="Previous game" disabled={index === 0} onClick={() => onIndex(index - 1)}>
              <ChevronUp className="size-4" aria-hidden />
            </Button>
            <Button size="sm" variant="ghost" aria-label="Next game" disabled={index === hunt.games.length - 1} onClick={() => onIndex(index + 1)}>
              <ChevronDown className="size-4" aria-hidden />
            </Button>
            <p id={`${winId}-keys`} className="text-xs text-muted">
              Enter saves · P pending · ↑↓ games · Esc leaves
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
