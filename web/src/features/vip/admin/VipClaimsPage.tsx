import type { AdminVipClaim } from '@common/contracts/vip';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAdminPlatforms } from '@web/lib/admin-platforms';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useQueueFilter } from '@web/lib/use-queue-filter';
import { type ClaimStatus, useDecideVipClaim, useVipClaimQueue } from '../api/admin-vip';
import { adminRewardText } from './amounts';
import { ClaimRow } from './ClaimRow';
import { RejectClaimForm } from './RejectClaimForm';

const FILTERS: { value: ClaimStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'processed', label: 'Processed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const FILTER_VALUES = FILTERS.map((filter) => filter.value);

/** What marking a claim processed means: for cash, a payout is recorded, so only after the money was sent. */
function processText(claim: AdminVipClaim) {
  if (claim.reward_type === 'cash') {
    return `Only after you sent ${adminRewardText(claim)} to ${claim.casino_username} on ${claim.platform.name}: it is recorded as a payout and counts toward the total given away. ${claim.user.display_name} is notified.`;
  }
  return `${claim.user.display_name} is notified that “${claim.tier.name}” has been handled.`;
}

/** The VIP claims queue (spec 2 §3, decision 015): staff pay cash and special rewards, then mark them processed, or reject them with a reason. */
export default function VipClaimsPage() {
  usePageTitle('VIP claims · Admin');
  const { filter: status, choose, page, setPage } = useQueueFilter('status', FILTER_VALUES);
  const [processing, setProcessing] = useState<AdminVipClaim | null>(null);
  const [rejecting, setRejecting] = useState<AdminVipClaim | null>(null);
  const queue = useVipClaimQueue(status, page);
  const platforms = useAdminPlatforms();
  const decide = useDecideVipClaim();
  const toast = useToast();

  return (
    <>
      <PageHeader title="VIP claims" subtitle="Pay the cash and special rewards members claimed, then mark them processed, or reject them with a reason. Points rewards are credited at once." />
      <Segmented
        label="Filter by status"
        className="mb-4"
        value={status}
        items={FILTERS}
        onChange={choose}
      />
      <Card className="overflow-hidden">
        {queue.isError ? (
          <LoadError message="Could not load the VIP claims." onRetry={() => void queue.refetch()} />
        ) : !queue.data ? (
          <div className="space-y-3 p-5">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-14" />
            ))}
          </div>
        ) : queue.data.data.length === 0 ? (
          <EmptyState icon={Gift} title={status === 'pending' ? 'Nothing waiting' : 'No claims here'}>
            {status === 'pending' ? 'Every VIP claim has been handled.' : 'Try another filter.'}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-busy={queue.isPlaceholderData}>
            {queue.data.data.map((claim) => (
              <ClaimRow
                key={claim.id}
                claim={claim}
                platform={platforms.data?.find((row) => row.id === claim.platform.id)}
                onProcess={() => setProcessing(claim)}
                onReject={() => setRejecting(claim)}
              />
            ))}
          </ul>
        )}
      </Card>
      {queue.data && <Pager page={page} total={queue.data.meta.total} perPage={queue.data.meta.per_page} onPage={setPage} />}
      <ConfirmDialog
        open={processing !== null}
        title={processing?.reward_type === 'cash' ? `Record the ${adminRewardText(processing)} payout?` : 'Mark this reward as processed?'}
        description={processing ? processText(processing) : undefined}
        confirmLabel="Mark processed"
        busyLabel="Saving..."
        busy={decide.isPending}
        onCancel={() => setProcessing(null)}
        onConfirm={() =>
          processing &&
          decide.mutate(
            { id: processing.id, action: 'process' },
            {
              onSuccess: (result) => {
                toast.success(result.message);
                setProcessing(null);
              },
              onError: (failure) => {
                toast.error(errorMessage(failure, 'That did not work. Reload and try again.'));
                setProcessing(null);
              },
            },
          )
        }
      />
      {rejecting && <RejectClaimForm claim={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
