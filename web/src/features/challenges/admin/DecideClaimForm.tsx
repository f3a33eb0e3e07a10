import type { AdminClaim } from '@common/contracts/challenges-admin';
import { ADMIN_NOTES_MAX } from '@common/challenges';
import { displayName } from '@common/display-name';
import { formatMultiplier } from '@common/format';
import { useState } from 'react';
import { TextArea } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useDecideClaim, type ClaimDecision } from '../api/admin-challenges';

/** What approving pays and closes, said before it happens (decision 021). */
function approveText(claim: AdminClaim, name: string) {
  const { challenge } = claim;
  return (
    <>
      {name} gets <strong className="text-gold">{challenge.prize}</strong> for hitting {formatMultiplier(challenge.multiplier)} on {challenge.slot_name}.{' '}
      {challenge.prize_type === 'points'
        ? 'The points are credited to their balance at once.'
        : 'The prize is recorded as given away: send the money yourself.'}{' '}
      The challenge becomes Claimed,
      and any other pending claims on it are rejected. Everyone concerned is notified.
    </>
  );
}

/**
 * Approves (notes optional) or rejects (notes required: the member is told why) one claim. A refusal with no field
 * to show it under (another reviewer was first, the challenge is already claimed) is toasted and the queue reloads.
 */
export function DecideClaimForm({ claim, decision, onClose }: { claim: AdminClaim; decision: ClaimDecision; onClose(): void }) {
  const [notes, setNotes] = useState('');
  const decide = useDecideClaim();
  const toast = useToast();
  const name = displayName(claim.user);
  const approving = decision === 'approve';
  const error = decide.error instanceof ApiError ? decide.error.field('admin_notes') : undefined;

  const submit = () =>
    decide.mutate(
      { id: claim.id, decision, notes },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (approving ? 'Claim approved.' : 'Claim rejected.'));
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.errors) return;
          toast.error(errorMessage(failure, approving ? 'The claim was not approved.' : 'The claim was not rejected.'));
          onClose();
        },
      },
    );

  return (
    <FormModal
      title={approving ? `Approve ${name}’s claim?` : `Reject ${name}’s claim?`}
      submitLabel={approving ? `Approve and pay ${claim.challenge.prize}` : 'Reject claim'}
      busy={decide.isPending}
      busyLabel={approving ? 'Approving...' : 'Rejecting...'}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="text-sm text-ink-2" data-testid="decide-claim-text">
        {approving ? approveText(claim, name) : `${name} is notified with your reason and may claim this challenge again while it runs. Nothing is paid.`}
      </p>
      <TextArea
        label={approving ? 'Notes for the member (optional)' : 'Reason (the member sees it)'}
        value={notes}
        maxLength={ADMIN_NOTES_MAX}
        rows={3}
        onChange={(event) => setNotes(event.target.value)}
        error={error}
        autoFocus
      />
    </FormModal>
  );
}
