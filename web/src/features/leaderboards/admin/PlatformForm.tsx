import type { AdminPlatform, PlatformInput } from '@common/contracts/leaderboards';
import { useState } from 'react';
import { PlatformLogo } from '@web/components/leaderboard/PlatformLogo';
import { SelectField, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ImageUploadButton } from '@web/components/ui/image-upload';
import { ApiError } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useSavePlatform, useUploadPlatformLogo } from '../api/admin-leaderboards';

type Draft = Required<Omit<PlatformInput, 'display_order' | 'casino_slot'>> & { display_order: string; casino_slot: string };

const draftOf = (platform: AdminPlatform | null): Draft => ({
  name: platform?.name ?? '',
  slug: platform?.slug ?? '',
  image: platform?.image ?? null,
  currency_symbol: platform?.currency_symbol ?? '$',
  amount_format: platform?.amount_format ?? 'currency',
  display_order: String(platform?.display_order ?? 0),
  is_default: platform?.is_default ?? false,
  mask_names: platform?.mask_names ?? true,
  casino_slot: platform?.casino_slot ? String(platform.casino_slot) : '',
  is_active: platform?.is_active ?? true,
});

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-ink-2">
      <input type="checkbox" className="size-4 accent-accent" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/** A partner platform: its name and logo on the tabs, how amounts show, and which casino account slot holds members' names on it. */
export function PlatformForm({ platform, onClose }: { platform: AdminPlatform | null; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(draftOf(platform));
  const save = useSavePlatform();
  const upload = useUploadPlatformLogo();
  const toast = useToast();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);

  const submit = () => {
    const input = { ...draft, display_order: asNumber(draft.display_order), casino_slot: draft.casino_slot === '' ? null : (Number(draft.casino_slot) as 1 | 2 | 3) };
    save.mutate({ id: platform?.id ?? null, input }, savedThen(toast, onClose, 'The platform was not saved.'));
  };

  return (
    <FormModal title={platform ? `Edit ${platform.name}` : 'New partner platform'} submitLabel={platform ? 'Save platform' : 'Add platform'} busy={save.isPending} disabled={upload.isPending} onSubmit={submit} onClose={onClose} className="max-w-2xl">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex flex-col items-center gap-2 sm:w-40">
          <PlatformLogo platform={{ image: draft.image }} className="size-20" />
          <ImageUploadButton upload={upload} hasImage={draft.image !== null} error={error('image')} onUploaded={(path) => set('image', path)} />
        </div>
        <div className="grid flex-1 gap-4 sm:grid-cols-2">
          <TextField label="Name" value={draft.name} maxLength={40} onChange={(e) => set('name', e.target.value)} error={error('name')} />
          <TextField label="Slug (in the address)" value={draft.slug} maxLength={40} onChange={(e) => set('slug', e.target.value.toLowerCase())} error={error('slug')} hint="/leaderboard?platform=…" />
          <SelectField label="Amounts shown as" value={draft.amount_format} onChange={(e) => set('amount_format', e.target.value as Draft['amount_format'])} error={error('amount_format')}>
            <option value="currency">Money</option>
            <option value="xp">XP</option>
          </SelectField>
          <TextField label="Currency symbol" value={draft.currency_symbol} maxLength={5} disabled={draft.amount_format === 'xp'} onChange={(e) => set('currency_symbol', e.target.value)} error={error('currency_symbol')} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Members' casino account" value={draft.casino_slot} onChange={(e) => set('casino_slot', e.target.value)} error={error('casino_slot')} hint="The slot in Settings → Connections where members enter their name on this platform (for VIP rewards).">
          <option value="">None</option>
          <option value="1">Casino account 1</option>
          <option value="2">Casino account 2</option>
          <option value="3">Casino account 3</option>
        </SelectField>
        <TextField label="Display order" type="number" min={0} inputMode="numeric" value={draft.display_order} onChange={(e) => set('display_order', e.target.value)} error={error('display_order')} />
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <Check label="Default on /leaderboard" checked={draft.is_default} onChange={(value) => set('is_default', value)} />
        <Check label="Mask player names" checked={draft.mask_names} onChange={(value) => set('mask_names', value)} />
        <Check label="Shown to members" checked={draft.is_active} onChange={(value) => set('is_active', value)} />
      </div>
    </FormModal>
  );
}
