import { RAFFLE_FILTER_LABELS, RAFFLE_FILTERS, type RaffleFilter } from '@common/raffles';
import { Ticket } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useRaffles } from '../api/raffles';
import { RaffleCard } from '../components/RaffleCard';
import { useNow } from '../components/raffle-display';

/** What each filter says when it finds nothing. */
const EMPTY: Record<RaffleFilter, [string, string]> = {
  all: ['No raffles yet', 'Giveaways show up here as soon as the streamer starts one.'],
  active: ['No active raffles', 'No raffle is open for entries right now. Check back soon!'],
  ended: ['No ended raffles', 'Finished raffles and their winners show up here.'],
  free: ['No free raffles', 'No raffle offers a free entry at the moment.'],
};

const isFilter = (value: string | null): value is RaffleFilter => RAFFLE_FILTERS.some((filter) => filter === value);

/** Spec 2 /raffles: the filters All Raffles, Active, Ended and Free Entry (asked of the server), newest first. */
export default function RafflesPage() {
  usePageTitle('Raffles');
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('filter');
  const filter: RaffleFilter = isFilter(requested) ? requested : 'all';
  const raffles = useRaffles(filter);
  const now = useNow();
  useEffect(() => {
    if (raffles.isError) toast.error('Failed to load raffles');
  }, [raffles.isError, toast]);

  const choose = (next: RaffleFilter) => {
    const params = new URLSearchParams(search);
    if (next === 'all') params.delete('filter');
    else params.set('filter', next);
    setSearch(params, { replace: true });
  };
  const list = raffles.data;
  const [emptyTitle, emptyText] = EMPTY[filter];

  return (
    <>
      <PageHeader title="Raffles" subtitle="Enter giveaways for free, with points or with the stream's password. Every draw can be verified." />
      <Segmented
        value={filter}
        onChange={choose}
        label="Filter raffles"
        className="mb-6"
        items={RAFFLE_FILTERS.map((value) => ({ value, label: RAFFLE_FILTER_LABELS[value] }))}
      />
      {raffles.isError && !list ? (
        <Card>
          <EmptyState icon={Ticket} title="Failed to load raffles" action={<Button onClick={() => void raffles.refetch()}>Try Again</Button>}>
            Something went wrong while loading the raffles.
          </EmptyState>
        </Card>
      ) : !list ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading raffles">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState icon={Ticket} title={emptyTitle}>
            {emptyText}
          </EmptyState>
        </Card>
      ) : (
        <div className={`grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${raffles.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={raffles.isPlaceholderData || undefined}>
          {list.map((raffle) => (
            <RaffleCard key={raffle.id} raffle={raffle} now={now} />
          ))}
        </div>
      )}
    </>
  );
}
