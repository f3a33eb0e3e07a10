import type { AdminChallenge } from '@common/contracts/challenges-admin';
import { CHALLENGE_SLOT_NAME_MAX, type PrizeType } from '@common/challenges';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { SlotPicker } from '@web/components/admin/SlotPicker';
import { TextField } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { ImageUploadButton } from '@web/components/ui/image-upload';
import { Segmented } from '@web/components/ui/segmented';
import { SlotImage } from '@web/components/ui/slot-image';
import { SUGGESTIONS, useAdminSlots } from '@web/lib/admin-search';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSaveChallenge, useUploadChallengeImage } from '../api/admin-challenges';
import { MemberChip, formatWhen } from '../components/challenge-display';
import { draftOf, inputOf, shownImage, type ChallengeDraft } from './challenge-draft';

const PRIZE_TYPES: { value: PrizeType; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'points', label: 'Points' },
];
const freeName = (name: string) => <>Use “{name}” (not in the catalogue)</>;

/** A claimed challenge as it was won: read-only, with its claimer (decision 021: it cannot change any more). */
function ClaimedNote({ challenge }: { challenge: AdminChallenge }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-yellow-100" data-testid="admin-challenge-claimed">
      <Lock className="size-4 shrink-0 text-gold" aria-hidden />
      <span>Claimed{challenge.claimed_at && ` ${formatWhen(challenge.claimed_at)}`} by</span>
      {challenge.claimer ? <MemberChip member={challenge.claimer} /> : <span className="font-semibold">a former member</span>}
      <span className="basis-full text-xs text-ink-2">A claimed challenge stays as it was won.</span>
    </div>
  );
}

/**
 * The linked catalogue slot's picture when the draft does not know it: a challenge saved with an upload of its own only
 * tells that upload, so removing it looks the slot up (the picker's own search, usually cached).
 */
function useCatalogueImage(draft: ChallengeDraft) {
  const wanted = draft.slot_id !== null && draft.image === null && draft.catalogue_image === null;
  const found = useAdminSlots({ search: draft.slot_name.trim(), perPage: SUGGESTIONS, enabled: wanted });
  return wanted ? (found.data?.data.find((slot) => slot.id === draft.slot_id)?.image ?? null) : null;
}

