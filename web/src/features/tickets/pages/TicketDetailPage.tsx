import type { Ticket, TicketReply } from '@common/contracts/tickets';
import { formatDate } from '@common/format';
import { TICKET_TEXTS, acceptsReplies } from '@common/tickets';
import { ArrowLeft, Lock, SearchX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MessagePage } from '@web/app/pages/MessagePage';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useTicket } from '../api/tickets';
import { ReplyForm } from '../components/ReplyForm';
import { TicketAttachments, TicketPriorityBadge, TicketStatusBadge, formatTicketTime } from '../components/ticket-display';
import { TicketReplies } from '../components/TicketReplies';
import { TicketsLoginPrompt } from '../components/TicketsLoginPrompt';

const BACK = { to: '/tickets', label: 'Back to Tickets' };

/** A ticket id from the address: a whole number the database could hold, or null (answered as not found without asking). */
function ticketId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Spec 2 /tickets/{id}: the member's own ticket with its conversation and, unless closed, the reply form. */
export default function TicketDetailPage() {
  const { user } = useAuth();
  if (!user) return <TicketsLoginPrompt>Please log in to view your support tickets.</TicketsLoginPrompt>;
  return <TicketDetail />;
}

function NotFound() {
  return (
    <MessagePage icon={SearchX} title={TICKET_TEXTS.notFound} back={BACK}>
      {TICKET_TEXTS.noPermission}
    </MessagePage>
  );
}

function TicketDetail() {
  const params = useParams();
  const id = ticketId(params.id);
  const query = useTicket(id);
  const toast = useToast();
  const navigate = useNavigate();
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  // Spec 2 §8: any other failure is told and leads back to the list.
  useEffect(() => {
    if (query.isError && !missing) {
      toast.error(TICKET_TEXTS.detailsFailed);
      void navigate('/tickets', { replace: true });
    }
  }, [query.isError, missing, toast, navigate]);

  if (missing) return <NotFound />;
  if (!query.data) return <DetailSkeleton />;
  return <TicketView ticket={query.data.ticket} replies={query.data.replies} />;
}

function BackLink() {
  return (
    <Link to="/tickets" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-ink-2 hover:text-accent">
      <ArrowLeft className="size-4" aria-hidden /> Back to Tickets
    </Link>
  );
}

function DetailSkeleton() {
  usePageTitle('Support Ticket');
  return (
    <div className="mx-auto max-w-4xl" aria-label="Loading ticket">
      <BackLink />
      <Skeleton className="mb-3 h-9 w-3/4" />
      <Skeleton className="mb-6 h-5 w-1/2" />
      <Skeleton className="mb-6 h-48 w-full rounded-xl" />
      <Skeleton className="h-28 w-full rounded-xl" />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function TicketView({ ticket, replies }: { ticket: Ticket; replies: TicketReply[] }) {
  usePageTitle(ticket.title);
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink />
      <header className="mb-6">
        <p className="mb-1 text-sm font-semibold text-muted tabular-nums">Ticket #{ticket.id}</p>
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-ink sm:text-3xl" data-testid="ticket-title">
          {ticket.title}
        </h1>
      </header>
      <Card className="mb-8 p-5 sm:p-6">
        <dl className="mb-5 grid grid-cols-2 gap-4 border-b border-line pb-5 sm:grid-cols-4">
          <Fact label="Status">
            <TicketStatusBadge status={ticket.status} label={ticket.status_label} />
          </Fact>
          <Fact label="Priority">
            <TicketPriorityBadge priority={ticket.priority} label={ticket.priority_label} />
          </Fact>
          <Fact label="Category">
            <span data-testid="ticket-category">{ticket.category?.name ?? 'No category'}</span>
          </Fact>
          <Fact label="Created">
            <time dateTime={ticket.created_at} title={formatTicketTime(ticket.created_at)} data-testid="ticket-created">
              {formatDate(ticket.created_at)}
            </time>
          </Fact>
        </dl>
        <h2 className="mb-2 text-sm font-semibold text-ink-2">Description</h2>
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-ink" data-testid="ticket-description">
          {ticket.description}
        </p>
        {ticket.images.length > 0 && (
          <div className="mt-5">
            <h2 className="mb-2 text-sm font-semibold text-ink-2">Attachments</h2>
            <TicketAttachments images={ticket.images} />
          </div>
        )}
      </Card>
      <section aria-labelledby="replies-heading" className="mb-8">
        <h2 id="replies-heading" className="mb-3 text-lg font-bold text-ink">
          Replies <span className="text-muted tabular-nums">({replies.length})</span>
        </h2>
        <TicketReplies replies={replies} />
      </section>
      {acceptsReplies(ticket.status) ? (
        <Card className="p-5 sm:p-6">
          <h2 className="mb-4 text-lg font-bold text-ink">Add a Reply</h2>
          <ReplyForm ticketId={ticket.id} />
        </Card>
      ) : (
        <p className="flex items-center gap-2 rounded-xl border border-line bg-surface-2/60 px-4 py-4 text-sm text-ink-2" data-testid="ticket-closed">
          <Lock className="size-4 shrink-0 text-muted" aria-hidden /> {TICKET_TEXTS.closed}
        </p>
      )}
    </div>
  );
}
