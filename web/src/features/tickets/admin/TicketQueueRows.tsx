import type { AdminTicket } from '@common/contracts/tickets-admin';
import { displayName } from '@common/display-name';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@web/components/ui/avatar';
import { TicketPriorityBadge, TicketStatusBadge, formatTicketTime } from '../components/ticket-display';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

const cell = 'md:px-3 md:py-3';
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A staff member or a member as a small avatar and their shown name. */
export function PersonChip({ person, className = '' }: { person: AdminTicket['user']; className?: string }) {
  const name = displayName(person);
  return (
    <span className={`inline-flex min-w-0 items-center gap-2 ${className}`}>
      <Avatar src={person.avatar_url} name={name} size="xs" />
      <span className="truncate">{name}</span>
    </span>
  );
}

/** The queue as a table on desktop, as stacked cards on a phone; the title opens the ticket (the whole card on a phone). */
/** `search` is the queue's filters (?status=…), handed to the ticket page so its way back keeps them. */
export function TicketQueueRows({ tickets, search }: { tickets: AdminTicket[]; search: string }) {
  return (
    <table className={ADMIN_TABLE} aria-label="Tickets">
      <AdminTableHead dense columns={['Ticket', 'Member', 'Category', 'Status', 'Priority', 'Assignee', 'Last activity']} />
      <tbody>
        {tickets.map((ticket) => (
          <tr
            key={ticket.id}
            data-testid="admin-ticket-row"
            className={`relative flex flex-wrap items-center gap-x-4 gap-y-2 hover:bg-surface-2/60 ${ADMIN_ROW}`}
          >
            <td className={`w-full md:w-auto md:max-w-64 ${cell}`}>
              <Link
                to={`/tickets/${ticket.id}`}
                state={{ queue: search }}
                className="block truncate font-semibold text-ink after:absolute after:inset-0 hover:text-accent md:after:content-none"
                data-testid="admin-ticket-title"
              >
                {ticket.title}
              </Link>
              <span className="flex items-center gap-2 text-xs text-muted tabular-nums">
                #{ticket.id}
                <span className="inline-flex items-center gap-1" aria-label={`${ticket.replies_count} replies`}>
                  <MessageSquare className="size-3" aria-hidden /> {ticket.replies_count}
                </span>
              </span>
            </td>
            <td className={`max-w-full text-ink-2 md:max-w-44 ${cell}`}>
              <PersonChip person={ticket.user} />
            </td>
            <td className={`text-xs text-ink-2 md:text-sm md:whitespace-nowrap ${cell}`} data-testid="admin-ticket-category">
              {ticket.category?.name ?? <span className="text-muted italic">No category</span>}
            </td>
            <td className={cell}>
              <TicketStatusBadge status={ticket.status} label={ticket.status_label} />
            </td>
            <td className={cell}>
              <TicketPriorityBadge priority={ticket.priority} label={ticket.priority_label} />
            </td>
            <td className={`text-xs text-ink-2 md:max-w-40 md:text-sm ${cell}`} data-testid="admin-ticket-assignee">
              {ticket.assigned_to ? <PersonChip person={ticket.assigned_to} /> : <span className="text-muted">Unassigned</span>}
            </td>
            <td className={`text-xs whitespace-nowrap text-muted tabular-nums md:pr-4 md:text-sm ${cell}`}>
              <span className="md:sr-only">Last activity </span>
              <time dateTime={ticket.updated_at} title={formatTicketTime(ticket.updated_at)}>
                {short.format(new Date(ticket.updated_at))}
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
