import type { ChallengeDetail } from '@common/contracts/challenges';
import { CHALLENGE_TEXTS, CLAIM_DESCRIPTION_MAX } from '@common/challenges';
import { formatCount, formatMultiplier, formatUsd } from '@common/format';
import { useEffect, useRef, useState } from 'react';
import { TextArea } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSubmitClaim } from '../api/challenges';
import { ImagePicker } from '@web/components/ui/image-picker';

/** Spec 1 §2/§5 claim modal: a description (required, trimmed) and up to 5 evidence images, sent as one multipart call. */
export function ClaimModal({ challenge, onClose }: { challenge: ChallengeDetail; onClose(): void }) {
  const toast = useToast();
  const submit = useSubmitClaim(challenge.id);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [images, setImages] = useState<File[]>([]);
  const blank = description.trim() === '';
  const failure = submit.error instanceof ApiError ? submit.error : undefined;
  // This dialog opens over Challenge Details, whose focus trap would take an autoFocus straight back; the field is
  // focused once this dialog's own trap is in charge.
  const fields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => fields.current?.querySelector('textarea')?.focus());
    return () => clearTimeout(timer);
  }, []);

  const send = () => {
    if (blank || submit.isPending) return;
    submit.mutate(
      { description: description.trim(), images },
      {
        onSuccess: (result) => {
          toast.success(result.message || CHALLENGE_TEXTS.claimed);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, CHALLENGE_TEXTS.claimFailed)),
      },
    );
  };

  return (
    <FormModal
      title="Submit Claim"
      submitLabel="Submit Claim"
      busy={submit.isPending}
      busyLabel="Submitting..."
      disabled={blank}
      onSubmit={send}
      // A claim on its way is not abandoned halfway by a stray click outside.
      onClose={() => !submit.isPending && onClose()}
      className="max-w-xl"
    >
      <p className="rounded-lg border border-line bg-surface-2/60 px-3 py-2 text-sm text-ink-2">
        <span className="font-semibold text-ink">{challenge.slot_name}</span>: hit <span className="font-bold text-ink">{formatMultiplier(challenge.multiplier)}</span> at a{' '}
        {formatUsd(challenge.min_bet)} bet or more for <span className="font-semibold text-gold">{challenge.prize}</span>.
      </p>
      <div ref={fields} className="space-y-4">
        <TextArea
          label="Description"
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          onBlur={() => setTouched(true)}
          maxLength={CLAIM_DESCRIPTION_MAX}
          rows={5}
          required
          placeholder="When and where did you hit it? Bet size, win, anything the team should know."
          error={(touched && blank ? CHALLENGE_TEXTS.descriptionRequired : undefined) ?? failure?.field('description')}
          hint={`${formatCount(description.length)} / ${formatCount(CLAIM_DESCRIPTION_MAX)}`}
        />
        <ImagePicker label="Evidence images" tooMany={CHALLENGE_TEXTS.tooManyImages} onChange={setImages} disabled={submit.isPending} serverError={failure?.field('evidence_images')} />
      </div>
    </FormModal>
  );
}
