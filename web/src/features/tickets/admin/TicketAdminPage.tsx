import { LifeBuoy } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { BackLink, DetailFallback } from '@web/components/ui/admin-detail';
import { usePageTitle } from '@web/lib/page-title';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-display';
import { useAdminTicket } from '../api/admin-tickets';
import { StaffReplyForm } from './StaffReplyForm';
import { TicketConversation } from './TicketConversation';
import { TicketControls } from './TicketControls';

/** The ticket's id from the address (null when it is no id at all). */
const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

/** One ticket for staff: the conversation with attachments at full size, the reply form, and status, priority and assignee. */
export default function TicketAdminPage() {
  const id = idOf(useParams().id);
  const location = useLocation();
  const queue = (location.state as { queue?: string } | null)?.queue ?? '';
  const back = { to: `/tickets${queue}`, label: 'Back to tickets' };
  const query = useAdminTicket(id);
  usePageTitle(query.data ? `#${query.data.ticket.id} ${query.data.ticket.title} · Admin` : 'Ticket · Admin');

  if (!query.data) return <DetailFallback query={query} back={back} icon={LifeBuoy} notFound="Ticket Not Found" failure="Could not load the ticket." />;
  const { ticket, replies } = query.data;

  return (
    <>
      <BackLink {...back} />
      <header className="mb-6">
        <p className="text-sm text-muted tabular-nums">Ticket #{ticket.id}</p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight break-words text-ink sm:text-3xl" data-testid="admin-ticket-heading">
          {ticket.title}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <TicketStatusBadge status={ticket.status} label={ticket.status_label} />
          <TicketPriorityBadge priority={ticket.priority} label={ticket.priority_label} />
          {ticket.category && <span className="rounded-full border border-line px-2.5 py-0.5 text-xs text-ink-2">{ticket.category.name}</span>}
        </div>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="order-2 min-w-0 space-y-6 lg:order-1">
          <TicketConversation ticket={ticket} replies={replies} />
          <StaffReplyForm ticket={ticket} />
        </div>
        <aside className="order-1 lg:sticky lg:top-20 lg:order-2" aria-label="Ticket handling">
          <TicketControls ticket={ticket} />
        </aside>
      </div>
    </>
  );
}
