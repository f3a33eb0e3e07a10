import type { DailyBonusStatus } from '@common/contracts/earning';
import { formatPoints } from '@common/format';
import { CalendarClock, CheckCircle2, Flame, Gift } from 'lucide-react';
import { Popover } from 'radix-ui';
import { TopBarPopoverContent } from '@web/components/ui/top-bar-popover';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { TOP_BAR_ICON_BUTTON } from '@web/components/ui/top-bar-button';
import { useTakeFocus, type IntentHandoff } from '@web/lib/load-on-intent';
import { useAuth } from '@web/lib/auth';
import { useClaimDailyBonus } from '../api/daily-bonus';
import { dailyBonusLabel, DailyBonusTriggerContent, useDailyBonusStatus } from './DailyBonusTrigger';

/** '5h 12m', '12m'; rounded up so it never says 0m while the wait is not over. */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/** Re-renders whenever the minute shown for `target` changes (the countdown flips each minute). */
function useMinuteClock(target: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = target - now;
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), (left % 60_000 || 60_000) + 50);
    return () => clearTimeout(timer);
  }, [now, target]);
  return now;
}

/**
 * Top bar: the daily bonus popover, which claims it and shows the streak. Loaded on the first hover, focus or press of
 * its button (DailyBonusButton), which it then replaces.
 */
export default function DailyBonusPopover({ handoff }: { handoff: IntentHandoff }) {
  const { isAuthenticated } = useAuth();
  const status = useDailyBonusStatus(isAuthenticated);
  const [open, setOpen] = useState(false);
  const trigger = useTakeFocus(handoff);
  const titleId = useId();
  const { refetch } = status;

  if (!isAuthenticated || status.data?.enabled === false) return null;
  const available = status.data?.claimed_today === false;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={trigger} data-testid="daily-bonus-button" className={TOP_BAR_ICON_BUTTON} aria-label={dailyBonusLabel(available)}>
        <DailyBonusTriggerContent available={available} />
      </Popover.Trigger>
      <TopBarPopoverContent
        aria-labelledby={titleId}
        data-testid="daily-bonus-popover"
        className="w-[min(20rem,calc(100vw-1.5rem))] overflow-hidden"
      >
        <div className="flex items-center gap-3 border-b border-line bg-gradient-to-br from-accent-deep/20 via-transparent to-accent-hot/10 px-4 py-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-gradient text-white shadow-[0_8px_24px_-10px_rgb(217_70_239/0.8)]">
            <Gift className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p id={titleId} className="font-semibold text-ink">
              Daily bonus
            </p>
            <p className="text-xs text-muted">Claim once a day. Streaks pay more.</p>
          </div>
        </div>
        {status.isPending ? (
          <div className="space-y-3 p-4" aria-label="Loading daily bonus">
            <Skeleton className="h-6 w-28 rounded-full" />
            <Skeleton className="h-9 w-40" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : status.isError || !status.data ? (
          <div role="alert" className="space-y-3 p-4 text-sm text-ink-2">
            <p>Couldn't load your daily bonus.</p>
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <BonusBody status={status.data} />
        )}
      </TopBarPopoverContent>
    </Popover.Root>
  );
}

function BonusBody({ status }: { status: DailyBonusStatus }) {
  const claim = useClaimDailyBonus();
  return (
    <div className="p-4">
      <p data-testid="daily-bonus-streak" className="inline-flex items-center gap-1.5 rounded-full bg-warning/10 px-2.5 py-1 text-xs font-semibold text-amber-200 ring-1 ring-warning/30">
        <Flame className="size-3.5 text-warning" aria-hidden /> Day {formatPoints(status.streak)} streak
      </p>
      {status.claimed_today ? (
        <Claimed status={status} focusOnMount={!claim.isIdle} />
      ) : (
        <>
          <p className="mt-4 text-xs font-medium tracking-wide text-muted uppercase">Today's reward</p>
          <p className="mt-1 text-3xl font-extrabold text-ink tabular-nums">
            +{formatPoints(status.next_reward)} <span className="text-base font-semibold text-ink-2">points</span>
          </p>
          <Button size="lg" className="mt-4 w-full" busy={claim.isPending} busyLabel="Claiming..." onClick={() => claim.mutate()}>
            Claim {formatPoints(status.next_reward)} points
          </Button>
        </>
      )}
    </div>
  );
}

function Claimed({ status, focusOnMount }: { status: DailyBonusStatus; focusOnMount: boolean }) {
  const target = Date.parse(status.next_claim_at);
  const now = useMinuteClock(target);
  const ref = useRef<HTMLDivElement>(null);
  // Only when this replaces the Claim button (not on later renders): keep keyboard focus inside the popover.
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="mt-4 outline-none">
      <p data-testid="daily-bonus-claimed" className="flex items-start gap-2 text-sm font-medium text-ink">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
        <span>
          Claimed today — come back in <span className="font-semibold whitespace-nowrap text-ink tabular-nums">{waitText(target - now)}</span>
        </span>
      </p>
      <div className="mt-4 flex items-center justify-between gap-3 rounded-lg border border-line bg-surface-2 px-3 py-2.5 text-sm">
        <span className="flex items-center gap-2 text-ink-2">
          <CalendarClock className="size-4 text-accent" aria-hidden /> Tomorrow's reward
        </span>
        <span data-testid="daily-bonus-tomorrow" className="font-bold text-ink tabular-nums">
          +{formatPoints(status.next_reward)} points
        </span>
      </div>
    </div>
  );
}
