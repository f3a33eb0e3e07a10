import type { Prediction } from '@common/contracts/bonus-hunts';
import { displayName } from '@common/display-name';
import { countOf, formatUsd } from '@common/format';
import { Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';
import { Segmented, type SegmentItem } from '@web/components/ui/segmented';
import { useHuntPredictions } from '../api/bonus-hunts';
import { HuntMemberName, Multiplier } from './hunt-display';
import { ListTable, type Heading } from './ListTable';
import { SkeletonGrid } from './states';

type Sort = 'newest' | 'end_balance' | 'multiplier';
const SORTS: Record<Sort, (a: Prediction, b: Prediction) => number> = {
  newest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  end_balance: (a, b) => b.end_balance - a.end_balance || a.id - b.id,
  multiplier: (a, b) => b.highest_multiplier - a.highest_multiplier || a.id - b.id,
};
const SORT_ITEMS: SegmentItem<Sort>[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'end_balance', label: 'End Balance' },
  { value: 'multiplier', label: 'Multiplier' },
];
const HEADINGS: Heading[] = [
  { label: 'Member' },
  { label: 'End Balance', align: 'right' },
  { label: 'Multiplier', align: 'right' },
  { label: 'Game' },
  { label: 'Predicted', align: 'right' },
];
const COLUMNS = 'md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)_6.5rem]';

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <span className="block text-[11px] font-semibold tracking-wider text-muted uppercase md:sr-only">{label}</span>
      {children}
    </div>
  );
}

function PredictionRow({ prediction }: { prediction: Prediction }) {
  return (
    <li data-testid="prediction-row" className={cn('grid grid-cols-3 items-center gap-x-3 gap-y-2 px-4 py-3 text-sm transition hover:bg-surface-2/40 md:gap-x-4', COLUMNS)}>
      <div className="col-span-2 min-w-0 md:col-span-1">
        <HuntMemberName member={prediction.user} size="sm" className="max-w-full" />
      </div>
      <span className="text-right text-xs text-muted md:order-last">{prediction.created_at_human}</span>
      <Cell label="End Balance" className="md:text-right">
        <span className="font-semibold text-ink tabular-nums">{formatUsd(prediction.end_balance)}</span>
      </Cell>
      <Cell label="Multiplier" className="md:text-right">
        <Multiplier value={prediction.highest_multiplier} />
      </Cell>
      <Cell label="Game">
        <span className="block break-words text-ink-2 md:truncate" title={prediction.highest_multiplier_game}>
          {prediction.highest_multiplier_game}
        </span>
      </Cell>
    </li>
  );
}

/** Spec 1 §2: every prediction of the hunt, sortable and searchable (a failed load only logs, spec 1 §8). */
export function PredictionList({ huntId }: { huntId: number }) {
  const predictions = useHuntPredictions(huntId);
  const [sort, setSort] = useState<Sort>('newest');
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (predictions.isError) console.error('Predictions failed to load', predictions.error);
  }, [predictions.isError, predictions.error]);

  const all = predictions.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = (needle ? all.filter((p) => [displayName(p.user), p.highest_multiplier_game].some((text) => text.toLowerCase().includes(needle))) : all).toSorted(SORTS[sort]);

  return (
    <Card className="overflow-hidden" data-testid="prediction-list">
      <div className="flex flex-col gap-3 border-b border-line p-4 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 className="text-lg font-bold text-ink">All Predictions</h2>
          <p className="text-sm text-muted tabular-nums" data-testid="prediction-count">
            {shown.length} of {countOf(all.length, 'prediction')}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Segmented label="Sort predictions" size="sm" value={sort} onChange={(next) => setSort(next)} items={SORT_ITEMS} />
          <SearchInput label="Search predictions" placeholder="Search predictions..." value={search} onChange={(e) => setSearch(e.target.value)} className="sm:w-64" maxLength={120} />
        </div>
      </div>
      {predictions.isError ? (
        <p className="p-6 text-sm text-muted">Predictions are not available right now.</p>
      ) : !predictions.data ? (
        <SkeletonGrid count={4} className="gap-2 p-4" itemClassName="h-12" />
      ) : (
        <ListTable
          total={all.length}
          shown={shown.length}
          search={search}
          columns={COLUMNS}
          headings={HEADINGS}
          label="Predictions"
          empty={
            <EmptyState icon={Users} title="No predictions yet">
              Predictions for this hunt will show up here.
            </EmptyState>
          }
        >
          {shown.map((prediction) => (
            <PredictionRow key={prediction.id} prediction={prediction} />
          ))}
        </ListTable>
      )}
    </Card>
  );
}
