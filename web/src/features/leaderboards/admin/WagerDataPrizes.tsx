import type { AdminPeriod } from '@common/contracts/leaderboards';
import { countOf, formatDate } from '@common/format';
import { type AmountFormat, formatAmount } from '@common/leaderboards';
import { BadgeCheck, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { usePayPrizes, usePrizeWinners } from '../api/admin-wager-data';

const PLACE_TONES = ['text-gold', 'text-silver', 'text-bronze'];

/**
 * A period's prizes by place with the players on those places, and, once the period has ended, the
 * record that staff sent them (money prizes then count toward the total given away).
 */
export function WagerDataPrizes({ period, format, symbol, canEdit }: { period: AdminPeriod; format: AmountFormat; symbol: string; canEdit: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const { winners, isError } = usePrizeWinners(period.id, period.prizes.length);
  const pay = usePayPrizes();
  const toast = useToast();
  if (period.prizes.length === 0) return null;
  const money = (amount: number) => formatAmount(amount, format, symbol);
  const given = winners ? period.prizes.filter((prize) => winners.has(prize.position) && prize.amount > 0) : [];
  const total = given.reduce((sum, prize) => sum + prize.amount, 0);

  const state = period.prizes_paid_at ? (
    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-success" data-testid="prizes-paid">
      <BadgeCheck className="size-4" aria-hidden /> Paid {formatDate(period.prizes_paid_at)} by {period.prizes_paid_by ?? 'a former staff member'}
    </p>
  ) : period.status === 'current' ? (
    <p className="text-sm text-muted">Prizes can be marked as paid once this period has ended.</p>
  ) : !canEdit ? (
    <p className="text-sm text-muted">Not paid yet. Only admins mark prizes as paid.</p>
  ) : winners && total === 0 ? (
    <p className="text-sm text-muted">No player finished on a prize place, so there is nothing to pay.</p>
  ) : (
    <Button size="sm" onClick={() => setConfirming(true)} disabled={!winners}>
      Mark prizes as paid
    </Button>
  );

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="prizes-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="prizes-heading" className="flex items-center gap-2 font-semibold text-ink">
              <Trophy className="size-4 text-gold" aria-hidden /> Prizes
            </h2>
            <p className="text-xs text-muted tabular-nums">
              {countOf(period.prizes.length, 'place')} · {money(period.prize_total)} in all
            </p>
          </div>
          {state}
        </div>
        {isError ? (
          <p className="mt-3 text-sm text-red-300">Could not load the winners. Reload the page to try again.</p>
        ) : !winners ? (
          <Skeleton className="mt-3 h-16" />
        ) : (
          <ol className="mt-3 grid gap-1.5 text-sm sm:max-h-72 sm:grid-cols-2 sm:overflow-y-auto lg:grid-cols-3" data-testid="prize-places">
            {period.prizes.map((prize) => (
              <li key={prize.position} className="flex items-center justify-between gap-2 rounded-lg bg-surface-2/70 px-3 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <span className={cn('w-8 shrink-0 font-semibold tabular-nums', PLACE_TONES[prize.position - 1] ?? 'text-muted')}>#{prize.position}</span>
                  <span className={cn('truncate', winners.has(prize.position) ? 'font-medium text-ink' : 'text-muted italic')}>{winners.get(prize.position) ?? 'No player'}</span>
                </span>
                <span className="font-semibold text-gold tabular-nums">{money(prize.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title="Mark these prizes as paid?"
        description={`Do this only after sending them: ${money(total)} to ${countOf(given.length, 'player')}${format === 'currency' ? ', added to the total given away' : ''}. The period's standings then become final. This cannot be undone.`}
        confirmLabel="Mark as paid"
        busyLabel="Saving..."
        busy={pay.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          pay.mutate(period.id, {
            onSuccess: (result) => {
              toast.success(result.message);
              setConfirming(false);
            },
            onError: (failure) => {
              toast.error(errorMessage(failure, 'The prizes were not marked as paid.'));
              setConfirming(false);
            },
          })
        }
      />
    </Card>
  );
}
