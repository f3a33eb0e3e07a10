import type { RaffleEntry } from '@common/contracts/raffles';
import { displayName } from '@common/display-name';
import { countOf } from '@common/format';
import { SearchX, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Avatar } from '@web/components/ui/avatar';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useRaffleEntries } from '../api/raffles';
import { Section } from '@web/components/ui/section';
import { MemberName } from './MemberSections';
import { entriesCount } from './raffle-display';

interface MemberEntries {
  member: RaffleEntry['user'];
  name: string;
  count: number;
}

/** One row per member with their number of entries, most entries first (ties: who entered first). */
export function groupByMember(entries: readonly RaffleEntry[]): MemberEntries[] {
  const byMember = new Map<number, MemberEntries>();
  for (const entry of entries) {
    const row = byMember.get(entry.user.id);
    if (row) row.count += 1;
    else byMember.set(entry.user.id, { member: entry.user, name: displayName(entry.user), count: 1 });
  }
  // A stable sort keeps first-entered order among equal counts (the list comes oldest first).
  return [...byMember.values()].sort((a, b) => b.count - a.count);
}

const share = (count: number, total: number) => (total > 0 ? (count / total) * 100 : 0);

/** Spec 2 /raffles/{id}: every entry grouped by member, searchable by name, in a list that scrolls at a maximum height. */
export function EntriesList({ raffleId, expectedTotal, ownId }: { raffleId: number; expectedTotal: number; ownId: number | null }) {
  const entries = useRaffleEntries(raffleId);
  const loaded = entries.data?.length;
  // The raffle reloads on its own (and after an entry); the list follows when its count moved.
  const { refetch } = entries;
  useEffect(() => {
    if (loaded !== undefined && loaded !== expectedTotal) void refetch();
  }, [expectedTotal, loaded, refetch]);
  const [search, setSearch] = useState('');
  const rows = useMemo(() => groupByMember(entries.data ?? []), [entries.data]);
  const total = entries.data?.length ?? 0;
  const needle = search.trim().toLowerCase();
  const shown = needle ? rows.filter((row) => row.name.toLowerCase().includes(needle) || row.member.username.toLowerCase().includes(needle)) : rows;

  return (
    <Section
      title="Entries"
      icon={<Users className="size-5 text-accent" aria-hidden />}
      aside={
        entries.data && (
          <span className="text-sm text-muted tabular-nums" data-testid="entries-summary">
            {entriesCount(total)} from {countOf(rows.length, 'member')}
          </span>
        )
      }
      testId="raffle-entries"
    >
      {entries.isError && !entries.data ? (
        <LoadError message="Failed to load entries." onRetry={() => void entries.refetch()} className="p-0" />
      ) : !entries.data ? (
        <div className="space-y-2" aria-label="Loading entries">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-12" />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState icon={Users} title="No entries yet" className="py-8">
          Be the first to enter!
        </EmptyState>
      ) : (
        <>
          <SearchInput label="Search entries" placeholder="Search by name..." value={search} onChange={(event) => setSearch(event.target.value)} maxLength={60} className="mb-3" />
          {shown.length === 0 ? (
            <EmptyState icon={SearchX} title={`No members found matching "${search.trim()}"`} className="py-8">
              Try another name.
            </EmptyState>
          ) : (
            <ul className="max-h-96 divide-y divide-line/70 overflow-y-auto rounded-lg border border-line bg-bg/40" tabIndex={0} aria-label="Entries by member">
              {shown.map((row) => {
                const percent = share(row.count, total);
                return (
                  <li key={row.member.id} className={`flex items-center gap-3 px-3 py-2.5 ${row.member.id === ownId ? 'bg-accent/10' : ''}`} data-testid="entry-row">
                    <Avatar src={row.member.avatar_url} name={row.name} size="sm" />
                    <div className="min-w-0 flex-1">
                      <MemberName member={row.member} className="block text-sm" />
                      <div className="mt-1 h-1 overflow-hidden rounded-full bg-surface-3" aria-hidden>
                        <div className="h-full rounded-full bg-accent" style={{ width: `${Math.max(2, percent)}%` }} />
                      </div>
                    </div>
                    <div className="shrink-0 text-right tabular-nums">
                      <p className="text-sm font-semibold text-ink">{entriesCount(row.count)}</p>
                      <p className="text-xs text-muted">{percent.toFixed(2)}%</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
