import type { Challenge, ChallengeMember } from '@common/contracts/challenges';
import { CLAIM_STATUS_LABELS, challengeDisplay, challengeTimeLeft, type ChallengeDisplay, type ClaimStatus } from '@common/challenges';
import { displayName } from '@common/display-name';
import { formatMultiplier, formatUsd } from '@common/format';
import { CircleCheck, CircleX, Clock, Trophy } from 'lucide-react';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/components/ui/cn';
import { useCountdown } from '@web/components/ui/countdown';

/** Border and text, then the tinted background used on the page's own surface (on a picture: a dark backing). */
const DISPLAY_TONES: Record<ChallengeDisplay, [string, string]> = {
  active: ['border-success/40 text-emerald-300', 'bg-success/10'],
  claimed: ['border-gold/40 text-yellow-200', 'bg-gold/10'],
  expired: ['border-line-strong text-ink-2', 'bg-surface-3/70'],
};

/** Spec 1 §4 Challenge display: Active, Claimed (with its claimer) or Expired. */
export function ChallengeStatusBadge({ challenge, onImage = false, className }: { challenge: Challenge; onImage?: boolean; className?: string }) {
  const display = challengeDisplay(challenge);
  const [tone, background] = DISPLAY_TONES[display];
  return (
    <span
      className={cn('inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold', tone, onImage ? 'bg-black/70 backdrop-blur' : background, className)}
      data-testid="challenge-status"
    >
      {display === 'active' && <span className="size-1.5 shrink-0 animate-pulse rounded-full bg-success" aria-hidden />}
      {display === 'active' ? 'Active' : display === 'expired' ? 'Expired' : <span className="truncate">Claimed{challenge.claimer && ` by ${displayName(challenge.claimer)}`}</span>}
    </span>
  );
}

/** Spec 1 §4 Claim status with its colour and icon: pending amber with a clock, approved green with a check, rejected red with an x. */
const CLAIM_TONES: Record<ClaimStatus, { icon: typeof Clock; tone: string }> = {
  pending: { icon: Clock, tone: 'border-warning/40 bg-warning/10 text-amber-300' },
  approved: { icon: CircleCheck, tone: 'border-success/40 bg-success/10 text-emerald-300' },
  rejected: { icon: CircleX, tone: 'border-danger/40 bg-danger/10 text-red-300' },
};

export function ClaimStatusBadge({ status, className }: { status: ClaimStatus; className?: string }) {
  const { icon: Icon, tone } = CLAIM_TONES[status];
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold', tone, className)} data-testid="claim-status" data-status={status}>
      <Icon className="size-3.5" aria-hidden /> {CLAIM_STATUS_LABELS[status]}
    </span>
  );
}

/** What the member's own latest claim on a challenge means for them (spec 1 §4: Submit Claim waits while it is pending). */
export const OWN_CLAIM_TEXT: Record<ClaimStatus, string> = {
  pending: 'Claim pending review',
  approved: 'Your claim was approved',
  rejected: 'Your claim was rejected',
};

/**
 * Spec 1 §2 countdown text ('2d 5h', '3h 12m', '7m', 'Expired'), from the end date and the clock, moved every second
 * (spec 1 §9: countdown tick 1000 ms).
 */
export function useTimeLeft(endDate: string): { seconds: number; text: string } {
  const parts = useCountdown(endDate);
  const seconds = parts ? parts.days * 86_400 + parts.hours * 3600 + parts.minutes * 60 + parts.seconds : 0;
  return { seconds, text: challengeTimeLeft(seconds) };
}

/** The three figures of a challenge: the multiplier to hit and the minimum bet side by side, the prize below in full. */
export function ChallengeFigures({ challenge, className }: { challenge: Pick<Challenge, 'multiplier' | 'min_bet' | 'prize'>; className?: string }) {
  const box = 'min-w-0 rounded-lg border px-3 py-2';
  const label = 'text-[11px] font-semibold tracking-wider text-muted uppercase';
  return (
    <dl className={cn('grid grid-cols-2 gap-2', className)}>
      <div className={cn(box, 'border-line/80 bg-surface-2/60')}>
        <dt className={label}>Target</dt>
        <dd className="truncate text-lg font-extrabold text-gradient tabular-nums" data-testid="challenge-multiplier">
          {formatMultiplier(challenge.multiplier)}
        </dd>
      </div>
      <div className={cn(box, 'border-line/80 bg-surface-2/60')}>
        <dt className={label}>Min Bet</dt>
        <dd className="truncate text-lg font-extrabold text-ink tabular-nums" data-testid="challenge-min-bet">
          {formatUsd(challenge.min_bet)}
        </dd>
      </div>
      <div className={cn(box, 'col-span-2 flex items-center justify-between gap-3 border-gold/30 bg-gold/5')}>
        <dt className={cn(label, 'flex items-center gap-1.5')}>
          <Trophy className="size-4 text-gold" aria-hidden /> Prize
        </dt>
        <dd className="min-w-0 truncate text-lg font-extrabold text-gold tabular-nums" data-testid="challenge-prize">
          {challenge.prize}
        </dd>
      </div>
    </dl>
  );
}

/** A member by avatar and name (Kick name, else username). */
export function MemberChip({ member, className }: { member: ChallengeMember; className?: string }) {
  const name = displayName(member);
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <Avatar src={member.avatar_url} name={name} size="sm" />
      <span className="truncate font-semibold text-ink">{name}</span>
    </span>
  );
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** 'Nov 22, 2026, 8:30 PM' in the visitor's own time zone (start and end dates, claim dates). */
export const formatWhen = (iso: string) => when.format(new Date(iso));
