import { ADMIN_RAFFLE_STATUS_LABELS, type AdminRaffleStatus } from '@common/raffles';
import { cn } from '@web/components/ui/cn';

const TONES: Record<AdminRaffleStatus, string> = {
  upcoming: 'border-info/40 bg-info/10 text-sky-200',
  open: 'border-success/40 bg-success/10 text-emerald-300',
  closed: 'border-warning/40 bg-warning/10 text-amber-200',
  drawn: 'border-accent/50 bg-accent/15 text-fuchsia-200',
  announced: 'border-gold/40 bg-gold/10 text-yellow-200',
};

/** Where a raffle stands in its life, as staff follow it (open takes entries; drawn awaits the announcement). */
export function AdminStatusBadge({ status, className }: { status: AdminRaffleStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status], className)} data-testid="admin-raffle-status">
      {status === 'open' && <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden />}
      {ADMIN_RAFFLE_STATUS_LABELS[status]}
    </span>
  );
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** "Nov 22, 2026, 8:30 PM" in the viewer's time zone: staff set and read raffle times in their own. */
export const formatWhen = (iso: string) => when.format(new Date(iso));
