import { TICKET_FILTERS, TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, type TicketPriority } from '@common/tickets';
import { LifeBuoy } from 'lucide-react';
import { useLocation } from 'react-router';
import { ListCard } from '@web/components/ui/admin-list';
import { inputClasses } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { SearchInput } from '@web/components/ui/search-input';
import { Segmented } from '@web/components/ui/segmented';
import { usePageTitle } from '@web/lib/page-title';
import { SEARCH_MAX_LENGTH, useSearchText } from '@web/lib/use-search-text';
import { TICKETS_PER_PAGE, useAdminTicketCategories, useTicketQueue, type TicketQueueFilters } from '../api/admin-tickets';
import { useQueueFilters } from './queue-filters';
import { TicketQueueRows } from './TicketQueueRows';

const STATUSES = TICKET_FILTERS.map(({ key, label }) => ({ value: key, label }));
const select = `${inputClasses} appearance-auto py-2`;

/** Priority, category, unassigned only and the search box; the search is sent once typing stops. */
function MoreFilters({ filters, onChange }: { filters: TicketQueueFilters; onChange(change: Partial<TicketQueueFilters>): void }) {
  const categories = useAdminTicketCategories();
  const [text, setText] = useSearchText('search', { resets: ['page'] });

  return (
    <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[10rem_14rem_auto_1fr] lg:items-center">
      <label className="flex flex-col gap-1 text-xs font-medium text-muted">
        Priority
        <select className={select} value={filters.priority} onChange={(event) => onChange({ priority: event.target.value as TicketPriority | 'all' })}>
          <option value="all">Every priority</option>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {TICKET_PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted">
        Category
        <select className={select} value={filters.category} onChange={(event) => onChange({ category: event.target.value })}>
          <option value="">Every category</option>
          {categories.data?.data.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className="col-span-2 flex items-center gap-2 self-end text-sm text-ink-2 lg:col-span-1 lg:pb-2.5">
        <input type="checkbox" className="size-4 accent-accent" checked={filters.unassigned} onChange={(event) => onChange({ unassigned: event.target.checked })} />
        Unassigned only
      </label>
      <SearchInput
        label="Search tickets"
        className="col-span-2 self-end lg:col-span-1"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search by title or member..."
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}

/** The support queue (decision 022): latest activity first, filtered by status, priority, category and assignee, searched by title or member. */
export default function TicketQueuePage() {
  usePageTitle('Tickets · Admin');
  const [filters, change] = useQueueFilters();
  const query = useTicketQueue(filters);
  // The ticket page leads back to the queue as it was filtered.
  const { search } = useLocation();
  const filtered = filters.status !== 'all' || filters.priority !== 'all' || filters.category !== '' || filters.unassigned || filters.search !== '';

  return (
    <>
      <PageHeader title="Tickets" subtitle="Members' support tickets, latest activity first. Open one to read the conversation, reply as the Support Team, assign it and set its status." />
      <Segmented label="Filter by status" size="sm" className="mb-3" value={filters.status} items={STATUSES} onChange={(status) => change({ status })} />
      <MoreFilters filters={filters} onChange={change} />
      <ListCard
        query={query}
        failure="Could not load the tickets."
        icon={LifeBuoy}
        empty={{ none: ['No tickets yet', 'Tickets members open from the Support page show up here.'], filtered: ['No tickets found', 'Try another status, priority, category or search.'] }}
        filtered={filtered}
      >
        {(tickets) => <TicketQueueRows tickets={tickets} search={search} />}
      </ListCard>
      {query.data && <Pager page={filters.page} total={query.data.total} perPage={TICKETS_PER_PAGE} onPage={(page) => change({ page })} />}
    </>
  );
}
