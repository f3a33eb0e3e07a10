import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_ICONS, ACHIEVEMENT_RULES, ACHIEVEMENT_RULE_KINDS, type AchievementRuleKind } from '@common/achievements';
import type { AchievementDefinition, AchievementInput } from '@common/contracts/achievements';
import { useState } from 'react';
import { ACHIEVEMENT_ICON_COMPONENTS } from '@web/components/member/achievement-icons';
import { cn } from '@web/components/ui/cn';
import { SelectField, TextArea, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ApiError } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useSaveAchievement } from '../api/admin-achievements';

const EMPTY: AchievementInput = { title: '', description: '', category: 'special', icon: 'trophy', rule_kind: 'manual', rule_threshold: null };

/** Create (editing null) or edit an achievement definition. */
export function AchievementForm({ editing, onClose }: { editing: AchievementDefinition | null; onClose(): void }) {
  const initial = editing ? { ...editing } : EMPTY;
  const [form, setForm] = useState<AchievementInput>(initial);
  const [threshold, setThreshold] = useState(initial.rule_threshold?.toString() ?? '');
  const save = useSaveAchievement();
  const toast = useToast();
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  const set = <K extends keyof AchievementInput>(key: K, value: AchievementInput[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const input = { ...form, rule_threshold: form.rule_kind === 'manual' || threshold.trim() === '' ? null : Number(threshold) };
    save.mutate({ id: editing?.id ?? null, input }, savedThen(toast, onClose, 'The achievement was not saved.'));
  };

  return (
    <FormModal
      title={editing ? `Edit “${editing.title}”` : 'New achievement'}
      submitLabel={editing ? 'Save achievement' : 'Create achievement'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-xl"
    >
        <TextField label="Title" value={form.title} maxLength={60} onChange={(e) => set('title', e.target.value)} error={error('title')} />
        <TextArea label="Description" value={form.description} maxLength={200} rows={2} onChange={(e) => set('description', e.target.value)} error={error('description')} hint="How members earn it; shown on their profile." />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Category" value={form.category} onChange={(e) => set('category', e.target.value as AchievementInput['category'])} error={error('category')}>
            {ACHIEVEMENT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category[0].toUpperCase() + category.slice(1)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Awarded" value={form.rule_kind} onChange={(e) => set('rule_kind', e.target.value as AchievementRuleKind)} error={error('rule_kind')}>
            {ACHIEVEMENT_RULE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind === 'manual' ? ACHIEVEMENT_RULES[kind] : `Automatically: ${ACHIEVEMENT_RULES[kind].toLowerCase()}`}
              </option>
            ))}
          </SelectField>
        </div>
        {form.rule_kind !== 'manual' && (
          <TextField label="Threshold" type="number" min={1} inputMode="numeric" value={threshold} onChange={(e) => setThreshold(e.target.value)} error={error('rule_threshold')} hint={`Awarded when ${ACHIEVEMENT_RULES[form.rule_kind].toLowerCase()} reaches this number.`} />
        )}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink-2">Icon</legend>
          <div className="grid grid-cols-6 gap-2">
            {ACHIEVEMENT_ICONS.map((icon) => {
              const Icon = ACHIEVEMENT_ICON_COMPONENTS[icon];
              return (
                <label key={icon} className={cn('flex h-11 cursor-pointer items-center justify-center rounded-lg border border-line bg-surface-2 text-ink-2 transition hover:border-line-strong has-[:checked]:border-accent has-[:checked]:bg-accent/20 has-[:checked]:text-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent')}>
                  <input type="radio" name="icon" value={icon} checked={form.icon === icon} onChange={() => set('icon', icon)} className="sr-only" aria-label={icon} />
                  <Icon className="size-5" aria-hidden />
                </label>
              );
            })}
          </div>
        </fieldset>
    </FormModal>
  );
}
