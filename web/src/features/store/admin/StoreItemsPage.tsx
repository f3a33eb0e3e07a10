import type { AdminStoreItem } from '@common/contracts/store';
import { formatPoints } from '@common/format';
import { ROLE_LABELS } from '@common/roles';
import { EyeOff, Plus, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { savedThen } from '@web/components/ui/form-modal';
import { PageHeader } from '@web/components/ui/page-header';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useAdminStoreItems, useDeleteStoreItem } from '../api/admin-store';
import { StoreImage } from '../components/StoreItemCard';
import { StoreItemForm } from './StoreItemForm';

export default function StoreItemsPage() {
  usePageTitle('Store items · Admin');
  const items = useAdminStoreItems();
  const remove = useDeleteStoreItem();
  const toast = useToast();
  const [editing, setEditing] = useState<AdminStoreItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStoreItem | null>(null);

  return (
    <>
      <PageHeader
        title="Store items"
        subtitle="What members can spend their points on. Items that were ever redeemed can be hidden, not deleted."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden /> New item
          </Button>
        }
      />
      <Card className="overflow-hidden">
        {items.isError ? (
          <LoadError message="Could not load the store items." onRetry={() => void items.refetch()} />
        ) : items.isPending ? (
          <div className="space-y-3 p-5">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-16" />
            ))}
          </div>
        ) : items.data.length === 0 ? (
          <EmptyState icon={ShoppingBag} title="The store is empty">
            Add the first reward members can redeem.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {items.data.map((item) => (
              <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="admin-store-item">
                <StoreImage image={item.image} name={item.name} className="h-14 w-24 shrink-0 rounded-lg" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {item.name}
                    {!item.is_active && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-muted">
                        <EyeOff className="size-3" aria-hidden /> Hidden
                      </span>
                    )}
                    {item.required_role !== 'user' && <span className="rounded-full bg-yellow-400/15 px-2 py-0.5 text-[11px] font-medium text-yellow-200">{ROLE_LABELS[item.required_role]}+</span>}
                  </p>
                  <p className="text-xs text-muted tabular-nums">
                    {formatPoints(item.cost)} pts · {item.uses_codes ? `${formatPoints(item.codes_unused)} codes left` : `${formatPoints(item.quantity)} in stock`}
                    {item.max_purchases_per_user !== null && ` · max ${item.max_purchases_per_user} per member`} · redeemed {formatPoints(item.redeemed_count)}×
                  </p>
                </div>
                <EditDeleteButtons name={item.name} onEdit={() => setEditing(item)} onDelete={() => setDeleting(item)} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {editing !== null && <StoreItemForm key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description={deleting && deleting.redeemed_count > 0 ? 'It has been redeemed, so the store keeps it: hide it instead (Edit → Shown in the store).' : 'It has never been redeemed. This cannot be undone.'}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        disabled={deleting !== null && deleting.redeemed_count > 0}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, savedThen(toast, () => setDeleting(null), 'Could not delete the item.'))}
      />
    </>
  );
}
