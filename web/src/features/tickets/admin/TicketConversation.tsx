import type { TicketImage, TicketReply } from '@common/contracts/tickets';
import type { AdminTicket } from '@common/contracts/tickets-admin';
import { displayName } from '@common/display-name';
import { Headset } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { formatTicketTime } from '../components/ticket-display';

/**
 * Attachments at full size (up to the column's width and most of the screen's height), each a link to the original
 * in a new tab: staff read error messages and balances off a member's screenshot.
 */
function FullImages({ images, from }: { images: TicketImage[]; from: string }) {
  if (images.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-col items-start gap-3" aria-label={`Attachments from ${from}`}>
      {images.map((image, index) => (
        <li key={image.url} className="max-w-full">
          <a
            href={image.url}
            target="_blank"
            rel="noopener noreferrer"
            className="block overflow-hidden rounded-lg border border-line bg-surface-3 transition hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            aria-label={`Attachment ${index + 1} of ${images.length}, ${image.filename}, opens the original in a new tab`}
          >
            <img src={image.url} alt={image.filename} className="block h-auto max-h-[80vh] w-auto max-w-full" data-testid="admin-ticket-image" />
          </a>
          <p className="mt-1 max-w-xs truncate text-xs text-muted">{image.filename}</p>
        </li>
      ))}
    </ul>
  );
}

/** One message of the conversation: who wrote it and when, the text as text, the attachments. */
function Message({ author, avatar, badge, at, text, images, staff, testId }: { author: string; avatar: string; badge?: ReactNode; at: string; text: string; images: TicketImage[]; staff: boolean; testId: string }) {
  return (
    <li>
      <Card className={staff ? 'border-accent/50 bg-accent/5 p-4 sm:p-5' : 'p-4 sm:p-5'}>
        <article data-testid={testId} aria-label={`${staff ? 'Support Team reply' : 'Message'} from ${author}`}>
          <header className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Avatar src={avatar} name={author} size="sm" />
            <span className="font-semibold text-ink">{author}</span>
            {badge}
            <time className="ml-auto text-xs text-muted tabular-nums" dateTime={at}>
              {formatTicketTime(at)}
            </time>
          </header>
          <p className="text-sm break-words whitespace-pre-wrap text-ink">{text}</p>
          <FullImages images={images} from={author} />
        </article>
      </Card>
    </li>
  );
}

const SupportTeamBadge = () => (
  <span className="inline-flex items-center gap-1 rounded-full bg-accent-gradient px-2 py-0.5 text-xs font-semibold text-white" data-testid="support-team-badge">
    <Headset className="size-3.5" aria-hidden /> Support Team
  </span>
);

/** The member's description, then every reply oldest first, staff replies marked 'Support Team'. */
export function TicketConversation({ ticket, replies }: { ticket: AdminTicket; replies: TicketReply[] }) {
  const member = displayName(ticket.user);
  // Replies name their author by username only; the ticket's own member keeps one name throughout.
  const authorOf = (reply: TicketReply) => (reply.user.username === ticket.user.username ? member : reply.user.username);
  return (
    <section aria-labelledby="conversation-heading">
      <h2 id="conversation-heading" className="sr-only">
        Conversation
      </h2>
      <ol className="space-y-3">
        <Message author={member} avatar={ticket.user.avatar_url} at={ticket.created_at} text={ticket.description} images={ticket.images} staff={false} testId="admin-ticket-description" />
        {replies.map((reply) => (
          <Message
            key={reply.id}
            author={authorOf(reply)}
            avatar={reply.user.avatar}
            badge={reply.is_admin ? <SupportTeamBadge /> : undefined}
            at={reply.created_at}
            text={reply.message}
            images={reply.images}
            staff={reply.is_admin}
            testId="admin-ticket-reply"
          />
        ))}
      </ol>
      {replies.length === 0 && <p className="mt-3 text-center text-sm text-muted">No replies yet.</p>}
    </section>
  );
}
