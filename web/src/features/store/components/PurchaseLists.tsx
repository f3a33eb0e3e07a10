import type { OwnRedemption, PurchaseRecord } from '@common/contracts/store';
import { formatPoints, timeAgo } from '@common/format';
import { Check, Clock, Copy, RotateCcw, ShoppingBag, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { UserHoverCard } from '@web/components/member/UserHoverCard';
import { Avatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { useToast } from '@web/lib/toast';
import { StoreImage } from './StoreItemCard';

function ListCard({ title, icon, empty, children }: { title: string; icon: ReactNode; empty: string; children: ReactNode[] }) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 font-semibold text-ink">
        {icon} {title}
      </h2>
      {children.length === 0 ? <p className="mt-3 text-sm text-muted">{empty}</p> : <ul className="mt-3 divide-y divide-line/70">{children}</ul>}
    </Card>
  );
}

/** Spec 1: 'Recent Purchases' of other members. */
export function RecentPurchases({ purchases }: { purchases: PurchaseRecord[] }) {
  return (
    <ListCard title="Recent Purchases" icon={<Users className="size-4 text-accent" aria-hidden />} empty="Nobody else has redeemed anything yet.">
      {purchases.map((purchase) => (
        <li key={purchase.id} className="flex items-center gap-3 py-2.5 text-sm">
          <Avatar src={purchase.user.avatar} name={purchase.user.username} size="sm" />
          <span className="min-w-0 flex-1">
            <UserHoverCard username={purchase.user.username}>
              <a href={`/profile/${encodeURIComponent(purchase.user.username)}`} className="font-medium text-ink hover:text-accent">
                {purchase.user.username}
              </a>
            </UserHoverCard>{' '}
            <span className="text-muted">redeemed</span> <span className="text-ink-2">{purchase.item.name}</span>
            <span className="block text-xs text-muted">{timeAgo(purchase.created_at)}</span>
          </span>
        </li>
      ))}
    </ListCard>
  );
}

const STATUS = {
  pending: { label: 'Pending', icon: Clock, tone: 'bg-warning/15 text-warning' },
  processed: { label: 'Processed', icon: Check, tone: 'bg-success/15 text-success' },
  refunded: { label: 'Refunded', icon: RotateCcw, tone: 'bg-surface-3 text-muted' },
} as const;

/** Spec 1: 'Your Recent Redemptions', Pending or Processed (and Refunded), with the code an item delivered. */
export function MyRedemptions({ redemptions }: { redemptions: OwnRedemption[] }) {
  const toast = useToast();
  return (
    <ListCard title="Your Recent Redemptions" icon={<ShoppingBag className="size-4 text-accent" aria-hidden />} empty="You haven't redeemed anything yet.">
      {redemptions.map((redemption) => {
        const status = STATUS[redemption.status];
        return (
          <li key={redemption.id} className="flex gap-3 py-3 text-sm" data-testid="my-redemption">
            <StoreImage image={redemption.item.image} name={redemption.item.name} className="h-10 w-14 shrink-0 rounded-md" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink">{redemption.item.name}</span>
              <span className="text-xs text-muted">
                {formatPoints(redemption.item.cost)} pts · {timeAgo(redemption.created_at)}
              </span>
              {redemption.code && (
                <span className="mt-1.5 flex items-center gap-2">
                  <code className="rounded bg-surface-3 px-2 py-0.5 font-mono text-xs text-ink">{redemption.code}</code>
                  <button
                    type="button"
                    className="rounded p-1 text-muted hover:bg-surface-3 hover:text-ink"
                    aria-label="Copy code"
                    onClick={() => void navigator.clipboard?.writeText(redemption.code ?? '').then(() => toast.success('Code copied.'))}
                  >
                    <Copy className="size-3.5" />
                  </button>
                </span>
              )}
            </span>
            <span className={`inline-flex h-6 shrink-0 items-center gap-1 rounded-full px-2 text-xs font-semibold ${status.tone}`}>
              <status.icon className="size-3.5" aria-hidden /> {status.label}
            </span>
          </li>
        );
      })}
    </ListCard>
  );
}
