import type { AdminRedemption } from '@common/contracts/store';
import { formatPoints, timeAgo } from '@common/format';
import { Check, Inbox, KeyRound, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { OwnRecordGuard } from '@web/components/admin/OwnRecordNote';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useQueueFilter } from '@web/lib/use-queue-filter';
import { useHandleRedemption, useRedemptionQueue, type QueueStatus } from '../api/admin-store';

const FILTERS: { value: QueueStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'processed', label: 'Processed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'all', label: 'All' },
];
const FILTER_VALUES = FILTERS.map((filter) => filter.value);
const TONES: Record<AdminRedemption['status'], string> = {
  pending: 'bg-warning/15 text-warning',
  processed: 'bg-success/15 text-success',
  refunded: 'bg-surface-3 text-muted',
};

export default function RedemptionsPage() {
  usePageTitle('Redemptions · Admin');
  const { filter: status, choose, page, setPage } = useQueueFilter('status', FILTER_VALUES);
  const [refunding, setRefunding] = useState<AdminRedemption | null>(null);
  const queue = useRedemptionQueue(status, page);
  const act = useHandleRedemption();
  const toast = useToast();

  const run = (redemption: AdminRedemption, action: 'process' | 'refund') =>
    act.mutate(
      { id: redemption.id, action },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setRefunding(null);
        },
        onError: (error) => toast.error(errorMessage(error, 'That did not work. Reload and try again.')),
      },
    );

  return (
    <>
      <PageHeader title="Redemptions" subtitle="Deliver what members redeemed, then mark it processed; or refund it (points and stock go back)." />
      <Segmented
        label="Filter by status"
        className="mb-4"
        value={status}
        items={FILTERS}
        onChange={choose}
      />
      <Card className="overflow-hidden">
        {queue.isError ? (
          <LoadError message="Could not load redemptions." onRetry={() => void queue.refetch()} />
        ) : !queue.data ? (
          <div className="space-y-3 p-5">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-12" />
            ))}
          </div>
        ) : queue.data.data.length === 0 ? (
          <EmptyState icon={Inbox} title={status === 'pending' ? 'Nothing waiting' : 'No redemptions here'}>
            {status === 'pending' ? 'Every redemption has been handled.' : 'Try another filter.'}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {queue.data.data.map((redemption) => (
              <li key={redemption.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="redemption-row">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-ink">
                    {redemption.item.name}{' '}
                    {redemption.has_code && (
                      <span className="ml-1 inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-muted">
                        <KeyRound className="size-3" aria-hidden /> code delivered
                      </span>
                    )}
                  </p>
                  <p className="text-muted">
                    {redemption.user.display_name} (@{redemption.user.username}) · {formatPoints(redemption.cost)} pts · {timeAgo(redemption.created_at)}
                  </p>
                  {redemption.handled_at && (
                    <p className="text-xs text-muted">
                      {redemption.status === 'refunded' ? 'Refunded' : 'Processed'} by {redemption.handled_by?.username ?? 'a former staff member'} {timeAgo(redemption.handled_at)}
                    </p>
                  )}
                </div>
                <span className={cn('inline-flex h-6 items-center self-start rounded-full px-2.5 text-xs font-semibold capitalize sm:self-center', TONES[redemption.status])}>{redemption.status}</span>
                {redemption.status !== 'refunded' && (
                  <OwnRecordGuard ownerId={redemption.user.id} what="redemption">
                    <div className="flex gap-2">
                      {redemption.status === 'pending' && (
                        <Button size="sm" onClick={() => run(redemption, 'process')} disabled={act.isPending} busy={act.isPending && act.variables?.id === redemption.id && act.variables.action === 'process'}>
                          <Check className="size-4" aria-hidden /> Mark processed
                        </Button>
                      )}
                      <Button size="sm" variant="secondary" onClick={() => setRefunding(redemption)} disabled={act.isPending}>
                        <RotateCcw className="size-4" aria-hidden /> Refund
                      </Button>
                    </div>
                  </OwnRecordGuard>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {queue.data && <Pager page={page} total={queue.data.meta.total} perPage={queue.data.meta.per_page} onPage={setPage} />}
      <ConfirmDialog
        open={refunding !== null}
        title="Refund this redemption?"
        description={refunding ? `${formatPoints(refunding.cost)} points go back to ${refunding.user.display_name}${refunding.has_code ? '. The code stays used: it was already shown to the member.' : ', and the item goes back in stock.'}` : undefined}
        confirmLabel="Refund"
        busyLabel="Refunding..."
        busy={act.isPending}
        onCancel={() => setRefunding(null)}
        onConfirm={() => refunding && run(refunding, 'refund')}
      />
    </>
  );
}
