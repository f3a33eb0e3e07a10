import type { RaffleDetail, RaffleEnterInput } from '@common/contracts/raffles';
import { formatPoints } from '@common/format';
import { RAFFLE_MAX_ENTRIES_PER_MEMBER } from '@common/raffles';
import { Minus, Plus, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmPointsEntry } from './EntryDialogs';
import { entriesCount } from './raffle-display';
import type { useEnter } from './use-enter';

const stepButton = 'flex size-10 shrink-0 items-center justify-center rounded-lg border border-line bg-surface-2 text-ink-2 hover:bg-surface-3 hover:text-ink disabled:opacity-50';

/**
 * Points entries (decision 019): a quantity of entries at points_per_entry each, confirmed before any point is
 * spent. Disabled when the member cannot afford one entry (spec 2 §5) or holds all they may.
 */
export function PointsEntry({ raffle, balance, remaining, disabled, pending, send }: {
  raffle: RaffleDetail;
  balance: number;
  /** Entries the member may still add; null: no cap. */
  remaining: number | null;
  disabled: boolean;
  pending: boolean;
  send: ReturnType<typeof useEnter>['send'];
}) {
  const id = useId();
  // The typed text, so the field can be cleared and retyped; the count is read from it and kept in bounds.
  const [text, setText] = useState('1');
  const [confirming, setConfirming] = useState(false);
  const perEntry = raffle.points_per_entry;
  const affordable = Math.floor(balance / perEntry);
  const most = Math.max(1, Math.min(affordable, remaining ?? RAFFLE_MAX_ENTRIES_PER_MEMBER, RAFFLE_MAX_ENTRIES_PER_MEMBER));
  const count = Math.min(Math.max(1, Math.floor(Number(text)) || 1), most);
  const cannotAfford = balance < perEntry;
  const off = disabled || cannotAfford || remaining === 0;

  const confirm = () =>
    send(
      { entry_type: 'points', points_spent: count * perEntry } satisfies RaffleEnterInput,
      {
        onSuccess: () => {
          setConfirming(false);
          setText('1');
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <div className="space-y-3 rounded-lg border border-line bg-bg/40 p-4" data-testid="points-entry">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-1.5 font-semibold text-ink">
          <Sparkles className="size-4 text-gold" aria-hidden /> Points entry
        </span>
        <span className="text-muted tabular-nums">{formatPoints(perEntry)} pts per entry</span>
      </p>
      <div className="flex items-center gap-2">
        <button type="button" className={stepButton} aria-label="Fewer entries" disabled={off || count <= 1} onClick={() => setText(String(count - 1))}>
          <Minus className="size-4" aria-hidden />
        </button>
        <label htmlFor={id} className="sr-only">
          Entries to buy
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          value={text}
          disabled={off}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setText(String(count))}
          className="h-10 w-full min-w-0 rounded-lg border border-line bg-bg/60 text-center text-base font-bold text-ink tabular-nums focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none disabled:opacity-60"
        />
        <button type="button" className={stepButton} aria-label="More entries" disabled={off || count >= most} onClick={() => setText(String(count + 1))}>
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
      <dl className="space-y-1 text-sm text-muted tabular-nums">
        <div className="flex justify-between">
          <dt>
            {entriesCount(count)} × {formatPoints(perEntry)}
          </dt>
          <dd className="font-semibold text-gold" data-testid="points-cost">
            {formatPoints(count * perEntry)} pts
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Your balance</dt>
          <dd className="text-ink-2" data-testid="points-balance">
            {formatPoints(balance)} pts
          </dd>
        </div>
      </dl>
      {/* Out of reach in grey, as the store's items are: a faded main button reads as "wait", not "you cannot". */}
      <Button size="lg" className="w-full" variant={cannotAfford ? 'secondary' : 'primary'} disabled={off} busy={pending} busyLabel="Entering..." onClick={() => setConfirming(true)}>
        {cannotAfford ? 'Insufficient Points' : `Buy ${entriesCount(count)}`}
      </Button>
      {cannotAfford && (
        <p className="text-xs text-muted">
          You need {formatPoints(perEntry)} points for one entry.
        </p>
      )}
      {confirming && (
        <ConfirmPointsEntry title={raffle.title} entries={count} pointsPerEntry={perEntry} balance={balance} busy={pending} onConfirm={confirm} onClose={() => setConfirming(false)} />
      )}
    </div>
  );
}
