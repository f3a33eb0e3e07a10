import { formatPoints } from '@common/format';
import { RAFFLE_PASSWORD_MAX } from '@common/raffles';
import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { entriesCount } from './raffle-display';

/** Spec 2 §5: asks 'Enter raffle password:'; an empty answer cancels, like dismissing the prompt. */
export function PasswordDialog({ title, busy, error, onSubmit, onClose }: {
  title: string;
  busy: boolean;
  error?: string;
  onSubmit(password: string): void;
  onClose(): void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.trim() === '') onClose();
    else onSubmit(password);
  };
  return (
    <Modal open onOpenChange={(open) => !open && !busy && onClose()} title="Password Entry" description={`The stream gives out the password for “${title}”.`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Enter raffle password:"
          type="password"
          autoComplete="off"
          autoFocus
          maxLength={RAFFLE_PASSWORD_MAX}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Entering...">
            Enter
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Before any point is spent: the entries, their cost, the balance and what is left after. */
export function ConfirmPointsEntry({ title, entries, pointsPerEntry, balance, busy, onConfirm, onClose }: {
  title: string;
  entries: number;
  pointsPerEntry: number;
  balance: number;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const cost = entries * pointsPerEntry;
  const rows: [string, string, string?][] = [
    ['Entries', `${formatPoints(entries)} × ${formatPoints(pointsPerEntry)} pts`],
    ['Cost', `${formatPoints(cost)} pts`],
    ['Your balance', `${formatPoints(balance)} pts`],
    ['Balance after', `${formatPoints(balance - cost)} pts`, 'text-gold'],
  ];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Confirm Entry"
      description={`Buy ${entriesCount(entries)} in “${title}”? The points leave your balance right away.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={busy} busyLabel="Entering...">
            Spend {formatPoints(cost)} points
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-line/70 rounded-lg border border-line bg-bg/40 text-sm" data-testid="confirm-points">
        {rows.map(([label, value, tone]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-muted">{label}</dt>
            <dd className={`font-semibold tabular-nums ${tone ?? 'text-ink'}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
