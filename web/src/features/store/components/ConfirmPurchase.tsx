import type { StoreItem } from '@common/contracts/store';
import { formatPoints } from '@common/format';
import { Button } from '@web/components/ui/button';
import { LazyModal } from '@web/components/ui/lazy-modal';
import { StoreImage } from './StoreItemCard';

/** Spec 1 §2 'Confirm Purchase': cost, balance and balance after, before any point is spent. Its dialog code loads on the first redeem. */
export function ConfirmPurchase({ item, points, busy, onConfirm, onClose }: { item: StoreItem | null; points: number; busy: boolean; onConfirm(): void; onClose(): void }) {
  const rows: [string, string, string?][] = item
    ? [
        ['Cost', `${formatPoints(item.cost)} pts`],
        ['Your balance', `${formatPoints(points)} pts`],
        ['Balance after', `${formatPoints(points - item.cost)} pts`, 'text-gold'],
      ]
    : [];
  return (
    <LazyModal
      open={item !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Confirm Purchase"
      description={item ? `Redeem “${item.name}”? The points leave your balance right away.` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={busy} busyLabel="Redeeming...">
            Confirm
          </Button>
        </>
      }
    >
      {item && (
        <div className="flex gap-4">
          <StoreImage image={item.image} name={item.name} className="h-16 w-20 shrink-0 rounded-lg sm:h-20 sm:w-32" />
          <dl className="flex-1 space-y-1.5 text-sm">
            {rows.map(([label, value, tone]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-muted">{label}</dt>
                <dd className={tone ?? 'font-semibold text-ink tabular-nums'}>
                  <span className="font-semibold whitespace-nowrap tabular-nums">{value}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </LazyModal>
  );
}
