import type { AdminStoreItem, StoreItemInput } from '@common/contracts/store';
import { ROLE_LABELS, ROLES, type Role } from '@common/roles';
import { useState } from 'react';
import { SelectField, TextArea, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ImageUploadButton } from '@web/components/ui/image-upload';
import { ApiError } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useSaveStoreItem, useUploadStoreImage } from '../api/admin-store';
import { StoreImage } from '../components/StoreItemCard';

type Draft = Omit<StoreItemInput, 'cost' | 'quantity' | 'max_purchases_per_user'> & { cost: string; quantity: string; max: string };

const draftOf = (item: AdminStoreItem | null): Draft => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  image: item?.image ?? null,
  cost: item ? String(item.cost) : '',
  quantity: item ? String(item.quantity) : '0',
  required_role: item?.required_role ?? 'user',
  max: item?.max_purchases_per_user ? String(item.max_purchases_per_user) : '',
  uses_codes: item?.uses_codes ?? false,
  is_active: item?.is_active ?? true,
  new_codes: '',
});

export function StoreItemForm({ item, onClose }: { item: AdminStoreItem | null; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(draftOf(item));
  const save = useSaveStoreItem();
  const upload = useUploadStoreImage();
  const toast = useToast();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);

  const submit = () => {
    const { cost, quantity, max, ...rest } = draft;
    const input = { ...rest, cost: asNumber(cost), quantity: draft.uses_codes ? 0 : asNumber(quantity), max_purchases_per_user: max.trim() === '' ? null : asNumber(max) };
    save.mutate({ id: item?.id ?? null, input: input as StoreItemInput }, savedThen(toast, onClose, 'The item was not saved.'));
  };

  return (
    <FormModal
      title={item ? `Edit “${item.name}”` : 'New store item'}
      submitLabel={item ? 'Save item' : 'Add item'}
      busy={save.isPending}
      disabled={upload.isPending}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-2xl"
    >
        <div className="flex flex-col gap-4 sm:flex-row">
          <div className="space-y-2 sm:w-48">
            <StoreImage image={draft.image} name={draft.name || 'Item'} className="aspect-[16/10] w-full rounded-lg" />
            <ImageUploadButton upload={upload} hasImage={draft.image !== null} error={error('image')} onUploaded={(path) => set('image', path)} />
          </div>
          <div className="flex-1 space-y-4">
            <TextField label="Name" value={draft.name} maxLength={80} onChange={(e) => set('name', e.target.value)} error={error('name')} />
            <TextArea label="Description" value={draft.description} maxLength={500} rows={3} onChange={(e) => set('description', e.target.value)} error={error('description')} />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Cost (points)" type="number" min={1} inputMode="numeric" value={draft.cost} onChange={(e) => set('cost', e.target.value)} error={error('cost')} />
          <TextField
            label="Stock"
            type="number"
            min={0}
            inputMode="numeric"
            value={draft.uses_codes ? String(item?.codes_unused ?? 0) : draft.quantity}
            disabled={draft.uses_codes}
            onChange={(e) => set('quantity', e.target.value)}
            error={error('quantity')}
            hint={draft.uses_codes ? 'Follows the unused codes.' : undefined}
          />
          <TextField label="Limit per member" type="number" min={1} inputMode="numeric" value={draft.max} placeholder="No limit" onChange={(e) => set('max', e.target.value)} error={error('max_purchases_per_user')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Who can redeem" value={draft.required_role} onChange={(e) => set('required_role', e.target.value as Role)} error={error('required_role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role === 'user' ? 'Every member' : `${ROLE_LABELS[role]} and above`}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-col justify-end gap-2 pb-1 text-sm font-medium text-ink-2">
            <label className="flex items-center gap-2">
              <input type="checkbox" className="size-4 accent-accent" checked={draft.is_active} onChange={(e) => set('is_active', e.target.checked)} /> Shown in the store
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" className="size-4 accent-accent" checked={draft.uses_codes} onChange={(e) => set('uses_codes', e.target.checked)} /> Delivers codes (gift cards, promo codes)
            </label>
          </div>
        </div>
        {draft.uses_codes && (
          <TextArea
            label={`Add codes (${item?.codes_unused ?? 0} unused in the pool)`}
            value={draft.new_codes}
            rows={4}
            className="font-mono text-xs"
            placeholder="One code per line"
            onChange={(e) => set('new_codes', e.target.value)}
            error={error('new_codes')}
            hint="Each redemption hands out one code, shown only to the member who redeemed it."
          />
        )}
    </FormModal>
  );
}
