import { formatCount } from '@common/format';
import type { ReactNode } from 'react';
import type { AdminTicket } from '@common/contracts/tickets-admin';
import { displayName } from '@common/display-name';
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from '@common/tickets';
import { Card } from '@web/components/ui/card';
import { SelectField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { formatTicketTime } from '../components/ticket-display';
import { useAssignees, useUpdateTicket, type TicketChange } from '../api/admin-tickets';
import { PersonChip } from './TicketQueueRows';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right text-ink-2 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * Status, priority and assignee, each saved as soon as it is chosen (the member is told of a status change), and the
 * ticket's facts. The selects show the ticket as the server last answered it, so a refused change snaps back.
 */
export function TicketControls({ ticket }: { ticket: AdminTicket }) {
  const update = useUpdateTicket(ticket.id);
  const assignees = useAssignees();
  const toast = useToast();
  const save = (change: TicketChange) =>
    update.mutate(change, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (failure) => toast.error(errorMessage(failure, 'The ticket was not updated.')),
    });
  // A former moderator still assigned stays in the list, so the select can show them.
  const staff = assignees.data ?? [];
  const choices = ticket.assigned_to && !staff.some((member) => member.id === ticket.assigned_to?.id) ? [ticket.assigned_to, ...staff] : staff;
  const busy = update.isPending;

  return (
    <Card className="space-y-4 p-4 sm:p-5" aria-busy={busy}>
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-ink">Handling</h2>
        {busy && <Spinner label="Saving" />}
      </div>
      <SelectField label="Status" value={ticket.status} disabled={busy} onChange={(event) => save({ status: event.target.value as TicketStatus })}>
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {TICKET_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Priority" value={ticket.priority} disabled={busy} onChange={(event) => save({ priority: event.target.value as TicketPriority })}>
        {TICKET_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {TICKET_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Assignee"
        value={ticket.assigned_to ? String(ticket.assigned_to.id) : ''}
        disabled={busy || assignees.isPending}
        hint={assignees.isError ? 'Could not load the staff list.' : undefined}
        onChange={(event) => save({ assigned_to: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">Unassigned</option>
        {choices.map((member) => (
          <option key={member.id} value={String(member.id)}>
            {displayName(member)}
          </option>
        ))}
      </SelectField>
      <dl className="divide-y divide-line/60 border-t border-line pt-2">
        <Fact label="Member">
          <a href={`/profile/${encodeURIComponent(ticket.user.username)}`} className="hover:text-accent" target="_blank" rel="noopener noreferrer">
            <PersonChip person={ticket.user} />
          </a>
        </Fact>
        <Fact label="Category">{ticket.category?.name ?? 'No category'}</Fact>
        <Fact label="Opened">{formatTicketTime(ticket.created_at)}</Fact>
        <Fact label="Last activity">{formatTicketTime(ticket.updated_at)}</Fact>
        <Fact label="Replies">{formatCount(ticket.replies_count)}</Fact>
      </dl>
    </Card>
  );
}
