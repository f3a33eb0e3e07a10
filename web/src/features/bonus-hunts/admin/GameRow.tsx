import type { HuntGame } from '@common/contracts/bonus-hunts';
import { displayName } from '@common/display-name';
import { formatUsd } from '@common/format';
import { ArrowDown, ArrowUp, Pencil, Ticket, Trash2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { SlotImage } from '@web/components/ui/slot-image';
import { Multiplier } from '../components/hunt-display';
import { statusOf, type GameStatus } from './game-status';
import { ADMIN_ROW } from '@web/components/ui/admin-table';

export type MoveDirection = 'up' | 'down';

const STATUS_STYLE: Record<GameStatus, string> = {
  'Not opened': 'bg-surface-3 text-muted',
  Pending: 'bg-warning/15 text-amber-300 ring-1 ring-warning/40',
  Opened: 'bg-success/15 text-emerald-300 ring-1 ring-success/30',
};

export const gameLabel = (game: HuntGame, index: number) => `#${index + 1} ${game.slot_name}`;

/** A cell that turns into a labelled line of a card below md. */
export function Cell({ label, className, colSpan, children }: { label?: string; className?: string; colSpan?: number; children: ReactNode }) {
  return (
    <td colSpan={colSpan} className={cn('md:px-3 md:py-2.5', className)}>
      {label && <span className="mr-1 text-xs text-muted md:hidden">{label}</span>}
      {children}
    </td>
  );
}

export const rowClasses = (current: boolean) =>
  cn(
    `grid grid-cols-2 gap-x-4 gap-y-1 ${ADMIN_ROW}`,
    current ? 'bg-accent/15 ring-2 ring-inset ring-accent' : 'hover:bg-surface-2/60',
  );

export function SlotCell({ game, index }: { game: HuntGame; index: number }) {
  return (
    // On a wide screen the slot takes the room the other columns leave, and a long name is cut rather than squeezing them.
    <Cell className="col-span-2 md:col-auto md:w-full md:max-w-0">
      <span className="flex min-w-0 items-center gap-3">
        <span className="w-7 shrink-0 text-right text-xs font-semibold text-muted tabular-nums">#{index + 1}</span>
        <SlotImage image={game.slot_image} className="size-10" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-ink" data-testid="game-slot-name">
            {game.slot_name}
          </span>
          <span className="block truncate text-xs text-muted">{game.slot_provider || 'Unknown provider'}</span>
        </span>
      </span>
    </Cell>
  );
}

/** One game of the hunt: slot, member, bet, win, multiplier, status; for a running hunt, move, open, edit and remove. */
export function GameRow({
  game,
  index,
  count,
  current,
  focusMove,
  onFocused,
  actions,
}: {
  game: HuntGame;
  index: number;
  count: number;
  current: boolean;
  /** Set right after this row moved: the move button to put the focus back on. */
  focusMove: MoveDirection | null;
  onFocused(): void;
  actions: { onMove(direction: MoveDirection): void; onOpen(): void; onEdit(): void; onRemove(): void } | null;
}) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const label = gameLabel(game, index);
  const status = statusOf(game);

  useEffect(() => {
    if (!focusMove) return;
    const wanted = focusMove === 'up' ? up.current : down.current;
    (wanted && !wanted.disabled ? wanted : focusMove === 'up' ? down.current : up.current)?.focus();
    onFocused();
  }, [focusMove, index, onFocused]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!actions || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const direction = event.key === 'ArrowUp' ? 'up' : 'down';
    if ((direction === 'up' && index > 0) || (direction === 'down' && index < count - 1)) actions.onMove(direction);
  };

  return (
    <tr data-testid="hunt-game" aria-current={current ? 'step' : undefined} className={rowClasses(current)} onKeyDown={onKeyDown}>
      <SlotCell game={game} index={index} />
      <Cell label="Member">
        {game.assigned_to ? (
          <span className="inline-flex min-w-0 items-center gap-2">
            <Avatar src={game.assigned_to.avatar_url} name={game.assigned_to.username} size="xs" />
            <span className="truncate text-ink-2">{displayName(game.assigned_to)}</span>
          </span>
        ) : (
          <span className="text-muted">—</span>
        )}
      </Cell>
      <Cell label="Bet" className="tabular-nums md:text-right">
        {formatUsd(game.slot_bet)}
      </Cell>
      <Cell label="Win" className="font-semibold tabular-nums md:text-right">
        {game.opened && !game.pending_win ? formatUsd(game.slot_win) : <span className="text-muted">—</span>}
      </Cell>
      <Cell label="Multi" className="md:text-right">
        {game.opened && !game.pending_win ? <Multiplier value={game.multiplier} /> : <span className="text-muted">—</span>}
      </Cell>
      <Cell>
        <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', STATUS_STYLE[status])}>{status}</span>
      </Cell>
      {actions && (
        <Cell className="col-span-2 md:col-auto">
          <span className="flex flex-wrap justify-end gap-1 md:flex-nowrap">
            <Button ref={up} size="sm" variant="ghost" aria-label={`Move ${label} up`} title="Move up (Alt+↑)" disabled={index === 0} onClick={() => actions.onMove('up')}>
              <ArrowUp className="size-4" aria-hidden />
            </Button>
            <Button ref={down} size="sm" variant="ghost" aria-label={`Move ${label} down`} title="Move down (Alt+↓)" disabled={index === count - 1} onClick={() => actions.onMove('down')}>
              <ArrowDown className="size-4" aria-hidden />
            </Button>
            <Button size="sm" variant="secondary" aria-label={`Enter the win of ${label}`} onClick={actions.onOpen}>
              <Ticket className="size-4" aria-hidden /> Win
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Edit ${label}`} onClick={actions.onEdit}>
              <Pencil className="size-4" aria-hidden />
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Remove ${label}`} onClick={actions.onRemove}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </span>
        </Cell>
      )}
    </tr>
  );
}
