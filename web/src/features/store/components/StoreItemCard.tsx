import type { StoreItem } from '@common/contracts/store';
import { formatPoints } from '@common/format';
import { ROLE_LABELS } from '@common/roles';
import { Gift, TriangleAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { isLowStock, redeemState } from './item-state';

export function StoreImage({ image, name, className }: { image: string | null; name: string; className?: string }) {
  if (!image) {
    return (
      <div className={cn('flex items-center justify-center bg-surface-3 text-accent', className)} aria-hidden>
        <Gift className="size-10" />
      </div>
    );
  }
  return <img src={`/storage/${image}`} alt={name} loading="lazy" className={cn('object-cover', className)} />;
}

export function StoreItemCard({ item, points, redeeming, onRedeem }: { item: StoreItem; points: number; redeeming: boolean; onRedeem(): void }) {
  const state = redeemState(item, points, redeeming);
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="store-item">
      <div className="relative">
        <StoreImage image={item.image} name={item.name} className="aspect-[16/10] w-full" />
        {item.required_role !== 'user' && (
          <span className="absolute top-3 left-3 rounded-full bg-black/60 px-2.5 py-1 text-[11px] font-semibold text-yellow-200 uppercase backdrop-blur">
            {ROLE_LABELS[item.required_role]} only
          </span>
        )}
        {/* On the picture, so the price and the button stay level with the other cards of the row. */}
        {isLowStock(item) && (
          <p className="absolute top-3 right-3 flex items-center gap-1.5 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-warning backdrop-blur" data-testid="low-stock">
            <TriangleAlert className="size-3.5" aria-hidden /> Only {item.quantity} left!
          </p>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="font-semibold text-ink">{item.name}</h2>
          {item.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{item.description}</p>}
        </div>
        <div className="mt-auto flex items-end justify-between gap-2">
          <p className="text-lg font-bold text-gold tabular-nums" data-testid="item-price">
            {formatPoints(item.cost)} <span className="text-xs font-medium text-muted">pts</span>
          </p>
          <p className="text-right text-xs text-muted tabular-nums">
            {item.quantity > 0 ? `${formatPoints(item.quantity)} in stock` : 'None left'}
            {item.max_purchases_per_user !== null && (
              <span className="block">
                {item.user_purchases} / {item.max_purchases_per_user} redeemed
              </span>
            )}
          </p>
        </div>
        <Button className="w-full" variant={state.can ? 'primary' : 'secondary'} disabled={!state.can} busy={redeeming} busyLabel="Redeeming..." onClick={onRedeem}>
          {state.label}
        </Button>
      </div>
    </Card>
  );
}
