import { displayName } from '@common/display-name';
import { formatPoints } from '@common/format';
import { ListChecks, Users } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@web/components/ui/avatar';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { Pager } from '@web/components/ui/pager';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDebounced } from '@web/lib/use-debounced';
import { RAFFLE_ENTRIES_PER_PAGE, useAdminRaffleEntries } from '../api/admin-raffles';
import { Section } from '@web/components/ui/section';
import { ENTRY_TYPE_LABELS, entriesCount } from '../components/raffle-display';
import { formatWhen } from './raffle-status';

/** Every entry of the raffle, oldest first (the order the entry-list hash is taken in), searchable by member. */
export function RaffleEntries({ raffleId, total, className }: { raffleId: number; total: number; className?: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminRaffleEntries(raffleId, useDebounced(search.trim(), 300), page);

  return (
    <Section title="Entries" icon={<ListChecks className="size-5 text-accent" aria-hidden />} aside={<span className="text-sm text-muted tabular-nums">{entriesCount(total)}</span>} testId="admin-raffle-entries" className={className}>
      <SearchInput
        label="Search entries by member"
        className="mb-3 sm:w-72"
        value={search}
        maxLength={120}
        placeholder="Search by member..."
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <div className="overflow-hidden rounded-lg border border-line">
        {query.isError ? (
          <LoadError message="Could not load the entries." onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <div className="space-y-2 p-3" aria-busy>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-10" />
            ))}
          </div>
        ) : query.data.data.length === 0 ? (
          <EmptyState icon={Users} title={search.trim() ? 'No entries found' : 'No entries yet'} className="py-8">
            {search.trim() ? 'Nobody by that name has entered.' : 'Entries show up here as members enter.'}
          </EmptyState>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Entries" aria-busy={query.isFetching}>
            <thead className="hidden border-b border-line bg-surface-2/60 text-xs tracking-wide text-muted uppercase sm:table-header-group">
              <tr>
                <th className="px-3 py-2.5 font-semibold">Entry</th>
                <th className="px-3 py-2.5 font-semibold">Member</th>
                <th className="px-3 py-2.5 font-semibold">Type</th>
                <th className="px-3 py-2.5 text-right font-semibold">Points</th>
                <th className="px-3 py-2.5 font-semibold">Entered</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((entry) => {
                const name = displayName(entry.user);
                return (
                  <tr key={entry.id} data-testid="admin-raffle-entry" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line/60 px-3 py-2.5 last:border-0 sm:table-row sm:p-0">
                    <td className="text-xs text-muted tabular-nums sm:px-3 sm:py-2">#{entry.id}</td>
                    <td className="min-w-0 flex-1 sm:px-3 sm:py-2">
                      <span className="flex min-w-0 items-center gap-2">
                        <Avatar src={entry.user.avatar_url} name={name} size="xs" />
                        <span className="truncate font-medium text-ink">{name}</span>
                      </span>
                    </td>
                    <td className="text-ink-2 sm:px-3 sm:py-2">{ENTRY_TYPE_LABELS[entry.entry_type]}</td>
                    <td className="text-ink-2 tabular-nums sm:px-3 sm:py-2 sm:text-right">
                      {entry.points_spent > 0 ? formatPoints(entry.points_spent) : '—'}
                      <span className="sr-only"> points</span>
                    </td>
                    <td className="w-full text-xs text-muted tabular-nums sm:w-auto sm:px-3 sm:py-2">{formatWhen(entry.created_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {query.data && <Pager page={page} total={query.data.total} perPage={RAFFLE_ENTRIES_PER_PAGE} onPage={setPage} />}
    </Section>
  );
}
