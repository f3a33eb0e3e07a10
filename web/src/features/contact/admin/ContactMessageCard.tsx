import type { ContactMessage } from '@common/contracts/tickets-admin';
import { displayName } from '@common/display-name';
import { Archive, ArchiveRestore, Mail, MailCheck, MailOpen, MailX, Reply } from 'lucide-react';
import { Avatar } from '@web/components/ui/avatar';
import { Button, buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/** Whether staff were also emailed about it (only when SMTP settings are configured, decision 022). */
function EmailedNote({ message }: { message: ContactMessage }) {
  const emailed = message.emailed_at !== null;
  const Icon = emailed ? MailCheck : MailX;
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs', emailed ? 'text-emerald-300' : 'text-muted')} data-testid="contact-emailed">
      <Icon className="size-3.5" aria-hidden />
      {emailed ? `Emailed ${formatWhen(message.emailed_at!)}` : 'Not emailed'}
    </span>
  );
}

export type ContactChange = { read?: boolean; archived?: boolean };

/**
 * One message from the contact form: who sent it (and the member, when they were signed in), the subject and the
 * message as plain text, and Mark read/unread, Archive/Unarchive. Unread ones stand out.
 */
export function ContactMessageCard({ message, busy, onChange }: { message: ContactMessage; busy: boolean; onChange(change: ContactChange): void }) {
  const unread = message.read_at === null;
  const archived = message.archived_at !== null;
  const replyLink = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <li
      className={cn('relative space-y-3 p-4 sm:p-5', unread && !archived && 'bg-accent/5')}
      data-testid="contact-message"
      data-unread={unread || undefined}
      aria-label={`${unread ? 'Unread message' : 'Message'} from ${message.name}: ${message.subject}`}
    >
      {unread && !archived && <span className="absolute top-6 left-1.5 size-2 rounded-full bg-accent sm:top-7" aria-hidden />}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-ink" data-testid="contact-name">
          {message.name}
        </span>
        <a href={`mailto:${message.email}`} className="min-w-0 truncate text-sm text-ink-2 hover:text-accent" data-testid="contact-email">
          {message.email}
        </a>
        {message.user && (
          <a
            href={`/profile/${encodeURIComponent(message.user.username)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full border border-line px-2 py-0.5 text-xs text-ink-2 hover:border-accent hover:text-ink"
            data-testid="contact-member"
            aria-label={`Sent while signed in as ${displayName(message.user)}, opens their profile`}
          >
            <Avatar src={message.user.avatar_url} name={displayName(message.user)} size="xs" className="size-4" />
            {displayName(message.user)}
          </a>
        )}
        {archived && <span className="rounded-full border border-line-strong px-2 py-0.5 text-xs text-muted">Archived</span>}
        <time className="ml-auto text-xs text-muted tabular-nums" dateTime={message.created_at}>
          {formatWhen(message.created_at)}
        </time>
      </div>
      <h3 className="font-semibold break-words text-ink" data-testid="contact-subject">
        {message.subject}
      </h3>
      <p className="text-sm break-words whitespace-pre-wrap text-ink-2" data-testid="contact-text">
        {message.message}
      </p>
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <EmailedNote message={message} />
        <span className="flex flex-wrap gap-2 sm:ml-auto">
          <a href={replyLink} className={buttonClasses('secondary', 'sm')} aria-label="Reply by email">
            <Reply className="size-4" aria-hidden /> <span className="sm:hidden">Reply</span>
            <span className="hidden sm:inline">Reply by email</span>
          </a>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onChange({ read: unread })}>
            {unread ? <MailOpen className="size-4" aria-hidden /> : <Mail className="size-4" aria-hidden />}
            {unread ? 'Mark read' : 'Mark unread'}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onChange({ archived: !archived })}>
            {archived ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
            {archived ? 'Unarchive' : 'Archive'}
          </Button>
        </span>
      </div>
    </li>
  );
}
