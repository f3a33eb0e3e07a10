import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before deleting one row of an admin list (`target`; null: closed), deletes it with `remove` and
 * toasts the server's answer. `blocked` rows get the dialog with Delete disabled, so the description can
 * say why and what to do instead. The dialog stays open when the server refuses, with the reason toasted.
 */
export function DeleteDialog<T extends { id: number }>({
  target,
  title,
  description,
  blocked,
  remove,
  failure,
  onClose,
  onDeleted = onClose,
}: {
  target: T | null;
  title(target: T): string;
  description(target: T): ReactNode;
  blocked?(target: T): boolean;
  remove: UseMutationResult<{ message: string }, Error, number>;
  /** The toast when the server gives no reason. */
  failure: string;
  onClose(): void;
  /** After a delete (default: onClose), e.g. to leave a page whose subject is gone. */
  onDeleted?(): void;
}) {
  const toast = useToast();
  if (!target) return null;
  return (
    <ConfirmDialog
      open
      title={title(target)}
      description={description(target)}
      disabled={blocked?.(target)}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(target.id, {
          onSuccess: (answer) => {
            toast.success(answer.message);
            onDeleted();
          },
          onError: (error) => toast.error(errorMessage(error, failure)),
        })
      }
    />
  );
}
