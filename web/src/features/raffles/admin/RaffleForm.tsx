import type { AdminRaffle } from '@common/contracts/raffles-admin';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextArea, TextField } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { ImageUploadButton } from '@web/components/ui/image-upload';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSaveRaffle, useUploadRaffleImage } from '../api/admin-raffles';
import { RaffleImage } from '../components/raffle-display';
import { Check, EntryRules, type RulesLock, type SetDraft } from './RaffleEntryRules';
import { draftOf, inputOf, type RaffleDraft } from './raffle-draft';

/** A new raffle (its page opens next) or an existing one's fields; the server's field errors show under each field. */
export function RaffleForm({ raffle, onClose }: { raffle: AdminRaffle | null; onClose(): void }) {
  const [draft, setDraft] = useState<RaffleDraft>(() => draftOf(raffle));
  const save = useSaveRaffle();
  const upload = useUploadRaffleImage();
  const toast = useToast();
  const navigate = useNavigate();
  const set: SetDraft = (key, value) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  // A refusal with no field to show it under (not found, a conflict) is said at the top of the form.
  const closed = raffle !== null && raffle.status !== 'upcoming' && raffle.status !== 'open';
  const lock: RulesLock = (raffle?.total_entries ?? 0) > 0 ? 'entered' : closed ? 'closed' : null;
  const refusal = save.error && !(save.error instanceof ApiError && save.error.errors) ? errorMessage(save.error, 'The raffle was not saved.') : null;

  const submit = () =>
    save.mutate(
      { id: raffle?.id ?? null, input: inputOf(draft, raffle) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
          if (!raffle) void navigate(`/raffles/${answer.data.id}`);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.errors) toast.error('Check the fields marked in red.');
        },
      },
    );

  return (
    <FormModal
      title={raffle ? `Edit “${raffle.title}”` : 'New raffle'}
      submitLabel={raffle ? 'Save raffle' : 'Create raffle'}
      busy={save.isPending}
      disabled={upload.isPending}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-2xl"
    >
      {refusal && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-red-200">
          {refusal}
        </p>
      )}
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex items-center gap-3 sm:block sm:w-52 sm:space-y-2">
          <RaffleImage raffle={{ image: draft.image, title: draft.title || 'Raffle image' }} eager className="aspect-[16/10] w-32 shrink-0 rounded-lg sm:w-full" />
          <div className="min-w-0 flex-1 space-y-2">
            <ImageUploadButton upload={upload} hasImage={draft.image !== null} error={error('image')} onUploaded={(path) => set('image', path)} />
            {draft.image !== null && (
              <button type="button" className="w-full text-xs text-muted hover:text-ink" onClick={() => set('image', null)}>
                Remove image
              </button>
            )}
          </div>
        </div>
        <div className="flex-1 space-y-4">
          <TextField label="Title" value={draft.title} maxLength={120} onChange={(event) => set('title', event.target.value)} error={error('title')} />
          <TextArea label="Description" value={draft.description} maxLength={2000} rows={3} onChange={(event) => set('description', event.target.value)} error={error('description')} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Prize value (USD)"
          inputMode="decimal"
          placeholder="Optional"
          value={draft.prize_value}
          onChange={(event) => set('prize_value', event.target.value)}
          error={error('prize_value')}
          hint="Shown to members; added to the site's paid-out total when the winners are announced."
        />
        <TextField
          label="Ends"
          type="datetime-local"
          value={draft.end_datetime}
          disabled={closed}
          onChange={(event) => set('end_datetime', event.target.value)}
          error={error('end_datetime')}
          hint={closed ? 'Entries are closed, so the end stays.' : 'Entries close at this time.'}
        />
      </div>
      <Check
        label="Draw automatically at the end"
        hint="When the end passes, the winners are drawn, announced and notified without staff."
        checked={draft.auto_draw}
        onChange={(checked) => set('auto_draw', checked)}
      />
      <EntryRules draft={draft} set={set} error={error} lock={lock} storedPassword={raffle?.has_password_entry ?? false} />
    </FormModal>
  );
}
