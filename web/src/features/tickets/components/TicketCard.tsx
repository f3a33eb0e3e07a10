import type { Ticket } from '@common/contracts/tickets';
import { countOf, formatDate } from '@common/format';
import { ticketExcerpt } from '@common/tickets';
import { CalendarDays, FolderOpen, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-display';

const replies = (count: number) => countOf(count, 'reply', 'replies');

/** Spec 2 /tickets card: title, status, priority, category, replies, date and the description cut at 100 characters; the whole card opens the ticket. */
export function TicketCard({ ticket }: { ticket: Ticket }) {
  return (
    <Link
      to={`/tickets/${ticket.id}`}
      className="group flex w-full flex-col gap-3 rounded-xl border border-line bg-surface/80 p-4 card-glow transition hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:p-5"
      data-testid="ticket-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 flex-1 font-bold break-words text-ink group-hover:text-accent" data-testid="ticket-card-title">
          <span className="mr-1 text-sm font-semibold text-muted tabular-nums">#{ticket.id}</span>{' '}
          {ticket.title}
        </h2>
        <div className="flex flex-wrap gap-1.5">
          <TicketStatusBadge status={ticket.status} label={ticket.status_label} />
          <TicketPriorityBadge priority={ticket.priority} label={ticket.priority_label} />
        </div>
      </div>
      <p className="text-sm break-words text-ink-2" data-testid="ticket-excerpt">
        {ticketExcerpt(ticket.description)}
      </p>
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted tabular-nums">
        <span className="inline-flex items-center gap-1.5" data-testid="ticket-category">
          <FolderOpen className="size-3.5" aria-hidden /> {ticket.category?.name ?? 'No category'}
        </span>
        <span className="inline-flex items-center gap-1.5" data-testid="ticket-replies">
          <MessageSquare className="size-3.5" aria-hidden /> {replies(ticket.replies_count)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-3.5" aria-hidden /> <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
        </span>
      </p>
    </Link>
  );
}
