import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '@web/lib/api';
import { Button } from './button';
import { Modal } from './modal';

/** A form in a dialog with Cancel and a submit button; field errors are the form's own business. */
export function FormModal({
  title,
  submitLabel,
  busy,
  busyLabel = 'Saving...',
  disabled,
  onSubmit,
  onClose,
  children,
  className,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** What the submit button says while busy (the spec's word for the action). */
  busyLabel?: string;
  disabled?: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} className={className}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel={busyLabel} disabled={disabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** What a saving form does with the answer: say so and close, or, when there are no field errors to show, say why not. */
export const savedThen = (toast: { success(m: string): void; error(m: string): void }, close: () => void, fallback: string) => ({
  onSuccess: (result: { message: string }) => {
    toast.success(result.message);
    close();
  },
  onError: (failure: Error) => {
    if (!(failure instanceof ApiError && failure.errors)) toast.error(errorMessage(failure, fallback));
  },
});
