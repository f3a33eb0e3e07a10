import type { LeaderboardEntry } from '@common/contracts/leaderboards';
import { formatAmount } from '@common/leaderboards';
import { Eye, EyeOff, SearchX, Users } from 'lucide-react';
import { useState } from 'react';
import type { AmountStyle } from '@web/components/leaderboard/Podium';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';

/** Ranks from #4 on (spec 1 §2): a name search with 'N of M players', and on phones a Show/Hide Prizes toggle. */
export function StandingsTable({ entries, style }: { entries: LeaderboardEntry[]; style: AmountStyle }) {
  const [search, setSearch] = useState('');
  const [showPrizes, setShowPrizes] = useState(false);
  const needle = search.trim().toLowerCase();
  const shown = needle ? entries.filter((entry) => entry.displayName.toLowerCase().includes(needle)) : entries;
  // Narrower gutters between columns on phones, and the figures only as wide as they are: a name keeps its room
  // when the prize column is shown.
  const cell = 'px-2.5 py-3 sm:px-4';
  const wageredCell = cn(cell, 'w-px whitespace-nowrap sm:w-auto', !showPrizes && 'pr-4');
  const prizeCell = cn(cell, 'w-px whitespace-nowrap pr-4 sm:w-auto', showPrizes ? 'table-cell' : 'hidden sm:table-cell');

  return (
    <Card className="overflow-hidden" data-testid="standings">
      <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput label="Search players" placeholder="Search players..." value={search} onChange={(e) => setSearch(e.target.value)} className="sm:w-72" maxLength={64} />
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-muted tabular-nums" data-testid="player-count">
            {shown.length} of {entries.length} players
          </p>
          <Button variant="secondary" size="sm" className="sm:hidden" aria-pressed={showPrizes} onClick={() => setShowPrizes((on) => !on)}>
            {showPrizes ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            {showPrizes ? 'Hide Prizes' : 'Show Prizes'}
          </Button>
        </div>
      </div>
      {entries.length === 0 ? (
        <EmptyState icon={Users} title="No other competitors yet">
          Be the first to join the competition!
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={SearchX} title={`No players found matching "${search.trim()}"`}>
          Try adjusting your search terms
        </EmptyState>
      ) : (
        <table className="w-full text-sm">
          <thead className="bg-surface-2/60 text-left text-xs tracking-wider text-muted uppercase">
            <tr>
              <th scope="col" className={cn('w-16 pl-4 font-semibold sm:w-20', cell)}>Rank</th>
              <th scope="col" className={cn('font-semibold', cell)}>User</th>
              <th scope="col" className={cn('text-right font-semibold', wageredCell)}>Wagered</th>
              <th scope="col" className={cn('text-right font-semibold', prizeCell)}>Prize</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line/70">
            {shown.map((entry) => (
              <tr key={entry.rank} className="transition hover:bg-surface-2/50" data-testid="standing-row">
                <td className={cn('pl-4 font-bold text-ink-2 tabular-nums', cell)}>#{entry.rank}</td>
                <td className={cn('max-w-0 truncate font-medium text-ink', cell)}>{entry.displayName}</td>
                <td className={cn('text-right font-semibold text-ink tabular-nums', wageredCell)}>{formatAmount(entry.wagered, style.amount_format, style.currency_symbol)}</td>
                <td className={cn('text-right tabular-nums', prizeCell, entry.prize === null ? 'text-muted' : 'font-semibold text-gold')}>
                  {entry.prize === null ? 'No prize' : formatAmount(entry.prize ?? 0, style.amount_format, style.currency_symbol)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
