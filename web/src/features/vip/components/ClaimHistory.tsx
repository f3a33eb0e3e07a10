import type { VipHistoryItem } from '@common/contracts/vip';
import { formatDate, formatUsdWhole } from '@common/format';
import { Clock3, History, XCircle } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { rewardText } from './reward';

const BADGES = {
  processed: { label: 'Processed', className: 'bg-success/15 text-success' },
  pending: { label: 'Pending', className: 'bg-warning/15 text-warning' },
  rejected: { label: 'Rejected', className: 'bg-danger/15 text-danger' },
} as const;

/** Spec 2 §2 History tab: each claim with its reward, dates, the wager at claim time and Processed or Pending. */
export function ClaimHistory({ items }: { items: VipHistoryItem[] }) {
  if (items.length === 0) {
    return (
      <Card>
        <EmptyState icon={History} title="No claim history found">
          Your claimed VIP rewards will appear here
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card className="divide-y divide-line/70">
      <h2 className="p-4 text-lg font-bold text-ink">Claim History</h2>
      {items.map((item) => {
        const badge = BADGES[item.status];
        return (
          <div key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="vip-claim">
            {item.tier.image ? (
              <img src={`/storage/${item.tier.image}`} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-lg object-cover" />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-surface-3 text-accent">
                <Clock3 className="size-5" aria-hidden />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {item.tier.name} <span className="font-bold text-gold">· {rewardText(item)}</span>
              </p>
              <p className="mt-0.5 text-xs text-muted">
                Claimed on {formatDate(item.created_at)}
                {item.processed_at && item.status === 'processed' && <> · Processed on {formatDate(item.processed_at)}</>}
                {' · '}Wagered at claim: {formatUsdWhole(item.wagered_amount_at_claim)}
              </p>
              {item.status === 'rejected' && item.reject_reason && (
                <p className="mt-1 flex items-center gap-1.5 text-xs text-danger">
                  <XCircle className="size-3.5" aria-hidden /> {item.reject_reason}
                </p>
              )}
            </div>
            <span className={cn('self-start rounded-full px-3 py-1 text-xs font-bold sm:self-center', badge.className)}>{badge.label}</span>
          </div>
        );
      })}
    </Card>
  );
}
