import type { HuntGame } from '@common/contracts/bonus-hunts';
import { displayName } from '@common/display-name';
import { countOf, formatUsd } from '@common/format';
import { ChevronDown, Dices } from 'lucide-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';
import { SlotImage } from '@web/components/ui/slot-image';
import { HuntMemberName, Multiplier } from './hunt-display';
import { ListTable, type Heading } from './ListTable';
import { SlotPastResults } from './SlotPastResults';

/** Desktop columns; on phones each row folds into a card (slot and status on top, the figures below). */
const COLUMNS = 'md:grid-cols-[2.5rem_minmax(0,2.2fr)_minmax(0,1.4fr)_repeat(3,minmax(0,1fr))_7.5rem_2.5rem]';

const HEADINGS: Heading[] = [
  { label: '#' },
  { label: 'Slot' },
  { label: 'Member' },
  { label: 'Bet', align: 'right' },
  { label: 'Win', align: 'right' },
  { label: 'Multiplier', align: 'right' },
  { label: 'Status', align: 'center' },
  { label: '' },
];

type Status = 'completed' | 'pending' | 'waiting';
const STATUS: Record<Status, { label: string; className: string }> = {
  completed: { label: 'Completed', className: 'border-success/40 bg-success/10 text-emerald-300' },
  pending: { label: 'Pending', className: 'border-warning/40 bg-warning/10 text-amber-300' },
  waiting: { label: 'Not opened', className: 'border-line bg-surface-3/60 text-muted' },
};
/** Spec 1 §4: Pending when the win is pending, else Completed; a bonus not opened yet says so. */
const statusOf = (game: HuntGame): Status => (game.pending_win ? 'pending' : game.opened ? 'completed' : 'waiting');

function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0 md:text-right', className)}>
      <span className="block text-[11px] font-semibold tracking-wider text-muted uppercase md:sr-only">{label}</span>
      <span className="tabular-nums">{children}</span>
    </div>
  );
}

function SlotRow({ game, expanded, onToggle }: { game: HuntGame; expanded: boolean; onToggle(): void }) {
  const status = statusOf(game);
  const panelId = `slot-results-${game.id}`;
  const toggleFromRow = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('a, button')) onToggle();
  };
  return (
    <li data-testid="slot-row" data-status={status} className={cn('transition', expanded ? 'bg-surface-2/60' : 'hover:bg-surface-2/40')}>
      <div onClick={toggleFromRow} className={cn('grid cursor-pointer grid-cols-[2rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-3 px-4 py-3 text-sm md:gap-x-4', COLUMNS)}>
        <span className="order-1 font-bold text-muted tabular-nums md:order-none">#{game.position}</span>
        <div className="order-2 flex min-w-0 items-center gap-3 md:order-none">
          <SlotImage image={game.slot_image} />
          <div className="min-w-0">
            <p className="line-clamp-2 font-semibold break-words text-ink md:line-clamp-1">{game.slot_name}</p>
            {game.slot_provider && <p className="truncate text-xs text-muted">{game.slot_provider}</p>}
          </div>
        </div>
        <div className={cn('order-5 col-span-full min-w-0 md:order-none md:col-span-1', !game.assigned_to && 'hidden md:block')}>
          {game.assigned_to ? (
            <span className="flex min-w-0 items-center gap-2">
              <span className="text-xs text-muted md:sr-only">Assigned to</span>
              <HuntMemberName member={game.assigned_to} />
            </span>
          ) : (
            <span className="text-muted">
              <span className="sr-only">Not assigned</span>
              <span aria-hidden>—</span>
            </span>
          )}
        </div>
        <div className="order-4 col-span-full grid grid-cols-3 gap-3 rounded-lg bg-bg/40 px-3 py-2 md:order-none md:contents">
          <Figure label="Bet" className="text-ink-2">{formatUsd(game.slot_bet)}</Figure>
          <Figure label="Win" className="font-semibold text-ink">
            {game.opened && !game.pending_win ? formatUsd(game.slot_win) : <span className="text-muted">—</span>}
          </Figure>
          <Figure label="Multiplier">{game.opened && !game.pending_win ? <Multiplier value={game.multiplier} /> : <span className="text-muted">—</span>}</Figure>
        </div>
        <div className="order-3 flex items-center gap-2 md:order-none md:contents">
          <span className={cn('inline-flex w-fit items-center justify-self-end rounded-full border px-2.5 py-0.5 text-xs font-semibold md:justify-self-center', STATUS[status].className)}>
            {STATUS[status].label}
          </span>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={panelId}
            aria-label={`Past results of ${game.slot_name}`}
            onClick={onToggle}
            className="flex size-8 items-center justify-center justify-self-end rounded-lg text-muted transition hover:bg-surface-3 hover:text-ink"
          >
            <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden />
          </button>
        </div>
      </div>
      {expanded && (
        <section id={panelId} aria-label={`Past results of ${game.slot_name}`} className="animate-fade-in border-t border-line/60 bg-bg/30 px-4 py-4 md:px-6">
          <SlotPastResults slotName={game.slot_name} />
        </section>
      )}
    </li>
  );
}

/** Spec 1 §2: the hunt's slots, searchable by slot, provider or member; each row opens the slot's past results. */
export function SlotTable({ games }: { games: HuntGame[] }) {
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? games.filter((game) => [game.slot_name, game.slot_provider, game.assigned_to ? displayName(game.assigned_to) : ''].some((text) => text.toLowerCase().includes(needle)))
    : games;
  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Card className="overflow-hidden" data-testid="slot-table">
      <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-bold text-ink">Slots</h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <p className="order-2 text-sm text-muted tabular-nums sm:order-1" data-testid="slot-count">
            {shown.length} of {countOf(games.length, 'slot')}
          </p>
          <SearchInput label="Search slots" placeholder="Search slots..." value={search} onChange={(e) => setSearch(e.target.value)} className="order-1 sm:order-2 sm:w-72" maxLength={120} />
        </div>
      </div>
      <ListTable
        total={games.length}
        shown={shown.length}
        search={search}
        columns={COLUMNS}
        headings={HEADINGS}
        label="Slots"
        empty={
          <EmptyState icon={Dices} title="No slots in this hunt yet">
            The slots appear here as soon as the streamer adds them.
          </EmptyState>
        }
      >
        {shown.map((game) => (
          <SlotRow key={game.id} game={game} expanded={expanded.has(game.id)} onToggle={() => toggle(game.id)} />
        ))}
      </ListTable>
    </Card>
  );
}
