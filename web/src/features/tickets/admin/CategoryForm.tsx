import { TICKET_CATEGORY_NAME_MAX } from '@common/tickets';
import { useState } from 'react';
import { TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ApiError } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSaveCategory, type AdminTicketCategory } from '../api/admin-tickets';

/** Creates a category (null) or renames one; the server's refusal (a name in use, too short) shows under the name. */
export function CategoryForm({ category, onClose }: { category: AdminTicketCategory | null; onClose(): void }) {
  const [name, setName] = useState(category?.name ?? '');
  const save = useSaveCategory();
  const toast = useToast();
  const error = save.error instanceof ApiError ? save.error.field('name') : undefined;

  return (
    <FormModal
      title={category ? `Rename ${category.name}` : 'New ticket category'}
      submitLabel={category ? 'Rename' : 'Create category'}
      busy={save.isPending}
      onSubmit={() => save.mutate({ id: category?.id ?? null, name }, savedThen(toast, onClose, 'The category was not saved.'))}
      onClose={onClose}
    >
      <TextField
        label="Name"
        value={name}
        maxLength={TICKET_CATEGORY_NAME_MAX}
        placeholder="e.g. Points & Store"
        hint="Members choose it when they open a ticket."
        error={error}
        onChange={(event) => setName(event.target.value)}
        autoFocus
      />
    </FormModal>
  );
}
