import { formatCount, formatMultiplier, formatUsd } from '@common/format';
import { History } from 'lucide-react';
import { useEffect } from 'react';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSlotResults } from '../api/bonus-hunts';
import { Multiplier } from './hunt-display';

/** Spec 1 §2: a slot's results over all hunts (a failure only logs, spec 1 §8). */
export function SlotPastResults({ slotName }: { slotName: string }) {
  const results = useSlotResults(slotName, true);
  useEffect(() => {
    if (results.isError) console.error(`Past results of ${slotName} failed to load`, results.error);
  }, [results.isError, results.error, slotName]);

  if (results.isError) return <p className="text-sm text-muted">Past results are not available right now.</p>;
  const data = results.data;
  if (!data) {
    return (
      <div className="space-y-3" aria-label="Loading past results">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-14" />
          ))}
        </div>
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (data.total_plays === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <History className="size-4" aria-hidden /> No past results for {slotName} yet: this is its first hunt.
      </p>
    );
  }
  const figures = [
    ['Total Plays', formatCount(data.total_plays)],
    ['Average Multiplier', formatMultiplier(data.average_multiplier)],
    ['Biggest Win', formatUsd(data.biggest_win)],
    ['Biggest Multiplier', formatMultiplier(data.biggest_multiplier)],
    ['Total Won', formatUsd(data.total_won)],
  ];
  return (
    <div className="space-y-4" data-testid="slot-past-results">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-surface/70 px-3 py-2">
            <dt className="text-[11px] font-semibold tracking-wider text-muted uppercase">{label}</dt>
            <dd className="font-bold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">Recent games</p>
        <ul className="divide-y divide-line/60 rounded-lg border border-line bg-surface/50" aria-label={`Recent games of ${slotName}`}>
          {data.recent_games.map((game, index) => (
            <li key={`${game.played_at}-${index}`} className="grid grid-cols-[1fr_auto_auto] items-center gap-x-4 px-3 py-2 text-sm sm:grid-cols-[1fr_8rem_8rem_6rem]">
              <span className="text-muted">{game.played_at_human}</span>
              <span className="hidden text-right text-ink-2 tabular-nums sm:block">Bet {formatUsd(game.slot_bet)}</span>
              <span className="text-right font-semibold text-ink tabular-nums">{formatUsd(game.slot_win)}</span>
              <Multiplier value={game.multiplier} className="text-right" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
