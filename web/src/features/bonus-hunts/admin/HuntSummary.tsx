import type { AdminHunt } from '@common/contracts/bonus-hunts-admin';
import { formatMultiplier, formatUsd } from '@common/format';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { Multiplier } from '../components/hunt-display';

function Figure({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-surface-2/60 px-3 py-2.5" data-testid="hunt-figure">
      <p className="text-[11px] font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-0.5 truncate text-lg font-bold text-ink tabular-nums">{children}</p>
      {hint && <p className="truncate text-xs text-muted">{hint}</p>}
    </div>
  );
}

/** The hunt's figures at a glance for the person running it: money, multipliers and how far the opening is. */
export function HuntSummary({ hunt }: { hunt: AdminHunt }) {
  const stats = hunt.statistics;
  const profit = stats.winnings - stats.starting_balance;
  const percent = stats.total_games > 0 ? Math.round((stats.completed_games / stats.total_games) * 100) : 0;
  return (
    <Card className="space-y-4 p-4" aria-label="Hunt summary" role="region">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
        <Figure label="Start">{formatUsd(stats.starting_balance)}</Figure>
        <Figure label="Winnings" hint={<span className={cn(profit >= 0 ? 'text-success' : 'text-red-300')}>{`${profit >= 0 ? '+' : '−'}${formatUsd(Math.abs(profit))}`}</span>}>
          {formatUsd(stats.winnings)}
        </Figure>
        <Figure label="Average">{formatMultiplier(stats.average_multiplier)}</Figure>
        <Figure label="Break-even" hint={stats.break_even_multiplier > 0 ? 'on the slots left' : 'nothing left to win back'}>
          {formatMultiplier(stats.break_even_multiplier)}
        </Figure>
        <Figure label="Highest multi" hint={stats.highest_multiplier_game ?? 'No multipliers yet'}>
          <Multiplier value={stats.highest_multiplier} />
        </Figure>
        <Figure label="Biggest win" hint={stats.biggest_win_game ?? 'No wins yet'}>
          {formatUsd(stats.biggest_win)}
        </Figure>
      </div>
      <div>
        <div className="mb-1.5 flex justify-between text-xs text-ink-2 tabular-nums">
          <span>
            <span className="font-bold text-ink">{stats.completed_games}</span> / {stats.total_games} completed · {hunt.opened_count} opened
          </span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Slots completed"
          aria-valuemin={0}
          aria-valuemax={stats.total_games}
          aria-valuenow={stats.completed_games}
          className="h-2.5 overflow-hidden rounded-full bg-surface-3"
        >
          <div className="h-full rounded-full bg-accent-gradient transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </Card>
  );
}
