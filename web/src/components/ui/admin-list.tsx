import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { SearchInput } from './search-input';
import { Segmented, type SegmentItem } from './segmented';
import { Skeleton } from './skeleton';

/** An admin list's status, search and page; changing the status or the search goes back to the first page. */
export function useListState<T extends string>(all: T) {
  const [status, setStatus] = useState<T>(all);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const onStatus = (next: T) => {
    setStatus(next);
    setPage(1);
  };
  const onSearch = (next: string) => {
    setSearch(next);
    setPage(1);
  };
  return { status, search, page, setPage, filtered: status !== all || search.trim() !== '', filters: { status, onStatus, search, onSearch } };
}

/** An admin list's status chips and search box (their state from useListState). */
export function ListFilters<T extends string>({
  status,
  statuses,
  onStatus,
  search,
  onSearch,
  searchLabel,
  placeholder,
}: {
  status: T;
  statuses: SegmentItem<T>[];
  onStatus(status: T): void;
  search: string;
  onSearch(search: string): void;
  searchLabel: string;
  placeholder: string;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
      <Segmented label="Status" size="sm" value={status} items={statuses} onChange={onStatus} />
      <SearchInput label={searchLabel} className="lg:ml-auto lg:w-72" value={search} maxLength={120} placeholder={placeholder} onChange={(event) => onSearch(event.target.value)} />
    </div>
  );
}

/**
 * The card of an admin list: the failed load with Try Again, skeleton rows while loading, the empty state
 * (worded for "nothing matches" while filtered), or the rows.
 */
export function ListCard<T>({
  query,
  failure,
  icon,
  empty,
  filtered,
  children,
}: {
  query: UseQueryResult<{ data: T[] }>;
  failure: string;
  icon: LucideIcon;
  /** [title, text] when nothing exists yet, and when nothing matches the filters. */
  empty: { none: [string, string]; filtered: [string, string] };
  filtered: boolean;
  children(rows: T[]): ReactNode;
}) {
  const [title, text] = filtered ? empty.filtered : empty.none;
  return (
    // A table wider than the panel (a narrow window, long names) scrolls sideways instead of losing its last columns.
    <Card className="overflow-x-auto">
      {query.isError ? (
        <LoadError message={failure} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className="space-y-3 p-4" aria-busy>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-12" />
          ))}
        </div>
      ) : query.data.data.length === 0 ? (
        <EmptyState icon={icon} title={title}>
          {text}
        </EmptyState>
      ) : (
        children(query.data.data)
      )}
    </Card>
  );
}
