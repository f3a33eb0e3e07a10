import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** Asks before a destructive or costly action; the confirm button shows its busy label while it runs. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  disabled,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} busyLabel={busyLabel} disabled={disabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
