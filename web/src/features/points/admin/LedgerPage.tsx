import { countOf, formatPoints } from '@common/format';
import { ChevronLeft, ChevronRight, Download, FilterX, ScrollText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useDebounced } from '@web/lib/use-debounced';
import { ledgerCsvUrl, useAdminLedger, type LedgerFilters } from '../api/admin-ledger';
import { LedgerFilterBar } from './ledger/LedgerFilterBar';
import { LedgerRows } from './ledger/LedgerRows';

type FilterName = 'member' | 'reason' | 'from' | 'to';
const FILTER_NAMES: FilterName[] = ['member', 'reason', 'from', 'to'];

/** The filters live in the address (shareable, and Back restores them); the page is 1 unless given. */
function readFilters(params: URLSearchParams): LedgerFilters {
  const page = Number(params.get('page'));
  return {
    member: params.get('member') ?? '',
    reason: params.get('reason') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function LedgerPage() {
  usePageTitle('Points ledger · Admin');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.member);
  const member = useDebounced(search.trim(), 300);
  const ledger = useAdminLedger(filters);
  const refused = ledger.error instanceof ApiError && ledger.error.status === 422 ? ledger.error : null;
  const data = refused ? undefined : ledger.data;
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.per_page)) : 1;
  const filtered = FILTER_NAMES.some((name) => filters[name] !== '');
  // The reasons of the last good answer stay in the select while a refused filter is on screen.
  const reasons = useRef<{ value: string; label: string }[]>([]);
  if (ledger.data) reasons.current = ledger.data.reasons;

  const setFilters = (changes: Partial<Record<FilterName, string>>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      },
      { replace },
    );
  const setPage = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });

  // The typed name reaches the address once typing pauses; Back and Forward bring the box along.
  const latest = useRef({ member: filters.member, typed: member });
  latest.current = { member: filters.member, typed: member };
  useEffect(() => {
    // Only a settled change of the box writes the address; the address itself is read through `latest`.
    if (member !== latest.current.member) setFilters({ member }, true);
  }, [member]);
  useEffect(() => {
    if (filters.member !== latest.current.typed) setSearch(filters.member);
  }, [filters.member]);

  const clear = () => {
    setSearch('');
    setFilters({ member: '', reason: '', from: '', to: '' });
  };
  const byMember = (username: string) => {
    setSearch(username);
    setFilters({ member: username });
  };

  const exportLink = refused ? (
    <Button variant="secondary" disabled>
      <Download className="size-4" aria-hidden /> Export CSV
    </Button>
  ) : (
    <a href={ledgerCsvUrl(filters)} download className={buttonClasses('secondary')}>
      <Download className="size-4" aria-hidden /> Export CSV
    </a>
  );

  return (
    <>
      <PageHeader
        title="Points ledger"
        subtitle="Every change to every balance, newest first. Days are in the site's time zone."
        actions={
          <>
            {filtered && (
              <Button variant="ghost" onClick={clear}>
                <FilterX className="size-4" aria-hidden /> Clear filters
              </Button>
            )}
            {exportLink}
          </>
        }
      />
      <LedgerFilterBar
        search={search}
        onSearch={setSearch}
        reason={filters.reason}
        reasons={reasons.current}
        from={filters.from}
        to={filters.to}
        onChange={(changes) => setFilters(changes)}
        error={(field) => refused?.field(field)}
      />

      <Card className="overflow-hidden">
        {refused ? (
          <div role="alert" className="p-6 text-sm text-ink-2">
            <p className="font-semibold text-red-300">{refused.message}</p>
            <p className="mt-1">Change the filters above, or clear them to see the whole ledger.</p>
          </div>
        ) : ledger.isError ? (
          <LoadError message="Could not load the ledger." onRetry={() => void ledger.refetch()} />
        ) : !data ? (
          <div className="space-y-3 p-4" aria-label="Loading the ledger">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} className="h-11" />
            ))}
          </div>
        ) : data.data.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title="No ledger entries match these filters."
            action={
              filtered && (
                <Button variant="secondary" size="sm" onClick={clear}>
                  Clear filters
                </Button>
              )
            }
          >
            {filtered ? 'Try another member, reason or range of days.' : 'Points earned, spent and adjusted will show here.'}
          </EmptyState>
        ) : (
          <LedgerRows entries={data.data} busy={ledger.isFetching && ledger.isPlaceholderData} onMember={byMember} />
        )}
      </Card>

      {data && data.meta.total > 0 && (
        <nav aria-label="Ledger pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-2">
          <p className="tabular-nums" data-testid="ledger-total">
            {countOf(data.meta.total, 'entry', 'entries')}
          </p>
          <div className="flex items-center gap-3">
            <Button variant="secondary" size="sm" disabled={filters.page <= 1} onClick={() => setPage(filters.page - 1)}>
              <ChevronLeft className="size-4" aria-hidden /> Previous
            </Button>
            <span className="tabular-nums">
              Page {formatPoints(filters.page)} of {formatPoints(pages)}
            </span>
            <Button variant="secondary" size="sm" disabled={filters.page >= pages} onClick={() => setPage(filters.page + 1)}>
              Next <ChevronRight className="size-4" aria-hidden />
            </Button>
          </div>
        </nav>
      )}
    </>
  );
}
