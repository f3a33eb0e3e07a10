import { SelectField, TextField } from '@web/components/ui/field';
import { SearchInput } from '@web/components/ui/search-input';

export interface FilterBarProps {
  search: string;
  onSearch(value: string): void;
  reason: string;
  reasons: { value: string; label: string }[];
  from: string;
  to: string;
  onChange(changes: { reason?: string; from?: string; to?: string }): void;
  error(field: 'from' | 'to' | 'reason' | 'member'): string | undefined;
}

/** Member (typed, debounced by the page), reason and a range of days in the site's time zone. */
export function LedgerFilterBar({ search, onSearch, reason, reasons, from, to, onChange, error }: FilterBarProps) {
  // A reason in the address that the ledger no longer lists still shows, rather than a blank select.
  const options = reason && !reasons.some((option) => option.value === reason) ? [...reasons, { value: reason, label: reason.replace(/_/g, ' ') }] : reasons;
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_13rem_10.5rem_10.5rem]">
      <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <span aria-hidden className="text-sm font-medium text-ink-2">
          Member
        </span>
        <SearchInput
          label="Filter by member"
          value={search}
          maxLength={100}
          placeholder="Search by member name..."
          onChange={(event) => onSearch(event.target.value)}
          aria-invalid={error('member') ? true : undefined}
        />
        {error('member') && <p className="text-xs font-medium text-red-300">{error('member')}</p>}
      </div>
      <div className="col-span-2 lg:col-span-1">
        <SelectField label="Reason" value={reason} onChange={(event) => onChange({ reason: event.target.value })} error={error('reason')}>
          <option value="">All reasons</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="From" type="date" value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value })} error={error('from')} className="min-w-0 [color-scheme:dark]" />
      <TextField label="To" type="date" value={to} min={from || undefined} onChange={(event) => onChange({ to: event.target.value })} error={error('to')} className="min-w-0 [color-scheme:dark]" />
    </div>
  );
}
