import type { HuntHistoryItem } from '@common/contracts/bonus-hunts';
import { countOf, formatCount, formatUsd } from '@common/format';
import { BarChart3, CheckCircle2, Coins, Crown, History, Layers, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { useHuntHistory, useHuntStats } from '../api/bonus-hunts';
import { Multiplier } from './hunt-display';
import { LoadFailed, SkeletonGrid } from './states';
import { SlotHighlight, StatTile } from './tiles';

const signedUsd = (amount: number) => `${amount >= 0 ? '+' : '−'}${formatUsd(Math.abs(amount))}`;
const profitClass = (amount: number) => (amount >= 0 ? 'text-success' : 'text-red-300');

function PastHuntCard({ hunt }: { hunt: HuntHistoryItem }) {
  const profit = hunt.statistics.profit_loss;
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="past-hunt">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-bold text-ink">{hunt.title || `Bonus Hunt #${hunt.id}`}</h3>
          <p className="text-xs text-muted">{hunt.created_at_human}</p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-success/40 bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
          <CheckCircle2 className="size-3.5" aria-hidden /> Completed
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-bg/40 px-3 py-2">
          <dt className="text-[11px] font-semibold tracking-wider text-muted uppercase">Start Balance</dt>
          <dd className="font-semibold text-ink tabular-nums">{formatUsd(hunt.start_balance)}</dd>
        </div>
        <div className="rounded-lg bg-bg/40 px-3 py-2">
          <dt className="text-[11px] font-semibold tracking-wider text-muted uppercase">End Balance</dt>
          <dd className="font-semibold text-ink tabular-nums">{formatUsd(hunt.end_balance)}</dd>
        </div>
      </dl>
      <div className="flex items-center justify-between border-t border-line/70 pt-3 text-sm">
        <span className="flex items-center gap-1.5 text-muted">
          <Layers className="size-4" aria-hidden /> {countOf(hunt.statistics.number_of_slots, 'slot')}
        </span>
        <span className={cn('font-bold tabular-nums', profitClass(profit))} data-testid="profit-loss">
          <span className="sr-only">{profit >= 0 ? 'Profit' : 'Loss'} </span>
          {signedUsd(profit)}
        </span>
      </div>
    </Card>
  );
}

/** Spec 1 §2 History: all-time statistics, the biggest win and highest multiplier ever, and the finished hunts. */
export function HistoryTab() {
  const history = useHuntHistory();
  const stats = useHuntStats();
  useEffect(() => {
    if (history.isError) console.error('Bonus hunt history failed to load', history.error);
    if (stats.isError) console.error('Bonus hunt statistics failed to load', stats.error);
  }, [history.isError, history.error, stats.isError, stats.error]);

  if (history.isError || stats.isError) {
    return <LoadFailed icon={History} onRetry={() => void Promise.all([history.refetch(), stats.refetch()])} />;
  }
  if (!history.data || !stats.data) {
    return (
      <div className="space-y-6" aria-label="Loading history">
        <SkeletonGrid count={3} className="gap-4 sm:grid-cols-3" itemClassName="h-24" />
        <SkeletonGrid count={2} className="gap-4 md:grid-cols-2" itemClassName="h-32" />
        <SkeletonGrid count={3} className="gap-4 sm:grid-cols-2 lg:grid-cols-3" itemClassName="h-44" />
      </div>
    );
  }
  const all = stats.data;
  const biggestWin = all.biggest_win_game;
  const highest = all.highest_multiplier_game;
  return (
    <div className="space-y-6">
      <section aria-label="All-time statistics" className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <StatTile icon={BarChart3} label="Total Hunts" value={formatCount(all.total_hunts)} testId="total-hunts" />
        <StatTile icon={Layers} label="Slots Played" value={formatCount(all.total_slots_played)} testId="total-slots" />
        <StatTile icon={Coins} label="Total Profit / Loss" value={signedUsd(all.total_profit_loss)} valueClassName={profitClass(all.total_profit_loss)} className="col-span-2 sm:col-span-1" testId="total-profit" />
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <SlotHighlight title="Biggest Win Ever" icon={Trophy} slot={biggestWin} empty="No wins yet" testId="biggest-win-ever">
          {biggestWin && (
            <>
              <span className="text-2xl font-black text-ink">{formatUsd(biggestWin.slot_win)}</span>
              <Multiplier value={biggestWin.multiplier} />
            </>
          )}
        </SlotHighlight>
        <SlotHighlight title="Highest Multiplier Ever" icon={Crown} slot={highest} empty="No multipliers yet" testId="highest-multiplier-ever">
          {highest && (
            <>
              <Multiplier value={highest.multiplier} className="text-2xl" />
              {`${formatUsd(highest.slot_win)} on ${formatUsd(highest.slot_bet)}`}
            </>
          )}
        </SlotHighlight>
      </div>
      <section aria-labelledby="past-hunts-heading">
        <h2 id="past-hunts-heading" className="mb-4 text-lg font-bold text-ink">
          Past Hunts
        </h2>
        {history.data.length === 0 ? (
          <Card>
            <EmptyState icon={History} title="No past hunts yet">
              Finished hunts and how they went will be listed here.
            </EmptyState>
          </Card>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {history.data.map((hunt) => (
              <PastHuntCard key={hunt.id} hunt={hunt} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
