import { TICKET_TEXTS, TICKET_TEXT_MAX } from '@common/tickets';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { TextArea } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useReplyToTicket } from '../api/tickets';
import { CountedLabel } from './CountedLabel';
import { ImagePicker } from '@web/components/ui/image-picker';
import { imagesRefusal, sendFailure } from './ticket-form';

/** Spec 2 §5 Reply: a message (required, at most 5000) and up to 5 images; Send is disabled while blank or sending. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const reply = useReplyToTicket(ticketId);
  const [message, setMessage] = useState('');
  const [images, setImages] = useState<File[]>([]);
  // A new key empties the picker after a reply went.
  const [pickerKey, setPickerKey] = useState(0);
  const blank = message.trim() === '';
  const failure = reply.error instanceof ApiError ? reply.error : undefined;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (blank || reply.isPending) return;
    reply.mutate(
      { message: message.trim(), images },
      {
        onSuccess: () => {
          toast.success(TICKET_TEXTS.replied);
          setMessage('');
          setImages([]);
          setPickerKey((key) => key + 1);
          reply.reset();
        },
        onError: (error) => toast.error(sendFailure(error, TICKET_TEXTS.replyFailed, TICKET_TEXTS.replyNetwork)),
      },
    );
  };

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4" aria-label="Add a reply">
      <TextArea
        label={<CountedLabel label="Your reply" length={message.length} testId="reply-counter" />}
        name="message"
        value={message}
        maxLength={TICKET_TEXT_MAX}
        rows={4}
        placeholder="Write your reply..."
        onChange={(event) => setMessage(event.target.value)}
        error={failure?.field('message')}
        disabled={reply.isPending}
      />
      <ImagePicker key={pickerKey} label="Images" tooMany={TICKET_TEXTS.tooManyOnReply} onChange={setImages} disabled={reply.isPending} serverError={imagesRefusal(reply.error)} compact />
      <div className="flex justify-end">
        <Button type="submit" disabled={blank} busy={reply.isPending} busyLabel="Sending..." className="w-full sm:w-auto">
          <Send className="size-4" aria-hidden /> Send Reply
        </Button>
      </div>
    </form>
  );
}
