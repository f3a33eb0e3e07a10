import type { TicketImage } from '@common/contracts/tickets';
import type { TicketPriority, TicketStatus } from '@common/tickets';
import { CheckCircle2, CircleDot, Clock, Hourglass, Lock } from 'lucide-react';
import { cn } from '@web/components/ui/cn';

/* How a ticket's status, priority, dates and attachments look, wherever tickets are shown (members' and staff pages). */

const STATUS_TONES: Record<TicketStatus, { icon: typeof Clock; tone: string }> = {
  open: { icon: CircleDot, tone: 'border-info/40 bg-info/10 text-sky-300' },
  in_progress: { icon: Clock, tone: 'border-accent/40 bg-accent/10 text-ink-2' },
  waiting: { icon: Hourglass, tone: 'border-warning/40 bg-warning/10 text-amber-300' },
  resolved: { icon: CheckCircle2, tone: 'border-success/40 bg-success/10 text-emerald-300' },
  closed: { icon: Lock, tone: 'border-line-strong bg-surface-3/70 text-muted' },
};

const pill = 'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

export function TicketStatusBadge({ status, label, className }: { status: TicketStatus; label: string; className?: string }) {
  const { icon: Icon, tone } = STATUS_TONES[status];
  return (
    <span className={cn(pill, tone, className)} data-testid="ticket-status" data-status={status}>
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}

const PRIORITY_TONES: Record<TicketPriority, string> = {
  low: 'border-line-strong text-muted',
  medium: 'border-info/40 text-sky-300',
  high: 'border-warning/40 text-amber-300',
  urgent: 'border-danger/50 bg-danger/10 text-red-300',
};

export function TicketPriorityBadge({ priority, label, className }: { priority: TicketPriority; label: string; className?: string }) {
  return (
    <span className={cn(pill, PRIORITY_TONES[priority], className)} data-testid="ticket-priority" data-priority={priority}>
      <span className="sr-only">Priority: </span>
      {label}
    </span>
  );
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** 'Nov 22, 2026, 8:30 PM' in the visitor's own time zone. */
export const formatTicketTime = (iso: string) => when.format(new Date(iso));

/** Attachments as thumbnails in fixed boxes, each opening the full-size image in a new tab (served as an inert image). */
export function TicketAttachments({ images, label = 'Attachments' }: { images: TicketImage[]; label?: string }) {
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {images.map((image) => (
        <li key={image.url}>
          <a
            href={image.url}
            target="_blank"
            rel="noopener noreferrer"
            title={image.filename}
            className="block size-20 overflow-hidden rounded-lg border border-line bg-surface-3 transition hover:border-accent focus-visible:outline-2 focus-visible:outline-accent sm:size-24"
            data-testid="ticket-attachment"
          >
            <img src={image.url} alt={image.filename} loading="lazy" width={96} height={96} className="size-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
