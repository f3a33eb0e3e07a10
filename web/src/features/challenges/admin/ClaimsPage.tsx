import type { AdminClaim } from '@common/contracts/challenges-admin';
import { ClipboardCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/page-title';
import { useQueueFilter } from '@web/lib/use-queue-filter';
import { CLAIMS_PER_PAGE, useAdminChallenge, useClaimQueue, type ClaimDecision, type ClaimFilter } from '../api/admin-challenges';
import { ClaimCard } from './ClaimCard';
import { DecideClaimForm } from './DecideClaimForm';

const FILTERS: { value: ClaimFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const FILTER_VALUES = FILTERS.map((filter) => filter.value);

/** The ?challenge= the list's claim counts link with (a positive whole number, else none). */
function useChallengeFilter(): [number | null, () => void] {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('challenge'));
  const clear = () => {
    const params = new URLSearchParams(search);
    params.delete('challenge');
    setSearch(params, { replace: true });
  };
  return [Number.isInteger(id) && id > 0 ? id : null, clear];
}

/** "Claims for Sweet Bonanza" above the queue while it shows one challenge's claims, with the way back to all. */
function ChallengeChip({ id, onClear }: { id: number; onClear(): void }) {
  const challenge = useAdminChallenge(id);
  return (
    <p className="inline-flex max-w-full items-center gap-2 rounded-full border border-accent/50 bg-accent/10 py-1 pr-1 pl-3 text-sm text-ink" data-testid="claims-challenge-filter">
      <span className="truncate">
        Claims for <strong>{challenge.data?.slot_name ?? `challenge #${id}`}</strong>
      </span>
      <button type="button" onClick={onClear} className="rounded-full p-1 text-ink-2 hover:bg-surface-3 hover:text-ink" aria-label="Show the claims of every challenge">
        <X className="size-4" aria-hidden />
      </button>
    </p>
  );
}

/** The claim review queue (decision 021): pending claims oldest first, each with its evidence at full size; approve or reject with notes. */
export default function ClaimsPage() {
  usePageTitle('Challenge claims · Admin');
  const { filter: status, choose, page, setPage } = useQueueFilter('status', FILTER_VALUES);
  const [challengeId, clearChallenge] = useChallengeFilter();
  const [deciding, setDeciding] = useState<{ claim: AdminClaim; decision: ClaimDecision } | null>(null);
  const queue = useClaimQueue({ status, challengeId, page });
  const pending = status === 'pending';

  return (
    <>
      <PageHeader title="Challenge claims" subtitle="Check each claim's screenshots against the challenge, then approve it (the prize is paid and the challenge closes) or reject it with a reason." />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Segmented
          label="Filter by status"
          size="sm"
          value={status}
          items={FILTERS}
          onChange={choose}
        />
        {challengeId !== null && (
          <ChallengeChip
            id={challengeId}
            onClear={() => {
              clearChallenge();
              setPage(1);
            }}
          />
        )}
      </div>
      <Card className="overflow-hidden">
        {queue.isError ? (
          <LoadError message="Could not load the claims." onRetry={() => void queue.refetch()} />
        ) : !queue.data ? (
          <div className="space-y-4 p-5" aria-busy>
            {[0, 1].map((n) => (
              <Skeleton key={n} className="h-64" />
            ))}
          </div>
        ) : queue.data.data.length === 0 ? (
          <EmptyState icon={ClipboardCheck} title={pending ? 'All caught up' : 'No claims here'}>
            {pending ? 'No claims are waiting for review. New ones show up here, oldest first.' : 'Try another filter.'}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-busy={queue.isPlaceholderData}>
            {queue.data.data.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} onDecide={(decision) => setDeciding({ claim, decision })} />
            ))}
          </ul>
        )}
      </Card>
      {queue.data && <Pager page={page} total={queue.data.total} perPage={CLAIMS_PER_PAGE} onPage={setPage} />}
      {deciding && <DecideClaimForm key={`${deciding.claim.id}-${deciding.decision}`} {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}
