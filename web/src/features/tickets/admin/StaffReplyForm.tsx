import { formatCount } from '@common/format';
import type { AdminTicket } from '@common/contracts/tickets-admin';
import { STAFF_REPLY_DEFAULT_STATUS, TICKET_STATUSES, TICKET_STATUS_LABELS, TICKET_TEXTS, TICKET_TEXT_MAX, type TicketStatus } from '@common/tickets';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SelectField, TextArea } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { ImagePicker } from '@web/components/ui/image-picker';
import { firstMessages, imagesRefusal } from '../components/ticket-form';
import { useStaffReply } from '../api/admin-tickets';

/**
 * The Support Team's reply (decision 022): a message, up to 5 screenshots (the members' limits) and where the reply
 * leaves the ticket, Waiting (for the member) unless chosen otherwise. A closed ticket is reopened by the reply.
 */
export function StaffReplyForm({ ticket }: { ticket: AdminTicket }) {
  const reply = useStaffReply(ticket.id);
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<TicketStatus>(STAFF_REPLY_DEFAULT_STATUS);
  const [images, setImages] = useState<File[]>([]);
  // A new picker (empty) after every sent reply.
  const [round, setRound] = useState(0);
  const [blank, setBlank] = useState(false);
  const errors = reply.error instanceof ApiError ? firstMessages(reply.error) : {};
  const messageError = blank ? 'The message is required.' : errors.message;
  const statuses = ticket.status === 'closed' ? TICKET_STATUSES.filter((choice) => choice !== 'closed') : TICKET_STATUSES;

  const submit = () => {
    if (message.trim() === '') {
      setBlank(true);
      return;
    }
    reply.mutate(
      { message: message.trim(), status, images },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setMessage('');
          setImages([]);
          setStatus(STAFF_REPLY_DEFAULT_STATUS);
          setRound((n) => n + 1);
          reply.reset();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.errors)) toast.error(errorMessage(failure, TICKET_TEXTS.replyFailed));
        },
      },
    );
  };

  return (
    <Card className="p-4 sm:p-5">
      <form
        className="space-y-4"
        noValidate
        aria-labelledby="staff-reply-heading"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id="staff-reply-heading" className="font-semibold text-ink">
          Reply as the Support Team
        </h2>
        {ticket.status === 'closed' && <p className="text-sm text-amber-300">This ticket is closed. Your reply reopens it with the status you choose.</p>}
        <TextArea
          label="Message"
          rows={5}
          value={message}
          maxLength={TICKET_TEXT_MAX}
          error={messageError}
          hint={`${formatCount(message.length)}/${formatCount(TICKET_TEXT_MAX)}`}
          onChange={(event) => {
            setMessage(event.target.value);
            setBlank(false);
          }}
        />
        <ImagePicker key={round} label="Images" tooMany={TICKET_TEXTS.tooManyOnReply} onChange={setImages} serverError={imagesRefusal(reply.error)} disabled={reply.isPending} compact />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-56">
            <SelectField label="Then set the status to" value={status} error={errors.status} onChange={(event) => setStatus(event.target.value as TicketStatus)}>
              {statuses.map((choice) => (
                <option key={choice} value={choice}>
                  {TICKET_STATUS_LABELS[choice]}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" className="sm:ml-auto" busy={reply.isPending} busyLabel="Sending...">
            <Send className="size-4" aria-hidden /> Send reply
          </Button>
        </div>
      </form>
    </Card>
  );
}
