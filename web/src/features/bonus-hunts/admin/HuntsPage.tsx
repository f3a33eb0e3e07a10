import type { AdminHuntSummary } from '@common/contracts/bonus-hunts-admin';
import { countOf, formatDate, formatPoints, formatUsd } from '@common/format';
import { Dices, Play, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/page-title';
import { HUNTS_PER_PAGE, useAdminHunts, useLiveAdminHunts } from '../api/admin-hunts';
import { HuntForm } from './HuntForm';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

const huntName = (hunt: AdminHuntSummary) => hunt.title || `Hunt #${hunt.id}`;

function RunningHunt({ hunt }: { hunt: AdminHuntSummary }) {
  return (
    <Card className="mb-6 border-accent/50 p-5" role="region" aria-label="Running hunt">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 text-xs font-bold tracking-wide text-red-300 uppercase">
            <span className="size-2 animate-pulse rounded-full bg-danger" aria-hidden /> Running now
          </p>
          <h2 className="mt-1 truncate text-xl font-bold text-ink">{huntName(hunt)}</h2>
          <p className="mt-1 text-sm text-ink-2 tabular-nums">
            Start {formatUsd(hunt.start_balance)} · {hunt.opened_count} of {hunt.games_count} opened · {countOf(hunt.predictions_count, 'prediction')} · predictions {hunt.predictions_active ? 'open' : 'closed'}
          </p>
        </div>
        <Link to={`/bonus-hunts/${hunt.id}`} className={buttonClasses('primary', 'lg')}>
          <Play className="size-4" aria-hidden /> Run hunt
        </Link>
      </div>
    </Card>
  );
}

function PastHunts({ hunts }: { hunts: AdminHuntSummary[] }) {
  return (
    <table className={ADMIN_TABLE} aria-label="Past hunts">
      <AdminTableHead
        columns={[
          'Hunt',
          { label: 'Slots', align: 'right' },
          { label: 'Start', align: 'right' },
          { label: 'End', align: 'right' },
          { label: 'Profit / loss', align: 'right' },
          { label: 'Predictions', align: 'right' },
        ]}
      />
      <tbody>
        {hunts.map((hunt) => {
          const profit = (hunt.end_balance ?? 0) - hunt.start_balance;
          return (
            <tr key={hunt.id} data-testid="past-hunt" className={`grid grid-cols-2 gap-x-4 gap-y-1 hover:bg-surface-2/60 ${ADMIN_ROW}`}>
              <td className="col-span-2 md:px-4 md:py-3">
                <Link to={`/bonus-hunts/${hunt.id}`} className="font-semibold text-ink hover:text-accent">
                  {huntName(hunt)}
                </Link>
                <span className="block text-xs text-muted">Finished {formatDate(hunt.finished_at ?? hunt.created_at)}</span>
              </td>
              <td className="text-ink-2 tabular-nums md:px-4 md:py-3 md:text-right">
                {hunt.games_count} <span className="md:sr-only">{hunt.games_count === 1 ? 'slot' : 'slots'}</span>
              </td>
              <td className="text-ink-2 tabular-nums md:px-4 md:py-3 md:text-right">
                <span className="text-xs text-muted md:hidden">Start </span>
                {formatUsd(hunt.start_balance)}
              </td>
              <td className="text-ink tabular-nums md:px-4 md:py-3 md:text-right">
                <span className="text-xs text-muted md:hidden">End </span>
                {hunt.end_balance === null ? '—' : formatUsd(hunt.end_balance)}
              </td>
              <td className={cn('font-semibold tabular-nums md:px-4 md:py-3 md:text-right', profit >= 0 ? 'text-success' : 'text-red-300')}>
                {profit >= 0 ? '+' : '−'}
                {formatUsd(Math.abs(profit))}
              </td>
              <td className="text-ink-2 tabular-nums md:px-4 md:py-3 md:text-right">
                {formatPoints(hunt.predictions_count)} <span className="md:sr-only">{hunt.predictions_count === 1 ? 'prediction' : 'predictions'}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The staff's bonus hunts: the running one to run, a new one to start, the finished ones to look back on. */
export default function HuntsPage() {
  usePageTitle('Bonus hunts · Admin');
  useLiveAdminHunts();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const first = useAdminHunts(1);
  const list = useAdminHunts(page);
  const running = first.data?.data.find((hunt) => hunt.status === 'active');
  const past = (list.data?.data ?? []).filter((hunt) => hunt.status === 'finished');

  return (
    <>
      <PageHeader
        title="Bonus hunts"
        subtitle="Start a hunt, add the bonuses, open them live on stream and finish it to pay the closest predictions."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> New hunt
          </Button>
        }
      />
      {list.isError || first.isError ? (
        <Card>
          <LoadError message="Could not load the bonus hunts." onRetry={() => void Promise.all([first.refetch(), list.refetch()])} />
        </Card>
      ) : list.isPending || first.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-28 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : (
        <>
          {running ? (
            <RunningHunt hunt={running} />
          ) : (
            <Card className="mb-6">
              <EmptyState icon={Dices} title="No hunt is running" action={<Button onClick={() => setCreating(true)}>Start a hunt</Button>}>
                Members see the last finished hunt until the next one starts.
              </EmptyState>
            </Card>
          )}
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Past hunts</h2>
          <Card className="overflow-hidden">
            {past.length === 0 ? (
              <EmptyState icon={Dices} title="No finished hunts yet">
                Finished hunts are listed here with their results.
              </EmptyState>
            ) : (
              <PastHunts hunts={past} />
            )}
          </Card>
          <Pager page={page} total={list.data.total} perPage={HUNTS_PER_PAGE} onPage={setPage} />
        </>
      )}
      {creating && <HuntForm hunt={null} onClose={() => setCreating(false)} />}
    </>
  );
}
