import type { HistoryEntry } from '@common/contracts/earning';
import { countOf, formatDate, formatPoints } from '@common/format';
import { ChevronLeft, ChevronRight, Coins, History } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePointsHistory } from '../../api/points-history';

/** formatDate() shows the day in UTC, so the time beside it is UTC as well. */
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

// One table: on phones (below md) each row becomes a two-line card (what and change, then date and balance).
const cell = 'px-5 py-3 max-md:p-0';

/** The signed-in member's own points ledger on their profile's Stats tab (nobody else sees it). */
export function PointsHistory() {
  const [page, setPage] = useState(1);
  const history = usePointsHistory(page, true);
  const titleId = useId();
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const cardRef = useRef<HTMLElement>(null);
  const goTo = (next: number) => {
    setPage(Math.min(pages, Math.max(1, next)));
    // Paging from the bottom of a long page: bring the top of the new page into view (below the fixed top bar).
    if ((cardRef.current?.getBoundingClientRect().top ?? 0) < 64) cardRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section ref={cardRef} aria-labelledby={titleId} data-testid="points-history" className="scroll-mt-20">
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-line px-4 py-3.5 sm:px-5">
          <h2 id={titleId} className="flex items-center gap-2 font-semibold text-ink">
            <History className="size-4 text-accent" aria-hidden /> Points history
          </h2>
          <p className="text-xs text-muted">
            {data && data.total > 0 ? `${countOf(data.total, 'change')} · ` : ''}Only you can see this
          </p>
        </div>
        {history.isPending ? (
          <SkeletonRows />
        ) : history.isError || !data ? (
          <LoadError message="Couldn't load your points history." onRetry={() => void history.refetch()} />
        ) : data.total === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl border border-line bg-surface-2 text-gold">
              <Coins className="size-6" aria-hidden />
            </span>
            <p className="max-w-sm text-sm text-ink-2">No points yet — chat during streams or claim your daily bonus to start earning.</p>
          </div>
        ) : (
          <HistoryTable entries={data.entries} stale={history.isPlaceholderData} />
        )}
        {data && pages > 1 && (
          <nav aria-label="Points history pages" className="flex items-center justify-between gap-3 border-t border-line px-4 py-3 sm:px-5">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              <ChevronLeft className="size-4" aria-hidden /> Previous
            </Button>
            <p className="text-sm text-muted tabular-nums" aria-live="polite">
              Page {formatPoints(page)} of {formatPoints(pages)}
            </p>
            <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next <ChevronRight className="size-4" aria-hidden />
            </Button>
          </nav>
        )}
      </Card>
    </section>
  );
}

function HistoryTable({ entries, stale }: { entries: HistoryEntry[]; stale: boolean }) {
  return (
    <table aria-busy={stale || undefined} className={cn('w-full text-left text-sm transition-opacity max-md:block', stale && 'opacity-60')}>
      <caption className="sr-only">Your points history, newest first</caption>
      <thead className="text-xs tracking-wide text-muted uppercase max-md:sr-only">
        <tr className="border-b border-line">
          <th scope="col" className="px-5 py-2.5 font-medium">
            Date
          </th>
          <th scope="col" className="px-5 py-2.5 font-medium">
            What
          </th>
          <th scope="col" className="px-5 py-2.5 text-right font-medium">
            Change
          </th>
          <th scope="col" className="px-5 py-2.5 text-right font-medium">
            Balance
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60 max-md:block">
        {entries.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} />
        ))}
      </tbody>
    </table>
  );
}

function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const at = new Date(entry.created_at);
  const gain = entry.delta >= 0;
  const note = entry.note && entry.note !== entry.label ? entry.note : null;
  return (
    <tr data-testid="points-history-row" className="align-top transition hover:bg-surface-2/40 max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-4 max-md:gap-y-1 max-md:px-4 max-md:py-3">
      <td className={cn(cell, 'whitespace-nowrap text-ink-2 tabular-nums max-md:col-start-1 max-md:row-start-2 max-md:text-xs max-md:text-muted')}>
        <time dateTime={entry.created_at} title={localFormat.format(at)}>
          {formatDate(entry.created_at)}
          <span className="text-xs text-muted md:block">
            <span className="md:hidden"> · </span>
            {timeFormat.format(at)} UTC
          </span>
        </time>
      </td>
      <td className={cn(cell, 'min-w-0 max-md:col-start-1 max-md:row-start-1')}>
        <span data-testid="points-history-label" className="font-medium text-ink">
          {entry.label}
        </span>
        {note && <span className="mt-0.5 block text-xs break-words text-muted">{note}</span>}
      </td>
      <td
        data-testid="points-history-change"
        className={cn(cell, 'text-right font-bold whitespace-nowrap tabular-nums max-md:col-start-2 max-md:row-start-1', gain ? 'text-success' : 'text-red-300')}
      >
        {gain ? '+' : '−'}
        {formatPoints(Math.abs(entry.delta))}
      </td>
      <td className={cn(cell, 'text-right whitespace-nowrap text-ink-2 tabular-nums max-md:col-start-2 max-md:row-start-2 max-md:text-xs max-md:text-muted')}>
        <span className="md:hidden">Balance </span>
        {formatPoints(entry.balance_after)}
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return (
    <div className="divide-y divide-line/60" aria-label="Loading points history">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-3.5 sm:px-5">
          <Skeleton className="hidden h-4 w-24 md:block" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-24 md:hidden" />
          </div>
          <Skeleton className="h-4 w-14" />
          <Skeleton className="hidden h-4 w-16 md:block" />
        </div>
      ))}
    </div>
  );
}
