import type { AdminRaffle } from '@common/contracts/raffles-admin';
import { ADMIN_RAFFLE_STATUS_LABELS, ADMIN_RAFFLE_STATUSES, type AdminRaffleStatus } from '@common/raffles';
import { formatPoints } from '@common/format';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListCard, ListFilters, useListState } from '@web/components/ui/admin-list';
import { ListPageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { usePageTitle } from '@web/lib/page-title';
import { useDebounced } from '@web/lib/use-debounced';
import { RAFFLES_PER_PAGE, useAdminRaffles } from '../api/admin-raffles';
import { RaffleImage } from '../components/raffle-display';
import { RaffleForm } from './RaffleForm';
import { AdminStatusBadge, formatWhen } from './raffle-status';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

type StatusFilter = AdminRaffleStatus | 'all';
const FILTERS = [{ value: 'all' as StatusFilter, label: 'All' }, ...ADMIN_RAFFLE_STATUSES.map((status) => ({ value: status as StatusFilter, label: ADMIN_RAFFLE_STATUS_LABELS[status] }))];

const Figure = ({ value, unit }: { value: number; unit: [string, string] }) => (
  <td className="text-ink-2 tabular-nums md:px-4 md:py-3 md:text-right">
    {formatPoints(value)} <span className="text-xs text-muted md:sr-only">{value === 1 ? unit[0] : unit[1]}</span>
  </td>
);

function RaffleRows({ raffles }: { raffles: AdminRaffle[] }) {
  return (
    <table className={ADMIN_TABLE} aria-label="Raffles">
      <AdminTableHead
        columns={[
          'Raffle',
          'Status',
          { label: 'Entries', align: 'right' },
          { label: 'Entrants', align: 'right' },
          'Ends',
          { label: 'Winners', align: 'right' },
        ]}
      />
      <tbody>
        {raffles.map((raffle) => (
          <tr
            key={raffle.id}
            data-testid="admin-raffle-row"
            className={`relative flex flex-wrap items-center gap-x-4 gap-y-1.5 hover:bg-surface-2/60 ${ADMIN_ROW}`}
          >
            <td className="w-full md:w-auto md:px-4 md:py-3">
              <span className="flex min-w-0 items-center gap-3">
                <RaffleImage raffle={raffle} className="h-10 w-16 shrink-0 rounded-md" />
                <Link to={`/raffles/${raffle.id}`} className="min-w-0 truncate font-semibold text-ink after:absolute after:inset-0 hover:text-accent md:after:content-none">
                  {raffle.title}
                </Link>
              </span>
            </td>
            <td className="md:px-4 md:py-3">
              <AdminStatusBadge status={raffle.status} />
            </td>
            <Figure value={raffle.total_entries} unit={['entry', 'entries']} />
            <Figure value={raffle.entrants_count} unit={['entrant', 'entrants']} />
            <td className="text-xs text-muted tabular-nums md:px-4 md:py-3 md:text-sm">
              <span className="md:sr-only">Ends </span>
              {formatWhen(raffle.end_datetime)}
            </td>
            <Figure value={raffle.winners_count} unit={['winner', 'winners']} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every raffle staff run, newest first: filter by where it stands, search by title, open one to run its draw. */
export default function RafflesPage() {
  usePageTitle('Raffles · Admin');
  const list = useListState<StatusFilter>('all');
  const [creating, setCreating] = useState(false);
  const query = useAdminRaffles({ status: list.status, search: useDebounced(list.search.trim(), 300), page: list.page });

  return (
    <>
      <ListPageHeader
        title="Raffles"
        subtitle="Create giveaways, watch the entries come in, then close, draw and announce the winners. Every draw can be checked by anyone."
        create={{ label: 'New raffle', onClick: () => setCreating(true) }}
      />
      <ListFilters
        {...list.filters}
        statuses={FILTERS}
        searchLabel="Search raffles"
        placeholder="Search by title..."
      />
      <ListCard
        query={query}
        failure="Could not load the raffles."
        icon={Ticket}
        empty={{ none: ['No raffles yet', 'Create the first giveaway members can enter.'], filtered: ['No raffles found', 'Try another status or title.'] }}
        filtered={list.filtered}
      >
        {(raffles) => <RaffleRows raffles={raffles} />}
      </ListCard>
      {query.data && <Pager page={list.page} total={query.data.total} perPage={RAFFLES_PER_PAGE} onPage={list.setPage} />}
      {creating && <RaffleForm raffle={null} onClose={() => setCreating(false)} />}
    </>
  );
}
