import { CONTACT_INBOX_FILTERS, type ContactInboxFilter } from '@common/contact';
import { Inbox } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useQueueFilter } from '@web/lib/use-queue-filter';
import { useToast } from '@web/lib/toast';
import { CONTACT_MESSAGES_PER_PAGE, useContactInbox, useUpdateContactMessage } from '../api/admin-contact';
import { ContactMessageCard, type ContactChange } from './ContactMessageCard';

const LABELS: Record<ContactInboxFilter, string> = { unread: 'Unread', read: 'Read', archived: 'Archived', all: 'All' };
const EMPTY: Record<ContactInboxFilter, [string, string]> = {
  unread: ['All caught up', 'No unread messages. New ones from the contact form show up here.'],
  read: ['No read messages', 'Messages you mark read wait here until you archive them.'],
  archived: ['Nothing archived', 'Archived messages are kept here.'],
  all: ['No messages yet', 'Messages sent through the contact form show up here.'],
};

/** Toasts what the server says about a change of one message. */
function useChange() {
  const update = useUpdateContactMessage();
  const toast = useToast();
  const change = (id: number, what: ContactChange) =>
    update.mutate({ id, ...what }, { onSuccess: (answer) => toast.success(answer.message), onError: (failure) => toast.error(errorMessage(failure, 'The message was not updated.')) });
  return { change, busyId: update.isPending ? update.variables?.id : undefined };
}

/** The contact form's messages (decision 022), newest first: Unread (with the count), Read, Archived and All. */
export default function ContactInboxPage() {
  usePageTitle('Contact inbox · Admin');
  const { filter, choose, page, setPage } = useQueueFilter('filter', CONTACT_INBOX_FILTERS);
  const inbox = useContactInbox({ filter, page });
  const { change, busyId } = useChange();
  const unread = inbox.data?.unread;
  const items = CONTACT_INBOX_FILTERS.map((value) => ({
    value,
    label:
      value === 'unread' && unread !== undefined ? (
        <>
          {LABELS.unread} <span className="rounded-full bg-black/25 px-1.5 tabular-nums" data-testid="contact-unread-count">{unread}</span>
        </>
      ) : (
        LABELS[value]
      ),
  }));

  return (
    <>
      <PageHeader title="Contact inbox" subtitle="Messages from the contact form. Reply by email, then mark them read or archive them." />
      <Segmented
        label="Filter messages"
        size="sm"
        className="mb-4"
        value={filter}
        items={items}
        onChange={choose}
      />
      <Card className="overflow-hidden">
        {inbox.isError ? (
          <LoadError message="Could not load the messages." onRetry={() => void inbox.refetch()} />
        ) : !inbox.data ? (
          <div className="space-y-4 p-5" aria-busy>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-36" />
            ))}
          </div>
        ) : inbox.data.data.length === 0 ? (
          <EmptyState icon={Inbox} title={EMPTY[filter][0]}>
            {EMPTY[filter][1]}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label="Messages" aria-busy={inbox.isPlaceholderData}>
            {inbox.data.data.map((message) => (
              <ContactMessageCard key={message.id} message={message} busy={busyId === message.id} onChange={(what) => change(message.id, what)} />
            ))}
          </ul>
        )}
      </Card>
      {inbox.data && <Pager page={page} total={inbox.data.total} perPage={CONTACT_MESSAGES_PER_PAGE} onPage={setPage} />}
    </>
  );
}
