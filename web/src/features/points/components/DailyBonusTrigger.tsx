import { Gift } from 'lucide-react';
import { useEffect } from 'react';
import { CLOSED_POPOVER_TRIGGER, TOP_BAR_ICON_BUTTON } from '@web/components/ui/top-bar-button';
import { useAuth } from '@web/lib/auth';
import { onIntent, useIntent } from '@web/lib/load-on-intent';
import { useDailyBonus } from '../api/daily-bonus';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Today's bonus status, asked again when the site's midnight opens a new one (so the dot comes back without a reload). */
export function useDailyBonusStatus(enabled: boolean) {
  const status = useDailyBonus(enabled);
  const { refetch } = status;
  // Only a claimed bonus waits for a time; an unclaimed one says "now", which must not start a loop.
  const nextClaimAt = status.data?.claimed_today ? status.data.next_claim_at : undefined;
  useEffect(() => {
    if (!nextClaimAt) return;
    const wait = Date.parse(nextClaimAt) - Date.now();
    if (wait > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(wait, 0) + 1000);
    return () => clearTimeout(timer);
  }, [nextClaimAt, refetch]);
  return status;
}

export const dailyBonusLabel = (available: boolean) => (available ? 'Daily bonus, ready to claim' : 'Daily bonus');

export function DailyBonusTriggerContent({ available }: { available: boolean }) {
  return (
    <>
      <Gift className="size-5" />
      {available && (
        <span data-testid="daily-bonus-available" className="absolute top-1 right-1 flex size-2.5" aria-hidden>
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent-hot opacity-60" />
          <span className="relative inline-flex size-2.5 rounded-full bg-accent-hot ring-2 ring-bg" />
        </span>
      )}
    </>
  );
}

// The popover (Radix, positioning, the claim form) comes on the first sign of use.
const popover = onIntent(() => import('./DailyBonusButton'));

/** Top bar: a gift with a dot while today's bonus waits; the popover behind it (DailyBonusButton.tsx) claims it. */
export function DailyBonusButton() {
  const { isAuthenticated } = useAuth();
  const status = useDailyBonusStatus(isAuthenticated);
  const { value, handlers, handoff } = useIntent(popover);
  if (!isAuthenticated || status.data?.enabled === false) return null;
  if (value) return <value.default handoff={handoff} />;
  const available = status.data?.claimed_today === false;
  return (
    <button {...CLOSED_POPOVER_TRIGGER} data-testid="daily-bonus-button" className={TOP_BAR_ICON_BUTTON} aria-label={dailyBonusLabel(available)} {...handlers}>
      <DailyBonusTriggerContent available={available} />
    </button>
  );
}
