import { DEFAULT_TICKET_PRIORITY, TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_TEXTS, TICKET_TEXT_MAX, TICKET_TITLE_MAX, type TicketPriority } from '@common/tickets';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SelectField, TextArea, TextField } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useCreateTicket, useTicketCategories } from '../api/tickets';
import { CountedLabel } from '../components/CountedLabel';
import { ImagePicker } from '@web/components/ui/image-picker';
import { firstMessages, missingFields, imagesRefusal, sendFailure } from '../components/ticket-form';
import { TicketsLoginPrompt } from '../components/TicketsLoginPrompt';

/** Spec 2 /tickets/create: title, category, priority (medium by default), description with its counter, up to 5 screenshots. */
export default function CreateTicketPage() {
  const { user } = useAuth();
  if (!user) return <TicketsLoginPrompt>Please log in to create a support ticket.</TicketsLoginPrompt>;
  return <CreateTicket />;
}

function CreateTicket() {
  usePageTitle('Create Ticket');
  const toast = useToast();
  const navigate = useNavigate();
  const categories = useTicketCategories();
  const create = useCreateTicket();
  const [title, setTitle] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [priority, setPriority] = useState<TicketPriority>(DEFAULT_TICKET_PRIORITY);
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<File[]>([]);
  // Errors found before sending, then the server's (spec 2 §5: the first message of each field, under the field).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (field: string) => errors[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const missing = missingFields({ title, description, category_id: categoryId });
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      { title: title.trim(), description: description.trim(), category_id: categoryId, priority, images },
      {
        onSuccess: (result) => {
          toast.success(TICKET_TEXTS.created);
          void navigate(`/tickets/${result.data.id}`);
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors(firstMessages(failure));
          toast.error(sendFailure(failure, TICKET_TEXTS.createFailed, TICKET_TEXTS.createNetwork));
        },
      },
    );
  };
  /** Typing in a field takes its message away. */
  const editing =
    (field: string, set: (value: string) => void) =>
    (event: { target: { value: string } }) => {
      set(event.target.value);
      setErrors(({ [field]: _, ...rest }) => rest);
    };

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/tickets" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-ink-2 hover:text-accent">
        <ArrowLeft className="size-4" aria-hidden /> Back to Tickets
      </Link>
      <PageHeader title="Create Ticket" subtitle="Tell the team what happened. Screenshots help us help you faster." />
      <Card className="p-5 sm:p-6">
        <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Create Ticket">
          <TextField
            label="Title"
            name="title"
            value={title}
            maxLength={TICKET_TITLE_MAX}
            placeholder="A short summary of the problem"
            onChange={editing('title', setTitle)}
            error={error('title')}
            disabled={create.isPending}
            required
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Category"
              name="category_id"
              value={categoryId}
              onChange={editing('category_id', setCategoryId)}
              error={error('category_id') ?? (categories.isError ? 'The categories could not be loaded. Reload the page to try again.' : undefined)}
              disabled={create.isPending || !categories.data}
              required
            >
              <option value="">{categories.data ? 'Select a category' : categories.isError ? 'Unavailable' : 'Loading categories...'}</option>
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Priority"
              name="priority"
              value={priority}
              onChange={(event) => setPriority(event.target.value as TicketPriority)}
              error={error('priority')}
              disabled={create.isPending}
            >
              {TICKET_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {TICKET_PRIORITY_LABELS[value]}
                </option>
              ))}
            </SelectField>
          </div>
          <TextArea
            label={<CountedLabel label="Description" length={description.length} testId="description-counter" />}
            name="description"
            value={description}
            maxLength={TICKET_TEXT_MAX}
            rows={8}
            placeholder="What happened, when, and what you expected instead."
            onChange={editing('description', setDescription)}
            error={error('description')}
            disabled={create.isPending}
            required
          />
          <ImagePicker label="Screenshots" tooMany={TICKET_TEXTS.tooManyOnTicket} onChange={setImages} disabled={create.isPending} serverError={imagesRefusal(create.error)} />
          <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-5">
            <Link to="/tickets" className={buttonClasses('secondary')}>
              Cancel
            </Link>
            <Button type="submit" busy={create.isPending} busyLabel="Creating...">
              Create Ticket
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
