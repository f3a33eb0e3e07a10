import type { AdminPlatform } from '@common/contracts/leaderboards';
import type { AdminVipTier, VipTierInput } from '@common/contracts/vip';
import { useState } from 'react';
import { SelectField, TextArea, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ImageUploadButton } from '@web/components/ui/image-upload';
import { ApiError } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useSaveVipTier, useUploadVipImage } from '../api/admin-vip';
import { TierImage } from '../components/TierCard';

type RewardType = VipTierInput['reward_type'];
const REWARD_LABELS: Record<RewardType, string> = { points: 'Points', cash: 'Cash (USD)', other: 'Something else (described by the name)' };
const REWARD_TYPES = Object.keys(REWARD_LABELS) as RewardType[];

type Draft = Omit<VipTierInput, 'platform_id' | 'reward_amount' | 'min_wagered' | 'display_order' | 'count_wager_after_date'> & {
  platform_id: string;
  reward_amount: string;
  min_wagered: string;
  display_order: string;
  count_wager_after_date: string;
};

const draftOf = (tier: AdminVipTier | null, platforms: AdminPlatform[]): Draft => ({
  platform_id: String(tier?.platform.id ?? platforms[0]?.id ?? ''),
  name: tier?.name ?? '',
  description: tier?.description ?? '',
  image: tier?.image ?? null,
  reward_type: tier?.reward_type ?? 'points',
  reward_amount: tier && tier.reward_type !== 'other' ? String(tier.reward_amount) : '',
  min_wagered: tier ? String(tier.min_wagered) : '',
  count_wager_after_date: tier?.count_wager_after_date ?? '',
  display_order: String(tier?.display_order ?? 0),
  is_active: tier?.is_active ?? true,
});

export function VipTierForm({ tier, platforms, onClose }: { tier: AdminVipTier | null; platforms: AdminPlatform[]; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(draftOf(tier, platforms));
  const save = useSaveVipTier();
  const upload = useUploadVipImage();
  const toast = useToast();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  const platform = platforms.find((row) => String(row.id) === draft.platform_id);

  const submit = () => {
    const input: VipTierInput = {
      ...draft,
      platform_id: asNumber(draft.platform_id),
      reward_amount: draft.reward_type === 'other' ? 0 : asNumber(draft.reward_amount),
      min_wagered: asNumber(draft.min_wagered),
      display_order: asNumber(draft.display_order),
      count_wager_after_date: draft.count_wager_after_date === '' ? null : draft.count_wager_after_date,
    };
    save.mutate({ id: tier?.id ?? null, input }, savedThen(toast, onClose, 'The tier was not saved.'));
  };

  return (
    <FormModal title={tier ? `Edit “${tier.name}”` : 'New VIP tier'} submitLabel={tier ? 'Save tier' : 'Add tier'} busy={save.isPending} disabled={upload.isPending} onSubmit={submit} onClose={onClose} className="max-w-2xl">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="space-y-2 sm:w-40">
          <TierImage image={draft.image ?? null} className="aspect-square w-full rounded-xl" />
          <ImageUploadButton upload={upload} hasImage={Boolean(draft.image)} error={error('image')} onUploaded={(path) => set('image', path)} />
        </div>
        <div className="flex-1 space-y-4">
          <SelectField label="Platform" value={draft.platform_id} onChange={(e) => set('platform_id', e.target.value)} error={error('platform_id')}>
            {platforms.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Name" value={draft.name} maxLength={60} onChange={(e) => set('name', e.target.value)} error={error('name')} />
          <TextArea label="Description" value={draft.description} maxLength={300} rows={2} onChange={(e) => set('description', e.target.value)} error={error('description')} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Reward" value={draft.reward_type} onChange={(e) => set('reward_type', e.target.value as Draft['reward_type'])} error={error('reward_type')}>
          {REWARD_TYPES.map((type) => (
            <option key={type} value={type}>
              {REWARD_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={draft.reward_type === 'cash' ? 'Amount (USD)' : 'Amount (points)'}
          type="number"
          min={0}
          step={draft.reward_type === 'cash' ? 0.01 : 1}
          value={draft.reward_type === 'other' ? '' : draft.reward_amount}
          disabled={draft.reward_type === 'other'}
          placeholder={draft.reward_type === 'other' ? 'Described by the name' : undefined}
          onChange={(e) => set('reward_amount', e.target.value)}
          error={error('reward_amount')}
        />
        <TextField
          label={`Wager needed (${platform?.amount_format === 'xp' ? 'XP' : platform?.currency_symbol ?? '$'})`}
          type="number"
          min={0}
          step={0.01}
          value={draft.min_wagered}
          onChange={(e) => set('min_wagered', e.target.value)}
          error={error('min_wagered')}
        />
        <TextField
          label="Count wagers from (optional)"
          type="date"
          value={draft.count_wager_after_date}
          onChange={(e) => set('count_wager_after_date', e.target.value)}
          error={error('count_wager_after_date')}
          hint="Empty counts all-time wagers."
        />
        <TextField label="Display order" type="number" min={0} inputMode="numeric" value={draft.display_order} onChange={(e) => set('display_order', e.target.value)} error={error('display_order')} />
        <label className="flex items-end gap-2 pb-2 text-sm font-medium text-ink-2">
          <input type="checkbox" className="size-4 accent-accent" checked={draft.is_active} onChange={(e) => set('is_active', e.target.checked)} /> Shown to members
        </label>
      </div>
    </FormModal>
  );
}
