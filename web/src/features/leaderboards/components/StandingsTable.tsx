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
  const prizeCell = cn(showPrizes ? 'table-cell' : 'hidden sm:table-cell');

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
              <th scope="col" className="w-20 px-4 py-3 font-semibold">Rank</th>
              <th scope="col" className="px-4 py-3 font-semibold">User</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Wagered</th>
              <th scope="col" className={cn('px-4 py-3 text-right font-semibold', prizeCell)}>Prize</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line/70">
            {shown.map((entry) => (
              <tr key={entry.rank} className="transition hover:bg-surface-2/50" data-testid="standing-row">
                <td className="px-4 py-3 font-bold text-ink-2 tabular-nums">#{entry.rank}</td>
                <td className="max-w-0 truncate px-4 py-3 font-medium text-ink">{entry.displayName}</td>
                <td className="px-4 py-3 text-right font-semibold text-ink tabular-nums">{formatAmount(entry.wagered, style.amount_format, style.currency_symbol)}</td>
                <td className={cn('px-4 py-3 text-right tabular-nums', prizeCell, entry.prize === null ? 'text-muted' : 'font-semibold text-gold')}>
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