/** A new challenge or an existing one's fields; the server's field errors show under each field. */
export function ChallengeForm({ challenge, onClose }: { challenge: AdminChallenge | null; onClose(): void }) {
  const [draft, setDraft] = useState<ChallengeDraft>(() => draftOf(challenge));
  const save = useSaveChallenge();
  const upload = useUploadChallengeImage();
  const toast = useToast();
  const set = <K extends keyof ChallengeDraft>(key: K, value: ChallengeDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  // A refusal with no field to show it under (claimed meanwhile, not found) is said at the top of the form.
  const refusal = save.error && !(save.error instanceof ApiError && save.error.errors) ? errorMessage(save.error, 'The challenge was not saved.') : null;
  const claimed = challenge !== null && challenge.claimed_at !== null;
  const catalogueImage = useCatalogueImage(draft);
  const image = shownImage(draft) ?? catalogueImage;

  const submit = () =>
    save.mutate(
      { id: challenge?.id ?? null, input: inputOf(draft, challenge) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (challenge ? 'Challenge saved.' : 'Challenge created.'));
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.errors) toast.error('Check the fields marked in red.');
        },
      },
    );

  return (
    <FormModal
      title={claimed ? `${challenge.slot_name} (claimed)` : challenge ? `Edit “${challenge.slot_name}”` : 'New challenge'}
      submitLabel={challenge ? 'Save challenge' : 'Create challenge'}
      busy={save.isPending}
      disabled={upload.isPending || claimed}
      onSubmit={submit}
      onClose={onClose}
      className="sm:max-w-2xl"
    >
      {refusal && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-red-200">
          {refusal}
        </p>
      )}
      {claimed && <ClaimedNote challenge={challenge} />}
      <fieldset disabled={claimed} className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row">
          <div className="flex items-center gap-3 sm:block sm:w-40 sm:space-y-2">
            <span className="block shrink-0" data-testid="challenge-image-preview">
              <SlotImage image={image} className="size-24 sm:size-40" large />
            </span>
            <div className="min-w-0 flex-1 space-y-2">
              <ImageUploadButton upload={upload} hasImage={draft.image !== null} error={error('image')} onUploaded={(path) => set('image', path)} />
              {draft.image !== null && (
                <button type="button" className="w-full text-xs text-muted hover:text-ink disabled:hidden" onClick={() => set('image', null)}>
                  Remove image
                </button>
              )}
            </div>
          </div>
          <div className="min-w-0 flex-1 space-y-4">
            <SlotPicker
              label="Slot"
              allowNew
              newOption={freeName}
              text={draft.slot_name}
              // Typing again unlinks the catalogue slot: the challenge is then the name as typed.
              onText={(slot_name) => setDraft((current) => ({ ...current, slot_name: slot_name.slice(0, CHALLENGE_SLOT_NAME_MAX), slot_id: null, catalogue_image: null }))}
              onChoose={(choice) =>
                setDraft((current) =>
                  'slot' in choice
                    ? { ...current, slot_name: choice.slot.name, slot_id: choice.slot.id, catalogue_image: choice.slot.image }
                    : { ...current, slot_name: choice.name, slot_id: null, catalogue_image: null },
                )
              }
              error={error('slot_name') ?? error('slot_id')}
            />
            <p className="-mt-2 text-xs text-muted">
              {draft.slot_id !== null ? 'From the slot catalogue: its picture shows unless you upload one.' : 'Pick a slot from the catalogue for its picture, or keep any name.'}
            </p>
            <div className="grid grid-cols-2 gap-4">
              <TextField label="Multiplier (x)" inputMode="decimal" placeholder="500" value={draft.multiplier} onChange={(event) => set('multiplier', event.target.value)} error={error('multiplier')} />
              <TextField label="Minimum bet ($)" inputMode="decimal" placeholder="0.20" value={draft.min_bet} onChange={(event) => set('min_bet', event.target.value)} error={error('min_bet')} />
            </div>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-ink-2" aria-hidden>
              Prize type
            </span>
            <Segmented label="Prize type" size="sm" className="self-start" value={draft.prize_type} items={PRIZE_TYPES} onChange={(type) => set('prize_type', type)} />
            {error('prize_type') && <p className="text-xs font-medium text-red-300">{error('prize_type')}</p>}
          </div>
          <TextField
            label={draft.prize_type === 'cash' ? 'Prize ($)' : 'Prize (points)'}
            inputMode={draft.prize_type === 'cash' ? 'decimal' : 'numeric'}
            placeholder={draft.prize_type === 'cash' ? '250' : '5000'}
            value={draft.prize_amount}
            onChange={(event) => set('prize_amount', event.target.value)}
            error={error('prize_amount')}
            hint={draft.prize_type === 'cash' ? 'Paid by you; recorded as given away when you approve the claim.' : 'Credited to the member when you approve the claim.'}
          />
          <TextField label="Starts" type="datetime-local" value={draft.start_date} onChange={(event) => set('start_date', event.target.value)} error={error('start_date')} hint="Members see it from this time." />
          <TextField label="Ends" type="datetime-local" value={draft.end_date} onChange={(event) => set('end_date', event.target.value)} error={error('end_date')} hint="Claims close at this time." />
        </div>
        <label className="flex items-start gap-2.5 text-sm font-medium text-ink-2 has-[:disabled]:opacity-60">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-accent" checked={draft.is_active} onChange={(event) => set('is_active', event.target.checked)} />
          <span>
            Open for claims
            <span className="block text-xs font-normal text-muted">Switched off, members see it as Expired and cannot claim it.</span>
          </span>
        </label>
      </fieldset>
    </FormModal>
  );
}
