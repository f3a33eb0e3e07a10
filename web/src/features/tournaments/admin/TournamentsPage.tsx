import type { AdminTournament } from '@common/contracts/tournaments-admin';
import { formatDate, formatPoints } from '@common/format';
import { ADMIN_TOURNAMENT_STATUS_LABELS, ADMIN_TOURNAMENT_STATUSES, type AdminTournamentStatus } from '@common/tournaments';
import { Swords } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListCard, ListFilters, useListState } from '@web/components/ui/admin-list';
import { ListPageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { usePageTitle } from '@web/lib/page-title';
import { useDebounced } from '@web/lib/use-debounced';
import { TOURNAMENTS_PER_PAGE, useAdminTournaments } from '../api/admin-tournaments';
import { AdminStatusBadges, ProgressBar } from './admin-display';
import { TournamentForm } from './TournamentForm';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

type StatusFilter = AdminTournamentStatus | 'all';
const FILTERS = [{ value: 'all' as StatusFilter, label: 'All' }, ...ADMIN_TOURNAMENT_STATUSES.map((status) => ({ value: status as StatusFilter, label: ADMIN_TOURNAMENT_STATUS_LABELS[status] }))];
const cell = 'md:px-4 md:py-3';

function TournamentRows({ tournaments }: { tournaments: AdminTournament[] }) {
  return (
    <table className={ADMIN_TABLE} aria-label="Tournaments">
      <AdminTableHead
        columns={[
          'Tournament',
          { label: 'Size', align: 'right' },
          'Status',
          'Progress',
          { label: 'Predictions', align: 'right' },
          'Created',
        ]}
      />
      <tbody>
        {tournaments.map((tournament) => (
          <tr
            key={tournament.id}
            data-testid="admin-tournament-row"
            className={`relative flex flex-wrap items-center gap-x-4 gap-y-2 hover:bg-surface-2/60 ${ADMIN_ROW}`}
          >
            <td className={`w-full md:w-auto ${cell}`}>
              <span className="flex min-w-0 items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-line bg-surface-2 text-accent" aria-hidden>
                  <Swords className="size-4" />
                </span>
                <span className="min-w-0">
                  <Link to={`/tournaments/${tournament.id}`} className="block truncate font-semibold text-ink after:absolute after:inset-0 hover:text-accent md:after:content-none">
                    {tournament.name}
                  </Link>
                  {tournament.winner_name && <span className="block truncate text-xs text-muted">Winner: {tournament.winner_name}</span>}
                </span>
              </span>
            </td>
            <td className={`text-ink-2 tabular-nums md:text-right ${cell}`}>{tournament.size} slots</td>
            <td className={cell}>
              <AdminStatusBadges tournament={tournament} />
            </td>
            <td className={`w-full md:w-48 ${cell}`}>
              {tournament.status === 'draft' ? <span className="text-xs text-muted">Bracket not generated</span> : <ProgressBar percent={tournament.progress} />}
            </td>
            <td className={`text-ink-2 tabular-nums md:text-right ${cell}`}>
              {formatPoints(tournament.predictions_count)} <span className="text-xs text-muted md:sr-only">{tournament.predictions_count === 1 ? 'prediction' : 'predictions'}</span>
            </td>
            <td className={`text-xs text-muted tabular-nums md:text-sm ${cell}`}>
              <span className="md:sr-only">Created </span>
              {formatDate(tournament.created_at)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every tournament staff run, newest first: filter by where it stands, search by name, open one to run it. */
export default function TournamentsPage() {
  usePageTitle('Tournaments · Admin');
  const list = useListState<StatusFilter>('all');
  const [creating, setCreating] = useState(false);
  const query = useAdminTournaments({ status: list.status, search: useDebounced(list.search.trim(), 300), page: list.page });

  return (
    <>
      <ListPageHeader
        title="Tournaments"
        subtitle="Seed slot brackets, let members predict the winners, then enter each match's result and pay the best predictors."
        create={{ label: 'New tournament', onClick: () => setCreating(true) }}
      />
      <ListFilters
        {...list.filters}
        statuses={FILTERS}
        searchLabel="Search tournaments"
        placeholder="Search by name..."
      />
      <ListCard
        query={query}
        failure="Could not load the tournaments."
        icon={Swords}
        empty={{ none: ['No tournaments yet', 'Create the first bracket members can predict.'], filtered: ['No tournaments found', 'Try another status or name.'] }}
        filtered={list.filtered}
      >
        {(tournaments) => <TournamentRows tournaments={tournaments} />}
      </ListCard>
      {query.data && <Pager page={list.page} total={query.data.total} perPage={TOURNAMENTS_PER_PAGE} onPage={list.setPage} />}
      {creating && <TournamentForm tournament={null} onClose={() => setCreating(false)} />}
    </>
  );
}
