import type { TicketReply } from '@common/contracts/tickets';
import { Headset, MessagesSquare } from 'lucide-react';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/components/ui/cn';
import { TicketAttachments, formatTicketTime } from './ticket-display';

/** Spec 2 /tickets/{id} replies, oldest first; staff replies carry the 'Support Team' badge and the accent. Messages are plain text. */
export function TicketReplies({ replies }: { replies: TicketReply[] }) {
  if (replies.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-dashed border-line px-4 py-6 text-sm text-muted" data-testid="no-replies">
        <MessagesSquare className="size-4 shrink-0" aria-hidden /> No replies yet. The team will answer here.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Replies">
      {replies.map((reply) => (
        <li
          key={reply.id}
          className={cn('rounded-xl border p-4 sm:p-5', reply.is_admin ? 'border-accent/40 bg-accent/5' : 'border-line bg-surface/80')}
          data-testid="ticket-reply"
          data-staff={reply.is_admin || undefined}
        >
          <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <Avatar src={reply.user.avatar} name={reply.user.username} size="sm" />
            <span className="min-w-0 font-semibold break-all text-ink">{reply.user.username}</span>
            {reply.is_admin && (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent-gradient px-2 py-0.5 text-xs font-semibold text-white" data-testid="support-team-badge">
                <Headset className="size-3.5" aria-hidden /> Support Team
              </span>
            )}
            <time dateTime={reply.created_at} className="text-xs text-muted tabular-nums sm:ml-auto">
              {formatTicketTime(reply.created_at)}
            </time>
          </div>
          <p className="text-sm break-words whitespace-pre-line text-ink-2" data-testid="reply-message">
            {reply.message}
          </p>
          {reply.images.length > 0 && (
            <div className="mt-3">
              <TicketAttachments images={reply.images} label="Reply attachments" />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
