import type { Raffle } from '@common/contracts/raffles';
import { countOf, formatDate } from '@common/format';
import { RAFFLE_STATUS_LABELS, raffleDisplayStatus, raffleTimeLeft, type RaffleDisplayStatus, type RaffleEntryType } from '@common/raffles';
import { CalendarCheck, Clock, Gift, Hourglass, KeyRound, Sparkles, Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@web/components/ui/cn';
import { useToast } from '@web/lib/toast';

export const ENTRY_TYPE_LABELS: Record<RaffleEntryType, string> = { passwordless: 'Free', points: 'Points', password: 'Password' };

/** Border and text, then the tinted background used on the page's own surface. */
const STATUS_TONES: Record<RaffleDisplayStatus, [string, string]> = {
  active: ['border-success/40 text-emerald-300', 'bg-success/10'],
  winner_announced: ['border-gold/40 text-yellow-200', 'bg-gold/10'],
  ended: ['border-line-strong text-ink-2', 'bg-surface-3/70'],
  upcoming: ['border-info/40 text-sky-200', 'bg-info/10'],
};

/** Spec 2 §4 Raffle display: Active, Winner Announced, Ended or Upcoming; on a picture it gets a dark backing to stay readable. */
export function StatusBadge({ raffle, onImage = false, className }: { raffle: Raffle; onImage?: boolean; className?: string }) {
  const status = raffleDisplayStatus(raffle);
  const [tone, background] = STATUS_TONES[status];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold', tone, onImage ? 'bg-black/70 backdrop-blur' : background, className)}
      data-testid="raffle-status"
    >
      {status === 'active' && <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden />}
      {RAFFLE_STATUS_LABELS[status]}
    </span>
  );
}

/** The current time, moved on every `everyMs` so time-left texts keep up without a reload. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Time left while entries are open (spec 2 §9), when they open while upcoming, else when it ended. */
export function RaffleTiming({ raffle, now, className }: { raffle: Raffle; now: Date; className?: string }) {
  const [Icon, text] = raffle.has_ended
    ? [CalendarCheck, Date.parse(raffle.end_datetime) <= now.getTime() ? `Ended ${formatDate(raffle.end_datetime)}` : 'Entries closed']
    : raffle.is_active
      ? [Hourglass, `${raffleTimeLeft(raffle.end_datetime, now)} left`]
      : [Clock, `Opens in ${raffleTimeLeft(raffle.starts_at, now)}`];
  return (
    <span className={cn('inline-flex items-center gap-1.5 tabular-nums', className)} data-testid="raffle-timing">
      <Icon className="size-4 shrink-0" aria-hidden /> {text}
    </span>
  );
}

/** The ways in: Free, N points (per entry), Password. */
export function EntryTypeChips({ raffle, className }: { raffle: Raffle; className?: string }) {
  const chips: [typeof Gift, string][] = [];
  if (raffle.allow_passwordless_entry) chips.push([Gift, 'Free']);
  if (raffle.allow_points_entry) chips.push([Sparkles, countOf(raffle.entry_cost, 'point')]);
  if (raffle.has_password_entry) chips.push([KeyRound, 'Password']);
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Ways to enter">
      {chips.map(([Icon, label]) => (
        <li key={label} className="inline-flex items-center gap-1 rounded-md border border-line bg-surface-2 px-2 py-0.5 text-xs font-medium text-ink-2">
          <Icon className="size-3.5 text-accent" aria-hidden /> {label}
        </li>
      ))}
    </ul>
  );
}

/** The raffle's picture in a fixed box (nothing shifts while it loads), or a ticket on the accent gradient. */
export function RaffleImage({ raffle, className, eager = false }: { raffle: Pick<Raffle, 'image' | 'title'>; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!raffle.image || failed) {
    return (
      <div className={cn('relative flex items-center justify-center overflow-hidden bg-surface-3', className)} aria-hidden>
        <div className="absolute inset-0 bg-accent-gradient opacity-25" />
        <Ticket className="relative size-12 text-ink-2" />
      </div>
    );
  }
  return (
    <img
      src={`/storage/${raffle.image}`}
      alt={raffle.title}
      loading={eager ? 'eager' : 'lazy'}
      onError={() => setFailed(true)}
      className={cn('bg-surface-3 object-cover', className)}
    />
  );
}

/** "1 entry", "3 entries". */
export const entriesCount = (count: number) => countOf(count, 'entry', 'entries');

/** Copies text and says so; where the browser refuses (no clipboard on plain http), says what to copy by hand. */
export function useCopy() {
  const toast = useToast();
  return async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(done);
    } catch {
      toast.warning(`Copy did not work here; select it instead: ${text}`);
    }
  };
}
