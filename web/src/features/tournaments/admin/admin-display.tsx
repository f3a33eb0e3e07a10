import type { AdminTournament } from '@common/contracts/tournaments-admin';
import { ADMIN_TOURNAMENT_STATUS_LABELS, type AdminTournamentStatus } from '@common/tournaments';
import { cn } from '@web/components/ui/cn';

const TONES: Record<AdminTournamentStatus, string> = {
  draft: 'border-line-strong bg-surface-3/70 text-ink-2',
  active: 'border-success/40 bg-success/10 text-emerald-300',
  completed: 'border-gold/40 bg-gold/10 text-yellow-200',
};
const badge = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** Where a tournament stands for staff (Draft, Running, Completed), and whether members can predict right now. */
export function AdminStatusBadges({ tournament, className }: { tournament: Pick<AdminTournament, 'status' | 'predictions_active'>; className?: string }) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <span className={cn(badge, TONES[tournament.status])} data-testid="admin-tournament-status">
        {tournament.status === 'active' && <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden />}
        {ADMIN_TOURNAMENT_STATUS_LABELS[tournament.status]}
      </span>
      {tournament.predictions_active && (
        <span className={cn(badge, 'border-accent/50 bg-accent/15 text-fuchsia-200')} data-testid="admin-tournament-predictions">
          Predictions open
        </span>
      )}
    </span>
  );
}

/** The share of matches with a result, as a thin bar and its percent. */
export function ProgressBar({ percent, className }: { percent: number; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <span role="progressbar" aria-label="Matches decided" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 min-w-16 flex-1 overflow-hidden rounded-full bg-surface-3">
        <span className="block h-full rounded-full bg-accent-gradient" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-10 text-right text-xs font-semibold text-ink-2 tabular-nums">{percent}%</span>
    </span>
  );
}

/** "1st", "2nd", "3rd", "4th"… for reward places. */
export function ordinal(place: number) {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}
