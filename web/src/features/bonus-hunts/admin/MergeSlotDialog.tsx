import type { AdminSlot } from '@common/contracts/bonus-hunts-admin';
import { countOf } from '@common/format';
import { useState } from 'react';
import { SlotPicker } from '@web/components/admin/SlotPicker';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { SlotImage } from '@web/components/ui/slot-image';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useMergeSlot } from '../api/admin-slots';

/** Folds a duplicate into the slot to keep: pick that slot, read what happens, confirm. */
export function MergeSlotDialog({ slot, onClose }: { slot: AdminSlot; onClose(): void }) {
  const merge = useMergeSlot();
  const toast = useToast();
  const [text, setText] = useState('');
  const [into, setInto] = useState<AdminSlot | null>(null);
  const fieldError = merge.error instanceof ApiError ? merge.error.field('into_id') : undefined;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !merge.isPending && onClose()}
      title={`Merge “${slot.name}” into another slot`}
      description="For a duplicate: its plays move to the slot you keep, then it is deleted."
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={into === null}
            busy={merge.isPending}
            busyLabel="Merging..."
            onClick={() =>
              into &&
              merge.mutate(
                { id: slot.id, intoId: into.id },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    onClose();
                  },
                  onError: (failure) => {
                    if (!(failure instanceof ApiError && failure.errors)) toast.error(errorMessage(failure, 'The slots were not merged.'));
                  },
                },
              )
            }
          >
            Merge
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <SlotPicker
          label="Slot to keep"
          text={text}
          excludeId={slot.id}
          onText={(next) => {
            setText(next);
            setInto(null);
          }}
          onChoose={(choice) => {
            if (!('slot' in choice)) return;
            setInto(choice.slot);
            setText(choice.slot.name);
          }}
          error={fieldError}
        />
        {into && (
          <p role="status" className="flex items-center gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-ink-2">
            <SlotImage image={into.image} className="size-10" />
            <span>
              {countOf(slot.plays, 'play')} of “{slot.name}” {slot.plays === 1 ? 'moves' : 'move'} to “{into.name}” ({into.provider || 'Unknown provider'}), and “{slot.name}” is deleted. This cannot be undone.
            </span>
          </p>
        )}
      </div>
    </Modal>
  );
}
