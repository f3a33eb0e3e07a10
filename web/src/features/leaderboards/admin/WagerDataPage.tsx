import type { AdminEntry, AdminPeriod } from '@common/contracts/leaderboards';
import { countOf, formatDate } from '@common/format';
import { formatAmount, LEADERBOARD_TYPE_LABELS } from '@common/leaderboards';
import { isAdmin } from '@common/roles';
import { Database, Lock, SearchX, Upload, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useDebounced } from '@web/lib/use-debounced';
import { useAdminPeriods, useAdminPlatforms } from '../api/admin-leaderboards';
import { useDeleteEntry, usePeriodEntries } from '../api/admin-wager-data';
import { EntriesTable } from './EntriesTable';
import { EntryForm, ImportForm } from './WagerDataForms';
import { WagerDataPrizes } from './WagerDataPrizes';

const STATUS = {
  current: { label: 'Current', tone: 'bg-success/15 text-success' },
  finished: { label: 'Ended', tone: 'bg-warning/15 text-warning' },
  paid: { label: 'Prizes paid', tone: 'bg-surface-3 text-ink-2' },
};
const statusOf = (period: AdminPeriod) => (period.prizes_paid_at ? STATUS.paid : STATUS[period.status]);
const dates = (period: AdminPeriod) => `${formatDate(period.starts_at)} – ${formatDate(period.ends_at)}`;

