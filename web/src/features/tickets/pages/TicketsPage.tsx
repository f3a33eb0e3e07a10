import type { Ticket } from '@common/contracts/tickets';
import { TICKET_FILTERS, TICKET_TEXTS } from '@common/tickets';
import { LifeBuoy, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { SearchInput } from '@web/components/ui/search-input';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useSearchChoice } from '@web/lib/use-search-choice';
import { useTickets } from '../api/tickets';
import { TicketCard } from '../components/TicketCard';
import { TicketsLoginPrompt } from '../components/TicketsLoginPrompt';

type FilterKey = (typeof TICKET_FILTERS)[number]['key'];
const FILTER_KEYS = TICKET_FILTERS.map((filter) => filter.key);

const createLink = (
  <Link to="/tickets/create" className={buttonClasses('primary')}>
    <Plus className="size-4" aria-hidden /> Create Ticket
  </Link>
);

/** Tickets whose title, description, category or number holds every word searched for. */
function matches(ticket: Ticket, words: string[]) {
  const text = `#${ticket.id} ${ticket.title} ${ticket.description} ${ticket.category?.name ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** Spec 2 /tickets: the member's own tickets, searched and filtered by status (each chip with its count). */
export default function TicketsPage() {
  const { user } = useAuth();
  if (!user) return <TicketsLoginPrompt>Please log in to view and manage your support tickets.</TicketsLoginPrompt>;
  return <Tickets />;
}

function Tickets() {
  usePageTitle('Support Tickets');
  const toast = useToast();
  const tickets = useTickets();
  const [filter, chooseFilter] = useSearchChoice<FilterKey>('status', FILTER_KEYS);
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (tickets.isError) toast.error(TICKET_TEXTS.loadFailed);
  }, [tickets.isError, toast]);

  const list = tickets.data;
  const counts = useMemo(() => {
    const byStatus: Record<string, number> = { all: list?.length ?? 0 };
    for (const ticket of list ?? []) byStatus[ticket.status] = (byStatus[ticket.status] ?? 0) + 1;
    return byStatus;
  }, [list]);
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = list?.filter((ticket) => (filter === 'all' || ticket.status === filter) && matches(ticket, words));

  return (
    <>
      <PageHeader title="Support Tickets" subtitle="Ask the team for help and follow every answer in one place." actions={createLink} />
      <div className="mb-6 flex flex-col gap-3">
        <SearchInput label="Search tickets" placeholder="Search tickets..." value={search} onChange={(event) => setSearch(event.target.value)} className="w-full sm:max-w-sm" />
        <Segmented
          value={filter}
          onChange={chooseFilter}
          label="Filter tickets by status"
          size="sm"
          className="flex w-fit flex-wrap"
          items={TICKET_FILTERS.map(({ key, label }) => ({
            value: key,
            label: (
              <span data-testid={`ticket-filter-${key}`}>
                {label}{' '}
                <span className="rounded-full bg-black/25 px-1.5 py-px tabular-nums" data-testid="ticket-filter-count">
                  {list ? counts[key] ?? 0 : '–'}
                </span>
              </span>
            ),
          }))}
        />
      </div>
      {tickets.isError && !list ? (
        <Card>
          <EmptyState icon={LifeBuoy} title={TICKET_TEXTS.loadFailed} action={<Button onClick={() => void tickets.refetch()}>Try Again</Button>}>
            Something went wrong while loading your tickets.
          </EmptyState>
        </Card>
      ) : !shown ? (
        <div className="grid gap-4 md:grid-cols-2" aria-label="Loading tickets">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <Card>
          <EmptyState icon={LifeBuoy} title="No Tickets Found" action={list?.length === 0 ? createLink : undefined}>
            {list?.length === 0 ? "You haven't created any support tickets yet. Need help? Open one and the team will answer here." : 'No tickets match your search or the chosen status.'}
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Your tickets">
          {shown.map((ticket) => (
            <li key={ticket.id} className="flex">
              <TicketCard ticket={ticket} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
