import { ROLE_LABELS, ROLES, type Role } from '@common/roles';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { SelectField, TextField } from '@web/components/ui/field';
import type { RaffleDraft } from './raffle-draft';

export type SetDraft = <K extends keyof RaffleDraft>(key: K, value: RaffleDraft[K]) => void;
type FieldError = (field: string) => string | undefined;

/** A yes/no option of the raffle form, with what it means under it. */
export function Check({ label, hint, checked, onChange }: { label: ReactNode; hint?: ReactNode; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex items-start gap-2.5 text-sm font-medium text-ink-2 has-[:disabled]:opacity-60">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-accent" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs font-normal text-muted">{hint}</span>}
      </span>
    </label>
  );
}

/** Why the rules cannot change any more, or null while they can. */
export type RulesLock = 'entered' | 'closed' | null;
const LOCK_TEXT: Record<Exclude<RulesLock, null>, string> = {
  entered: 'Members have entered already, so these rules stay as they are: nobody’s entries change meaning after the fact.',
  closed: 'Entries are closed, so these rules stay as they are.',
};

/**
 * The rules members enter under: the ways in, the limits, the number of winners, the start and who may enter.
 * They are fixed once anyone entered or entries closed (the server refuses a change too), so the whole group
 * is disabled then, with the reason.
 */
export function EntryRules({ draft, set, error, lock, storedPassword }: { draft: RaffleDraft; set: SetDraft; error: FieldError; lock: RulesLock; storedPassword: boolean }) {
  const typesError = error('allow_passwordless_entry') ?? error('allow_points_entry') ?? error('has_password_entry');
  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4" disabled={lock !== null} aria-describedby={lock ? 'entry-rules-locked' : undefined}>
      <legend className="px-1 text-sm font-semibold text-ink">Entry rules</legend>
      {lock && (
        <p id="entry-rules-locked" className="flex items-start gap-2 rounded-lg bg-surface-2 px-3 py-2 text-xs text-ink-2">
          <Lock className="mt-0.5 size-3.5 shrink-0 text-accent" aria-hidden />
          {LOCK_TEXT[lock]}
        </p>
      )}
      <div className="space-y-3" role="group" aria-label="Entry types">
        <Check label="Free entry" hint="Once per member." checked={draft.allow_passwordless_entry} onChange={(checked) => set('allow_passwordless_entry', checked)} />
        <Check label="Entries with points" hint="Members buy as many entries as they like, up to the limit." checked={draft.allow_points_entry} onChange={(checked) => set('allow_points_entry', checked)} />
        {draft.allow_points_entry && (
          <div className="pl-6.5 sm:w-60">
            <TextField label="Points per entry" inputMode="numeric" value={draft.points_per_entry} onChange={(event) => set('points_per_entry', event.target.value)} error={error('points_per_entry')} />
          </div>
        )}
        <Check label="Password entry" hint="Once per member, with the password you give out (on stream, for example)." checked={draft.has_password_entry} onChange={(checked) => set('has_password_entry', checked)} />
        {draft.has_password_entry && (
          <div className="pl-6.5 sm:w-72">
            <TextField
              label="Password"
              autoComplete="off"
              maxLength={100}
              value={draft.password}
              placeholder={storedPassword ? 'Unchanged' : undefined}
              hint={storedPassword ? 'Leave empty to keep the current password.' : 'Stored hashed: note it down to give it out.'}
              onChange={(event) => set('password', event.target.value)}
              error={error('password')}
            />
          </div>
        )}
        {typesError && <p className="text-xs font-medium text-red-300">{typesError}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Max entries per member"
          inputMode="numeric"
          value={draft.max_entries}
          placeholder="No limit"
          hint="All entry types together. Empty: no limit."
          onChange={(event) => set('max_entries', event.target.value)}
          error={error('max_entries')}
        />
        <TextField label="Number of winners" inputMode="numeric" value={draft.winners_count} onChange={(event) => set('winners_count', event.target.value)} error={error('winners_count')} />
        <TextField label="Starts (optional)" type="datetime-local" value={draft.starts_at} onChange={(event) => set('starts_at', event.target.value)} error={error('starts_at')} hint="Empty: entries open now." />
        <SelectField label="Who may enter" value={draft.required_role} onChange={(event) => set('required_role', event.target.value as Role)} error={error('required_role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role === 'user' ? 'Every member' : `${ROLE_LABELS[role]} and above`}
            </option>
          ))}
        </SelectField>
      </div>
      <Check label="Kick account required" hint="Only members who linked their Kick account may enter." checked={draft.requires_kick} onChange={(checked) => set('requires_kick', checked)} />
    </fieldset>
  );
}
