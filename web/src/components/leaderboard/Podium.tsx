import type { LeaderboardEntry } from '@common/contracts/leaderboards';
import { formatAmount, type AmountFormat } from '@common/leaderboards';
import { Crown, Medal } from 'lucide-react';
import { cn } from '../ui/cn';

export interface AmountStyle {
  amount_format: AmountFormat;
  currency_symbol: string;
}

const PLACES = {
  1: { label: '1st', ring: 'border-gold/60', glow: 'from-gold/25', text: 'text-gold', height: 'sm:min-h-56' },
  2: { label: '2nd', ring: 'border-silver/50', glow: 'from-silver/15', text: 'text-silver', height: 'sm:min-h-48' },
  3: { label: '3rd', ring: 'border-bronze/60', glow: 'from-bronze/20', text: 'text-bronze', height: 'sm:min-h-44' },
} as const;

function Step({ entry, style }: { entry: LeaderboardEntry; style: AmountStyle }) {
  const place = PLACES[entry.rank as 1 | 2 | 3];
  const first = entry.rank === 1;
  return (
    <li
      data-testid="podium-entry"
      data-rank={entry.rank}
      className={cn(
        'relative flex flex-col items-center justify-end gap-2 overflow-hidden rounded-2xl border bg-gradient-to-b to-surface/90 px-4 pt-6 pb-5 text-center',
        place.ring,
        place.glow,
        place.height,
        first && 'sm:order-2 sm:-translate-y-2 shadow-[0_0_40px_-12px_rgb(251_191_36/0.45)]',
        entry.rank === 2 && 'sm:order-1',
        entry.rank === 3 && 'sm:order-3',
      )}
    >
      <span className={cn('flex size-11 items-center justify-center rounded-full border bg-surface-2', place.ring, place.text)}>
        {first ? <Crown className="size-5" aria-hidden /> : <Medal className="size-5" aria-hidden />}
      </span>
      <span className={cn('text-xs font-bold tracking-widest uppercase', place.text)}>{place.label}</span>
      <p className="max-w-full truncate text-lg font-bold text-ink" title={entry.displayName}>
        {entry.displayName}
      </p>
      <p className="text-sm text-ink-2">
        <span className="sr-only">Wagered </span>
        <span className="font-semibold text-ink tabular-nums">{formatAmount(entry.wagered, style.amount_format, style.currency_symbol)}</span> wagered
      </p>
      <p className={cn('rounded-full px-3 py-1 text-sm font-bold tabular-nums', entry.prize ? 'bg-accent-gradient text-white' : 'bg-surface-3 text-muted')}>
        {entry.prize ? formatAmount(entry.prize, style.amount_format, style.currency_symbol) : 'No prize'}
      </p>
    </li>
  );
}

/** Ranks 1–3: first in the middle and raised on wide screens, in rank order on phones. */
export function Podium({ entries, style, className }: { entries: LeaderboardEntry[]; style: AmountStyle; className?: string }) {
  return (
    <ol aria-label="Top three" className={cn('grid items-end gap-3 sm:grid-cols-3', className)}>
      {entries.map((entry) => (
        <Step key={entry.rank} entry={entry} style={style} />
      ))}
    </ol>
  );
}
