import type { AdminMember } from '@common/contracts/members';
import { formatPoints } from '@common/format';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useAdjustPoints } from '../api/admin-members';

/** Two steps: enter the change, then confirm it with the resulting balance in view. */
export function AdjustPointsForm({ member, max }: { member: AdminMember; max: number }) {
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const adjust = useAdjustPoints(member.id);
  const toast = useToast();
  const amount = Number(delta);
  const valid = Number.isInteger(amount) && amount !== 0 && Math.abs(amount) <= max && reason.trim().length >= 3;
  const fieldError = adjust.error instanceof ApiError ? adjust.error : null;

  const submit = () =>
    adjust.mutate(
      { delta: amount, reason: reason.trim() },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setDelta('');
          setReason('');
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(errorMessage(error, 'Could not adjust the points.'));
        },
      },
    );

  return (
    <form
      className="space-y-3 rounded-xl border border-line bg-surface-2/60 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) setConfirming(true);
      }}
    >
      <TextField
        label="Points change"
        type="number"
        inputMode="numeric"
        step={1}
        value={delta}
        onChange={(event) => {
          setDelta(event.target.value);
          setConfirming(false);
        }}
        placeholder="e.g. 500 or -200"
        error={fieldError?.field('delta')}
      />
      <TextField
        label="Reason"
        value={reason}
        maxLength={200}
        onChange={(event) => {
          setReason(event.target.value);
          setConfirming(false);
        }}
        placeholder="Shown to the member"
        error={fieldError?.field('reason')}
      />
      {confirming ? (
        <div className="space-y-2 rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm text-ink-2">
          <p>
            {amount > 0 ? 'Add' : 'Remove'} <strong className="text-ink">{formatPoints(Math.abs(amount))}</strong> points{' '}
            {amount > 0 ? 'to' : 'from'} {member.username}? Balance after: <strong className="text-ink tabular-nums">{formatPoints(member.points + amount)}</strong>
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={submit} busy={adjust.isPending} busyLabel="Saving...">
              Confirm
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" variant="secondary" size="sm" disabled={!valid}>
          Review change
        </Button>
      )}
    </form>
  );
}
