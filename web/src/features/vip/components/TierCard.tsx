import type { VipTier } from '@common/contracts/vip';
import { formatUsdWhole } from '@common/format';
import { CalendarClock, CheckCircle2, Gift, Lock } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { dayText, rewardText } from './reward';

/** A tier's picture, or a gift icon when it has none. */
export function TierImage({ image, className }: { image: string | null; className?: string }) {
  if (!image) {
    return (
      <span className={cn('flex items-center justify-center bg-surface-3 text-accent', className)}>
        <Gift className="size-7" aria-hidden />
      </span>
    );
  }
  return <img src={`/storage/${image}`} alt="" loading="lazy" className={cn('object-cover', className)} />;
}

/** One tier: what it gives, how far the member is (capped at 100%), and Claimed / Claim Reward / Not Eligible. */
export function TierCard({ tier, platformWagered, claiming, onClaim }: { tier: VipTier; platformWagered: number; claiming: boolean; onClaim(): void }) {
  const wagered = tier.user_wagered_for_tier ?? platformWagered;
  const percent = tier.min_wagered <= 0 ? 100 : Math.min(100, (wagered / tier.min_wagered) * 100);
  return (
    <article className={cn('flex flex-col overflow-hidden rounded-xl border bg-surface-2/60', tier.can_claim ? 'border-accent/60 shadow-[0_0_30px_-14px_rgb(168_85_247/0.8)]' : 'border-line')} data-testid="vip-tier">
      <div className="flex items-start gap-4 p-4">
        <TierImage image={tier.image} className="size-16 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-ink">{tier.name}</h3>
          {tier.description && <p className="mt-0.5 text-sm text-muted">{tier.description}</p>}
          <p className="mt-2 inline-flex rounded-full bg-gold/15 px-2.5 py-0.5 text-sm font-bold text-gold tabular-nums">{rewardText(tier)}</p>
        </div>
      </div>
      <div className="mt-auto space-y-3 border-t border-line/70 p-4">
        {tier.uses_date_filter && tier.count_wager_after_date && (
          <p className="flex items-center gap-1.5 text-xs text-info">
            <CalendarClock className="size-3.5" aria-hidden /> Wagers from {dayText(tier.count_wager_after_date)} onwards
          </p>
        )}
        <div>
          <div className="mb-1.5 flex justify-between text-xs text-ink-2 tabular-nums">
            <span>Progress</span>
            <span data-testid="tier-progress">
              {formatUsdWhole(wagered)} / {formatUsdWhole(tier.min_wagered)}
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-label={`${tier.name} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
            <div className="h-full rounded-full bg-accent-gradient transition-[width] duration-500" style={{ width: `${percent}%` }} />
          </div>
        </div>
        {tier.already_claimed ? (
          <p className="flex h-10 items-center justify-center gap-2 rounded-lg bg-success/10 text-sm font-semibold text-success">
            <CheckCircle2 className="size-4" aria-hidden /> Claimed
          </p>
        ) : tier.can_claim ? (
          <Button className="w-full" busy={claiming} busyLabel="Claiming..." onClick={onClaim}>
            Claim Reward
          </Button>
        ) : (
          <p className="flex h-10 items-center justify-center gap-2 rounded-lg bg-surface-3 text-sm font-semibold text-muted">
            <Lock className="size-4" aria-hidden /> Not Eligible
          </p>
        )}
      </div>
    </article>
  );
}
