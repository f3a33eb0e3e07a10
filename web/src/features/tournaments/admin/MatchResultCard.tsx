import type { TournamentMatch } from '@common/contracts/tournaments';
import type { MatchResultInput } from '@common/contracts/tournaments-admin';
import { Crown, Eraser, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { inputClasses } from '@web/components/ui/field';
import { SlotImage } from '@web/components/ui/slot-image';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { MemberChip } from '../components/tournament-display';

type Side = 1 | 2;
const shown = (multiplier: number | null) => (multiplier === null ? '' : String(multiplier));
/** '' is no multiplier; "12.5x" and "12.5" are the same. */
const parsed = (text: string) => (text.trim() === '' ? null : asNumber(text.trim().replace(/x$/i, '')));
/** JSON has no NaN (it would arrive as null, "no multiplier"), so text that is no number is stopped here. */
const notNumber = (text: string) => Number.isNaN(parsed(text));
const NOT_A_NUMBER = 'Enter the multiplier as a number.';

export interface MatchCardProps {
  match: TournamentMatch;
  /** Why the result cannot change now (its next match is decided), or null. */
  lock: string | null;
  /** The tournament is finished: everything shows, nothing changes. */
  final: boolean;
  busy: boolean;
  fieldError(field: 'slot1_multiplier' | 'slot2_multiplier'): string | undefined;
  /** Sets the result; `confirm` asks first (a result is replaced or cleared). */
  onResult(input: MatchResultInput, confirm: boolean): void;
}

function SlotLine({ match, side, multiplier, onMultiplier, onWin, disabled, error }: { match: TournamentMatch; side: Side; multiplier: string; onMultiplier(text: string): void; onWin(): void; disabled: boolean; error?: string }) {
  const id = useId();
  const name = side === 1 ? match.slot1_name : match.slot2_name;
  const user = side === 1 ? match.slot1_user : match.slot2_user;
  const image = side === 1 ? match.slot1_image : match.slot2_image;
  const won = name !== null && match.winner_name === name;
  const lost = name !== null && match.winner_name !== null && !won;
  return (
    <div>
      <div className="flex items-stretch gap-2">
        <button
          type="button"
          aria-pressed={won}
          aria-label={name === null ? 'TBD' : `${name} wins Match ${match.match_number}`}
          disabled={name === null || disabled}
          onClick={() => !won && onWin()}
          data-testid="admin-match-slot"
          className={cn(
            'flex min-h-14 min-w-0 flex-1 items-center gap-2.5 rounded-lg border px-2 py-1.5 text-left transition',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
            won ? 'border-gold/60 bg-gold/10' : 'border-line bg-surface-2/60',
            !won && name !== null && !disabled && 'hover:border-accent hover:bg-accent/10',
            lost && 'opacity-60',
          )}
        >
          <SlotImage image={name === null ? null : image} className="size-9" />
          <span className="min-w-0 flex-1">
            <span className={cn('block truncate text-sm font-semibold', name === null ? 'text-muted italic' : 'text-ink')}>{name ?? 'TBD'}</span>
            {user && name !== null && <MemberChip member={user} className="mt-0.5 max-w-full text-xs text-ink-2" />}
          </span>
          {won && <Crown className="size-4 shrink-0 text-gold" aria-label="Winner" />}
        </button>
        <label htmlFor={id} className="sr-only">
          Multiplier of {name ?? `slot ${side}`}
        </label>
        {/* The shared field class fills its box: the box sets the width. */}
        <span className="w-24 shrink-0">
          <input
            id={id}
            inputMode="decimal"
            placeholder={name === null || disabled ? '—' : '0.00x'}
            value={multiplier}
            disabled={name === null || disabled}
            onChange={(event) => onMultiplier(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(inputClasses, 'h-full text-right tabular-nums')}
          />
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-right text-xs font-medium text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** One match as staff decide it: click a slot to make it the winner, with what each slot paid (optional). */
export function MatchResultCard({ match, lock, final, busy, fieldError, onResult }: MatchCardProps) {
  const [multipliers, setMultipliers] = useState<[string, string]>([shown(match.slot1_multiplier), shown(match.slot2_multiplier)]);
  const [checked, setChecked] = useState(false);
  const toast = useToast();
  const ready = match.slot1_name !== null && match.slot2_name !== null;
  const decided = match.winner_name !== null;
  const changed = multipliers[0] !== shown(match.slot1_multiplier) || multipliers[1] !== shown(match.slot2_multiplier);
  const result = (winner: string | null, confirm: boolean) => {
    setChecked(true);
    if (multipliers.some(notNumber)) toast.error('Check the multipliers marked in red.');
    else onResult({ winner_name: winner, slot1_multiplier: parsed(multipliers[0]), slot2_multiplier: parsed(multipliers[1]) }, confirm);
  };
  const line = (side: Side) => (
    <SlotLine
      match={match}
      side={side}
      multiplier={multipliers[side - 1]}
      onMultiplier={(text) => setMultipliers((current) => (side === 1 ? [text, current[1]] : [current[0], text]))}
      onWin={() => result(side === 1 ? match.slot1_name : match.slot2_name, decided)}
      disabled={final || lock !== null || busy}
      error={checked && notNumber(multipliers[side - 1]) ? NOT_A_NUMBER : fieldError(side === 1 ? 'slot1_multiplier' : 'slot2_multiplier')}
    />
  );

  return (
    <article aria-label={`Match ${match.match_number}`} data-testid="admin-match" aria-busy={busy || undefined} className={cn('rounded-xl border bg-bg/40 p-3', decided ? 'border-gold/30' : 'border-line')}>
      <header className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-sm font-bold text-ink">Match {match.match_number}</h4>
        <span className={cn('text-xs font-semibold', decided ? 'text-gold' : ready ? 'text-emerald-300' : 'text-muted')} data-testid="admin-match-state">
          {decided ? 'Decided' : ready ? 'Ready' : 'Waiting'}
        </span>
      </header>
      {line(1)}
      <p className="my-1 text-center text-xs font-black tracking-widest text-accent" aria-hidden>
        VS
      </p>
      {line(2)}
      {!final && (lock || decided) && (
        <footer className="mt-2.5 flex flex-wrap items-center justify-end gap-2">
          {lock && <p className="mr-auto text-xs text-muted">{lock}</p>}
          {!lock && decided && changed && (
            <Button size="sm" variant="secondary" busy={busy} busyLabel="Saving..." onClick={() => result(match.winner_name, false)}>
              <Save className="size-3.5" aria-hidden /> Save multipliers
            </Button>
          )}
          {!lock && decided && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => result(null, true)} aria-label={`Clear result of Match ${match.match_number}`}>
              <Eraser className="size-3.5" aria-hidden /> Clear result
            </Button>
          )}
        </footer>
      )}
    </article>
  );
}
