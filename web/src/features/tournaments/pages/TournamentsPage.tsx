import { TOURNAMENT_FILTER_LABELS, TOURNAMENT_FILTERS, type TournamentFilter } from '@common/tournaments';
import { Swords } from 'lucide-react';
import { useEffect } from 'react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { ListPageHeader } from '@web/components/ui/page-header';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/page-title';
import { useSearchChoice } from '@web/lib/use-search-choice';
import { useToast } from '@web/lib/toast';
import { useTournaments } from '../api/tournaments';
import { TournamentCard } from '../components/TournamentCard';

/** What each filter says when it finds nothing. */
const EMPTY: Record<TournamentFilter, [string, string]> = {
  all: ['No tournaments yet', 'Slot brackets show up here as soon as the streamer starts one.'],
  active: ['No active tournaments', 'No tournament is running right now. Check back soon!'],
  predictions: ['No open predictions', 'No tournament takes predictions at the moment.'],
  completed: ['No completed tournaments', 'Finished tournaments and their winners show up here.'],
};

/** Spec 2 /tournaments: the filters All Tournaments, Active, Predictions Open and Completed (asked of the server), newest first. */
export default function TournamentsPage() {
  usePageTitle('Tournaments');
  const toast = useToast();
  const [filter, choose] = useSearchChoice('filter', TOURNAMENT_FILTERS);
  const tournaments = useTournaments(filter);
  useEffect(() => {
    if (tournaments.isError) toast.error('Failed to load tournaments');
  }, [tournaments.isError, toast]);

  const list = tournaments.data;
  const [emptyTitle, emptyText] = EMPTY[filter];

  return (
    <>
      <ListPageHeader title="Tournaments" subtitle="Slot brackets battled out on stream. Pick the winners round by round and climb the prediction board." />
      <Segmented
        value={filter}
        onChange={choose}
        label="Filter tournaments"
        className="mb-6"
        items={TOURNAMENT_FILTERS.map((value) => ({ value, label: TOURNAMENT_FILTER_LABELS[value] }))}
      />
      {tournaments.isError && !list ? (
        <Card>
          <LoadError message="Failed to load tournaments." onRetry={() => void tournaments.refetch()} />
        </Card>
      ) : !list ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading tournaments">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} className="h-64 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon={Swords} title={emptyTitle}>
            {emptyText}
          </EmptyState>
        </Card>
      ) : (
        <div className={`grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${tournaments.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={tournaments.isPlaceholderData || undefined}>
          {list.map((tournament) => (
            <TournamentCard key={tournament.id} tournament={tournament} />
          ))}
        </div>
      )}
    </>
  );
}
