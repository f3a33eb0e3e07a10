import type { AdminLeaderboard, AdminPeriod, LeaderboardInput } from '@common/contracts/leaderboards';
import { formatAmount, LEADERBOARD_TYPE_LABELS, LEADERBOARD_TYPES, PERIOD_LENGTH_LABELS, PERIOD_LENGTHS, PRIZE_PLACES_MAX, type AmountFormat } from '@common/leaderboards';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ApiError } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { instant, localInput } from '@web/lib/local-datetime';
import { useToast } from '@web/lib/toast';
import { useSaveLeaderboard, useSetPeriodDates, useSetPrizes } from '../api/admin-leaderboards';

/** Adds a leaderboard to a platform (its first period starts at once or at a chosen time) or edits its period length. */
export function LeaderboardForm({ platformId, leaderboard, taken, onClose }: { platformId: number; leaderboard: AdminLeaderboard | null; taken: string[]; onClose(): void }) {
  const free = LEADERBOARD_TYPES.filter((type) => !taken.includes(type));
  const [type, setType] = useState<LeaderboardInput['leaderboard_type']>(leaderboard?.leaderboard_type ?? free[0] ?? 'normal');
  const [length, setLength] = useState<LeaderboardInput['period_length']>(leaderboard?.period_length ?? 'weekly');
  const [days, setDays] = useState(leaderboard?.custom_days ? String(leaderboard.custom_days) : '');
  const [startsAt, setStartsAt] = useState('');
  const [active, setActive] = useState(leaderboard?.is_active ?? true);
  const save = useSaveLeaderboard();
  const toast = useToast();
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);

  const submit = () => {
    const input: LeaderboardInput = {
      leaderboard_type: type,
      period_length: length,
      custom_days: length === 'custom' ? asNumber(days) : null,
      is_active: active,
      ...(leaderboard === null && startsAt ? { starts_at: instant(startsAt) } : {}),
    };
    save.mutate({ platformId, id: leaderboard?.id ?? null, input }, savedThen(toast, onClose, 'The leaderboard was not saved.'));
  };

  return (
    <FormModal title={leaderboard ? `Edit the ${LEADERBOARD_TYPE_LABELS[leaderboard.leaderboard_type]} leaderboard` : 'New leaderboard'} submitLabel={leaderboard ? 'Save' : 'Create leaderboard'} busy={save.isPending} onSubmit={submit} onClose={onClose}>
      {leaderboard === null && (
        <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as typeof type)} error={error('leaderboard_type')}>
          {free.map((value) => (
            <option key={value} value={value}>
              {LEADERBOARD_TYPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Period length" value={length} onChange={(e) => setLength(e.target.value as typeof length)} error={error('period_length')} hint={leaderboard ? 'A new length applies from the next period.' : undefined}>
          {PERIOD_LENGTHS.map((value) => (
            <option key={value} value={value}>
              {PERIOD_LENGTH_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {length === 'custom' && <TextField label="Days per period" type="number" min={1} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} error={error('custom_days')} />}
      </div>
      {leaderboard === null && (
        <TextField label="First period starts (optional)" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} error={error('starts_at')} hint="Empty starts it now." />
      )}
      <label className="flex items-center gap-2 text-sm font-medium text-ink-2">
        <input type="checkbox" className="size-4 accent-accent" checked={active} onChange={(e) => setActive(e.target.checked)} /> Shown to members
      </label>
    </FormModal>
  );
}

/** Moves the running period's start or end (an end in the past makes it finish on the next job run). */
export function PeriodDatesForm({ leaderboardId, period, onClose }: { leaderboardId: number; period: AdminPeriod; onClose(): void }) {
  const [startsAt, setStartsAt] = useState(localInput(period.starts_at));
  const [endsAt, setEndsAt] = useState(localInput(period.ends_at));
  const save = useSetPeriodDates();
  const toast = useToast();
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  return (
    <FormModal
      title="Current period dates"
      submitLabel="Save dates"
      busy={save.isPending}
      onSubmit={() => save.mutate({ id: leaderboardId, dates: { starts_at: instant(startsAt), ends_at: instant(endsAt) } }, savedThen(toast, onClose, 'The dates were not saved.'))}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Starts" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} error={error('starts_at')} />
        <TextField label="Ends" type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} error={error('ends_at')} />
      </div>
      <p className="text-xs text-muted">Times are in your time zone. Members see the countdown to the end.</p>
    </FormModal>
  );
}

/** The prize for each place of the running period (and of the periods after it). */
export function PrizesForm({ leaderboardId, period, format, symbol, onClose }: { leaderboardId: number; period: AdminPeriod; format: AmountFormat; symbol: string; onClose(): void }) {
  const [amounts, setAmounts] = useState<string[]>(period.prizes.length ? period.prizes.map((prize) => String(prize.amount)) : ['']);
  const save = useSetPrizes();
  const toast = useToast();
  const fieldError = (index: number) => (save.error instanceof ApiError ? save.error.field(`prizes.${index}`) : undefined);
  const total = amounts.reduce((sum, text) => sum + (Number(text) || 0), 0);
  const setAt = (index: number, value: string) => setAmounts((current) => current.map((text, at) => (at === index ? value : text)));

  return (
    <FormModal
      title="Prizes by place"
      submitLabel="Save prizes"
      busy={save.isPending}
      onSubmit={() => save.mutate({ id: leaderboardId, prizes: amounts.map(asNumber) }, savedThen(toast, onClose, 'The prizes were not saved.'))}
      onClose={onClose}
    >
      <ol className="max-h-[50vh] space-y-2 overflow-y-auto pr-1">
        {amounts.map((text, index) => (
          <li key={index} className="flex items-start gap-2">
            <div className="flex-1">
              <TextField label={`Place ${index + 1}`} type="number" min={0} step={0.01} value={text} onChange={(e) => setAt(index, e.target.value)} error={fieldError(index)} />
            </div>
            <Button variant="ghost" size="sm" className="mt-7" aria-label={`Remove place ${index + 1}`} onClick={() => setAmounts((current) => current.filter((_, at) => at !== index))}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex items-center justify-between gap-2">
        <Button variant="secondary" size="sm" disabled={amounts.length >= PRIZE_PLACES_MAX} onClick={() => setAmounts((current) => [...current, ''])}>
          <Plus className="size-4" aria-hidden /> Add place
        </Button>
        <p className="text-sm text-ink-2">
          Total prize pool: <span className="font-bold text-gold tabular-nums">{formatAmount(total, format, symbol)}</span>
        </p>
      </div>
    </FormModal>
  );
}
