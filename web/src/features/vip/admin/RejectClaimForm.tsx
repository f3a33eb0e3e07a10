import type { AdminVipClaim } from '@common/contracts/vip';
import { useState } from 'react';
import { TextArea } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ApiError } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useDecideVipClaim } from '../api/admin-vip';

/** Rejects one claim with the reason the member then reads in their history (required, 3–300 characters). */
export function RejectClaimForm({ claim, onClose }: { claim: AdminVipClaim; onClose(): void }) {
  const [reason, setReason] = useState('');
  const decide = useDecideVipClaim();
  const toast = useToast();
  const error = decide.error instanceof ApiError ? decide.error.field('reason') : undefined;
  return (
    <FormModal
      title={`Reject ${claim.user.display_name}’s “${claim.tier.name}” claim?`}
      submitLabel="Reject claim"
      busy={decide.isPending}
      onSubmit={() => decide.mutate({ id: claim.id, action: 'reject', reason }, savedThen(toast, onClose, 'The claim was not rejected.'))}
      onClose={onClose}
    >
      <p className="text-sm text-ink-2">The member is notified and sees the reason in their claim history. Nothing is paid out.</p>
      <TextArea label="Reason (the member sees it)" value={reason} maxLength={300} rows={3} onChange={(e) => setReason(e.target.value)} error={error} autoFocus />
    </FormModal>
  );
}
