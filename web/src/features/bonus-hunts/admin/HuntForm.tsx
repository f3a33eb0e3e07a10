import type { AdminHunt, HuntInput } from '@common/contracts/bonus-hunts-admin';
import { isAdmin } from '@common/roles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useSaveHunt } from '../api/admin-hunts';

const REWARDS = [
  { field: 'reward_end_balance', label: 'Closest end balance', of: (hunt: AdminHunt) => hunt.rewards.end_balance },
  { field: 'reward_multiplier', label: 'Closest highest multiplier', of: (hunt: AdminHunt) => hunt.rewards.highest_multiplier },
  { field: 'reward_game', label: 'Right highest-multiplier game', of: (hunt: AdminHunt) => hunt.rewards.highest_multiplier_game },
] as const;
type RewardField = (typeof REWARDS)[number]['field'];

/** A new hunt (then its runner opens) or a running hunt's title, start balance and prediction rewards. */
export function HuntForm({ hunt, onClose }: { hunt: AdminHunt | null; onClose(): void }) {
  const save = useSaveHunt();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  // Points are money-like: moderators run hunts, only admins set what they pay (the server refuses the rest).
  const canSetRewards = user !== null && isAdmin(user.role);
  const [title, setTitle] = useState(hunt?.title ?? '');
  const [start, setStart] = useState(hunt ? String(hunt.start_balance) : '');
  const [rewards, setRewards] = useState<Record<RewardField, string>>(
    () => Object.fromEntries(REWARDS.map((reward) => [reward.field, hunt ? String(reward.of(hunt)) : ''])) as Record<RewardField, string>,
  );
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  const refusal = save.error && !(save.error instanceof ApiError && save.error.errors) ? errorMessage(save.error, 'The hunt was not saved.') : null;

  const submit = () => {
    const input: HuntInput = {
      title,
      start_balance: asNumber(start),
      // An empty reward field means no reward.
      ...(Object.fromEntries(REWARDS.map(({ field }) => [field, rewards[field].trim() === '' ? 0 : asNumber(rewards[field])])) as Record<RewardField, number>),
    };
    save.mutate(
      { id: hunt?.id ?? null, input },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (hunt ? 'Hunt saved.' : 'Hunt started.'));
          onClose();
          if (!hunt) void navigate(`/bonus-hunts/${answer.data.id}`);
        },
      },
    );
  };

  return (
    <FormModal title={hunt ? `Edit “${hunt.title || `Hunt #${hunt.id}`}”` : 'New bonus hunt'} submitLabel={hunt ? 'Save hunt' : 'Start hunt'} busy={save.isPending} onSubmit={submit} onClose={onClose}>
      {refusal && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-red-200">
          {refusal}
        </p>
      )}
      <TextField label="Title (optional)" value={title} maxLength={80} placeholder="Sunday mega hunt" onChange={(event) => setTitle(event.target.value)} error={error('title')} />
      <TextField label="Start balance ($)" inputMode="decimal" value={start} placeholder="1000.00" onChange={(event) => setStart(event.target.value)} error={error('start_balance')} />
      <fieldset className="space-y-3 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Prediction rewards (points, optional)</legend>
        <p className="text-xs text-muted">
          Paid when the hunt finishes to the closest prediction of each kind; tied predictions each get the reward.
          {!canSetRewards && ' Only admins can set them.'}
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          {REWARDS.map((reward) => (
            <TextField
              key={reward.field}
              label={reward.label}
              inputMode="numeric"
              placeholder="0"
              value={rewards[reward.field]}
              disabled={!canSetRewards}
              onChange={(event) => setRewards((current) => ({ ...current, [reward.field]: event.target.value }))}
              error={error(reward.field)}
            />
          ))}
        </div>
      </fieldset>
    </FormModal>
  );
}
