import type { AdminChallenge, AdminChallengeStatus } from '@common/contracts/challenges-admin';
import { Power } from 'lucide-react';
import { cn } from '@web/components/ui/cn';

type State = AdminChallenge['state'];

export const STATE_LABELS: Record<State, string> = { upcoming: 'Upcoming', active: 'Active', claimed: 'Claimed', expired: 'Expired' };

/** The list's status chips: every challenge, or those in one state. */
export const STATE_FILTERS: { value: AdminChallengeStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(['upcoming', 'active', 'claimed', 'expired'] as const).map((state) => ({ value: state, label: STATE_LABELS[state] })),
];

const TONES: Record<State, string> = {
  upcoming: 'border-info/40 bg-info/10 text-sky-200',
  active: 'border-success/40 bg-success/10 text-emerald-300',
  claimed: 'border-gold/40 bg-gold/10 text-yellow-200',
  expired: 'border-line-strong bg-surface-3/70 text-ink-2',
};
const badge = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/**
 * Where a challenge stands for staff (members never see Upcoming: a challenge shows from its start), and whether
 * staff switched it off (members then see it as Expired, decision 021).
 */
export function StateBadges({ challenge, className }: { challenge: Pick<AdminChallenge, 'state' | 'is_active' | 'is_expired' | 'claimed_at'>; className?: string }) {
  const switchedOff = !challenge.is_active && challenge.claimed_at === null && !challenge.is_expired;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <span className={cn(badge, TONES[challenge.state])} data-testid="admin-challenge-state">
        {challenge.state === 'active' && <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden />}
        {STATE_LABELS[challenge.state]}
      </span>
      {switchedOff && (
        <span className={cn(badge, 'border-line bg-surface-2 text-muted')}>
          <Power className="size-3" aria-hidden /> Switched off
        </span>
      )}
    </span>
  );
}
