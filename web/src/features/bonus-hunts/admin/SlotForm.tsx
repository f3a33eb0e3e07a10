import type { AdminSlot } from '@common/contracts/bonus-hunts-admin';
import { useState } from 'react';
import { TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ImageUploadButton } from '@web/components/ui/image-upload';
import { SlotImage } from '@web/components/ui/slot-image';
import { ApiError } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSaveSlot, useUploadSlotImage } from '../api/admin-slots';

/** A catalogue slot's name, provider and picture. */
export function SlotForm({ slot, onClose }: { slot: AdminSlot | null; onClose(): void }) {
  const save = useSaveSlot();
  const upload = useUploadSlotImage();
  const toast = useToast();
  const [name, setName] = useState(slot?.name ?? '');
  const [provider, setProvider] = useState(slot?.provider ?? '');
  const [image, setImage] = useState<string | null>(slot?.image ?? null);
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);

  return (
    <FormModal
      title={slot ? `Edit “${slot.name}”` : 'New slot'}
      submitLabel={slot ? 'Save slot' : 'Add slot'}
      busy={save.isPending}
      disabled={upload.isPending}
      onSubmit={() => save.mutate({ id: slot?.id ?? null, input: { name, provider, image } }, savedThen(toast, onClose, 'The slot was not saved.'))}
      onClose={onClose}
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="space-y-2 sm:w-36">
          <SlotImage image={image} className="aspect-square w-full rounded-xl" large />
          <ImageUploadButton upload={upload} hasImage={image !== null} error={error('image')} onUploaded={setImage} />
        </div>
        <div className="flex-1 space-y-4">
          <TextField label="Name" value={name} maxLength={120} onChange={(event) => setName(event.target.value)} error={error('name')} />
          <TextField label="Provider" value={provider} maxLength={60} placeholder="e.g. Hacksaw Gaming" onChange={(event) => setProvider(event.target.value)} error={error('provider')} />
        </div>
      </div>
    </FormModal>
  );
}
