import type { BonusHunt } from '@common/contracts/bonus-hunts';
import { Clock, Dices, Radio, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useCurrentHunt, useLiveHunts } from '../api/bonus-hunts';
import { ClosestPredictions } from '../components/ClosestPredictions';
import { HistoryTab } from '../components/HistoryTab';
import { HuntHighlights, HuntStatTiles } from '../components/HuntOverview';
import { PredictionList } from '../components/PredictionList';
import { PredictionPanel } from '../components/PredictionPanel';
import { SlotTable } from '../components/SlotTable';
import { LoadFailed, SkeletonGrid } from '../components/states';

const TABS = [
  { value: 'current', label: 'Current Hunt' },
  { value: 'predictions', label: 'Predictions' },
  { value: 'history', label: 'History' },
];

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold', className)}>{children}</span>;
}

function HuntHeading({ hunt }: { hunt: BonusHunt }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="hunt-heading">
      <div className="min-w-0">
        <h2 className="truncate text-2xl font-extrabold text-ink">{hunt.title || `Bonus Hunt #${hunt.id}`}</h2>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Clock className="size-3.5" aria-hidden /> {hunt.created_at_human}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {hunt.is_active ? (
          <Badge className="border-danger/50 bg-danger/15 text-red-200">
            <span className="size-2 animate-pulse rounded-full bg-danger" aria-hidden /> Live
          </Badge>
        ) : (
          <Badge className="border-success/40 bg-success/10 text-emerald-300">Completed</Badge>
        )}
        <Badge className={hunt.predictions_active ? 'border-accent/50 bg-accent/15 text-ink-2' : 'border-line bg-surface-3/60 text-muted'}>
          Predictions {hunt.predictions_active ? 'open' : 'closed'}
        </Badge>
      </div>
    </div>
  );
}

/** Listens for hunt changes while the page is open; only this badge re-renders when the connection opens or drops. */
function LiveStatus() {
  const live = useLiveHunts();
  return (
    <span className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-2/70 px-3 py-1.5 text-xs font-semibold text-ink-2" data-testid="live-status">
      {live ? <Radio className="size-4 text-success" aria-hidden /> : <RefreshCw className="size-4 text-muted" aria-hidden />}
      {live ? 'Live updates' : 'Refreshes every 30 s'}
    </span>
  );
}

function CurrentHunt({ hunt, onShowPredictions }: { hunt: BonusHunt; onShowPredictions(): void }) {
  return (
    <div className="space-y-6">
      <HuntHeading hunt={hunt} />
      <HuntStatTiles hunt={hunt} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <HuntHighlights hunt={hunt} />
        <PredictionPanel key={hunt.id} hunt={hunt} onShowPredictions={onShowPredictions} />
      </div>
      <SlotTable games={hunt.games} />
    </div>
  );
}

function LoadingHunt() {
  return (
    <div className="space-y-6" aria-label="Loading bonus hunts">
      <Skeleton className="h-10 w-72 max-w-full" />
      <SkeletonGrid count={4} className="grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" itemClassName="h-24" />
      <SkeletonGrid count={2} className="gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]" itemClassName="h-64" />
      <Skeleton className="h-96" />
    </div>
  );
}

/** Spec 1 §2 Bonus Hunts: Current Hunt, Predictions and History, live through server-sent events and a 30 s refresh. */
export default function BonusHuntsPage() {
  usePageTitle('Bonus Hunts');
  const toast = useToast();
  const current = useCurrentHunt();
  const [search, setSearch] = useSearchParams();
  const tab = TABS.some((item) => item.value === search.get('tab')) ? search.get('tab')! : 'current';
  useEffect(() => {
    if (current.isError) toast.error('Failed to load bonus hunts');
  }, [current.isError, toast]);

  const chooseTab = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === 'current') params.delete('tab');
    else params.set('tab', next);
    setSearch(params, { replace: true });
  };

  const hunt = current.data;
  const needsHunt = (content: (hunt: BonusHunt) => ReactNode) =>
    current.isError && hunt === undefined ? (
      <LoadFailed icon={Dices} onRetry={() => void current.refetch()}>
        Something went wrong while loading the hunt.
      </LoadFailed>
    ) : hunt === undefined ? (
      <LoadingHunt />
    ) : hunt === null ? (
      <Card>
        <EmptyState icon={Dices} title="No bonus hunt yet">
          The next hunt shows up here as soon as the streamer starts it.
        </EmptyState>
      </Card>
    ) : (
      content(hunt)
    );

  return (
    <>
      <PageHeader
        title="Bonus Hunts"
        subtitle="Follow the hunt slot by slot, predict how it ends and relive every past hunt."
        actions={<LiveStatus />}
      />
      <Tabs value={tab} onValueChange={chooseTab} items={TABS} label="Bonus hunts">
        <TabPanel value="current">{needsHunt((hunt) => <CurrentHunt hunt={hunt} onShowPredictions={() => chooseTab('predictions')} />)}</TabPanel>
        <TabPanel value="predictions">
          {needsHunt((hunt) => (
            <div className="space-y-6">
              <ClosestPredictions hunt={hunt} />
              <PredictionList huntId={hunt.id} />
            </div>
          ))}
        </TabPanel>
        <TabPanel value="history">
          <HistoryTab />
        </TabPanel>
      </Tabs>
    </>
  );
}