export default function WagerDataPage() {
  usePageTitle('Wager data · Admin');
  const { user } = useAuth();
  const isAdminUser = user !== null && isAdmin(user.role);
  const [params, setParams] = useSearchParams();
  const platforms = useAdminPlatforms();
  const platform = platforms.data?.find((row) => row.slug === params.get('platform')) ?? platforms.data?.[0];
  const leaderboard = platform?.leaderboards.find((row) => row.leaderboard_type === params.get('type')) ?? platform?.leaderboards[0];
  const periods = useAdminPeriods(leaderboard?.id ?? null);
  const period = periods.data?.find((row) => String(row.id) === params.get('period')) ?? periods.data?.[0];
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim(), 300);
  const entries = usePeriodEntries(period?.id ?? null, query, page);
  const [editing, setEditing] = useState<AdminEntry | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<AdminEntry | null>(null);
  const remove = useDeleteEntry();
  const toast = useToast();
  // Paid prizes make a period's standings final: the server refuses every change then.
  const canEdit = isAdminUser && period !== undefined && period.prizes_paid_at === null;
  const amount = (value: number) => (platform ? formatAmount(value, platform.amount_format, platform.currency_symbol) : String(value));

  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
    setPage(1);
  };

  if (platforms.isError) return <LoadError message="Could not load the leaderboards." onRetry={() => void platforms.refetch()} />;

  const total = entries.data?.meta.total;
  const changeButtons = canEdit && (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
        <Upload className="size-4" aria-hidden /> Import CSV
      </Button>
      <Button size="sm" onClick={() => setEditing('new')}>
        <UserPlus className="size-4" aria-hidden /> Add player
      </Button>
    </div>
  );

  return (
    <>
      <PageHeader title="Wager data" subtitle="Each period's standings as syncs, imports and staff left them. Correct a player, import a partner's CSV export, and record paid prizes." />
      {platforms.isPending ? (
        <Skeleton className="h-28 rounded-xl" />
      ) : !platform || !leaderboard ? (
        <Card>
          <EmptyState icon={Database} title="No leaderboards yet">
            Add a partner platform and a leaderboard on the Leaderboards page first.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-4">
          <Card className="p-4 sm:p-5">
            <div className="grid gap-3 sm:grid-cols-3">
              <SelectField label="Platform" value={platform.slug} onChange={(e) => choose({ platform: e.target.value, type: null, period: null })}>
                {platforms.data.map((row) => (
                  <option key={row.id} value={row.slug}>
                    {row.name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Leaderboard" value={leaderboard.leaderboard_type} onChange={(e) => choose({ type: e.target.value, period: null })}>
                {platform.leaderboards.map((row) => (
                  <option key={row.id} value={row.leaderboard_type}>
                    {LEADERBOARD_TYPE_LABELS[row.leaderboard_type]}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Period" value={period ? String(period.id) : ''} onChange={(e) => choose({ period: e.target.value })} disabled={!periods.data}>
                {!periods.data && <option value="">Loading…</option>}
                {periods.data?.map((row) => (
                  <option key={row.id} value={row.id}>
                    {dates(row)} · {statusOf(row).label.toLowerCase()}
                  </option>
                ))}
              </SelectField>
            </div>
            {period && (
              <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line pt-3 text-sm text-muted" data-testid="period-summary">
                <span className={cn('inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold', statusOf(period).tone)}>{statusOf(period).label}</span>
                <span className="text-ink-2 tabular-nums">{dates(period)}</span>
                <span className="tabular-nums">
                  {countOf(period.entries_count, 'player')} with wagers
                </span>
                <span>Amounts in {platform.amount_format === 'xp' ? 'XP' : platform.currency_symbol}</span>
              </p>
            )}
          </Card>

          {periods.isError && <LoadError message="Could not load the periods." onRetry={() => void periods.refetch()} />}
          {period && <WagerDataPrizes key={period.id} period={period} format={platform.amount_format} symbol={platform.currency_symbol} canEdit={isAdminUser} />}

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchInput label="Search players" placeholder="Search players..." className="sm:max-w-xs sm:flex-1" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
            <p className="text-sm text-muted tabular-nums sm:flex-1" data-testid="entries-total" aria-live="polite">
              {total !== undefined && `${countOf(total, 'player')}${query ? ` matching “${query}”` : ''}`}
            </p>
            {changeButtons}
          </div>
          {period?.prizes_paid_at && (
            <p className="flex items-center gap-2 rounded-lg border border-line bg-surface-2/70 p-3 text-sm text-ink-2">
              <Lock className="size-4 shrink-0 text-muted" aria-hidden /> The prizes of this period are paid, so its standings are final.
            </p>
          )}
          {!isAdminUser && <p className="rounded-lg border border-line bg-surface-2/70 p-3 text-sm text-muted">Only admins change standings and mark prizes as paid.</p>}

          <Card className="overflow-hidden">
            {entries.isError ? (
              <LoadError message="Could not load the standings." onRetry={() => void entries.refetch()} />
            ) : !entries.data ? (
              <div className="space-y-2 p-4">
                {[0, 1, 2, 3, 4].map((n) => (
                  <Skeleton key={n} className="h-10" />
                ))}
              </div>
            ) : entries.data.data.length === 0 ? (
              query ? (
                <EmptyState icon={SearchX} title="No player matches">
                  No player in this period has “{query}” in their name.
                </EmptyState>
              ) : (
                <EmptyState icon={Database} title="No wagers in this period" action={changeButtons || undefined}>
                  Players appear here as the partner syncs them, or when staff add or import them.
                </EmptyState>
              )
            ) : (
              <EntriesTable entries={entries.data.data} amount={amount} onEdit={canEdit ? setEditing : undefined} onDelete={canEdit ? setDeleting : undefined} />
            )}
          </Card>
          {entries.data && <Pager page={page} total={entries.data.meta.total} perPage={entries.data.meta.per_page} onPage={setPage} />}
        </div>
      )}
      {editing !== null && period && platform && <EntryForm periodId={period.id} format={platform.amount_format} initial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {importing && period && <ImportForm periodId={period.id} onClose={() => setImporting(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.username}?`}
        description={`${deleting?.username} (${deleting ? amount(deleting.wagered) : ''}) leaves this period's standings. If the partner still reports them, the next sync brings back the partner's figure.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          period &&
          remove.mutate(
            { periodId: period.id, entryId: deleting.id },
            {
              onSuccess: (result) => {
                toast.success(result.message);
                setDeleting(null);
              },
              onError: (failure) => {
                toast.error(errorMessage(failure, 'The player was not deleted.'));
                setDeleting(null);
              },
            },
          )
        }
      />
    </>
  );
}
