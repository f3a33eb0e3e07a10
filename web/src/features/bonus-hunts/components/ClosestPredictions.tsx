import type { BonusHunt, ClosestEntry } from '@common/contracts/bonus-hunts';
import { formatMultiplier, formatUsd } from '@common/format';
import { Coins, Crown, Dices, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { HuntMemberName } from './hunt-display';

const RANK_COLOURS = ['border-gold/60 text-gold', 'border-silver/50 text-silver', 'border-bronze/60 text-bronze'];
const CLOSEST_SHOWN = 3;

function ClosestCard({ title, icon: Icon, actual, entries, format, differenceLabel, empty, testId }: {
  title: string;
  icon: LucideIcon;
  actual: ReactNode;
  entries: ClosestEntry[];
  format(value: ClosestEntry['predicted_value']): string;
  differenceLabel(entry: ClosestEntry): string;
  empty: string;
  testId: string;
}) {
  return (
    <Card className="flex flex-col p-5" data-testid={testId}>
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wider text-muted uppercase">
        <Icon className="size-4 text-accent" aria-hidden /> {title}
      </p>
      <p className="mt-2 text-sm text-ink-2">
        Actual: <span className="font-bold text-ink tabular-nums" data-testid="actual-value">{actual}</span>
      </p>
      {entries.length === 0 ? (
        <p className="mt-4 flex-1 rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ol className="mt-4 space-y-2">
          {entries.slice(0, CLOSEST_SHOWN).map((entry) => (
            <li key={entry.user.id} className="flex items-center gap-3 rounded-lg border border-line bg-bg/40 px-3 py-2" data-testid="closest-entry">
              <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full border bg-surface-2 text-xs font-black', RANK_COLOURS[entry.rank - 1] ?? 'border-line text-muted')}>
                {entry.rank}
              </span>
              <div className="min-w-0 flex-1">
                <HuntMemberName member={entry.user} className="max-w-full text-sm" />
              </div>
              <div className="shrink-0 text-right text-sm">
                <p className="max-w-32 truncate font-bold text-ink tabular-nums">{format(entry.predicted_value)}</p>
                <p className="text-xs text-muted tabular-nums">{differenceLabel(entry)}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const money = (value: ClosestEntry['predicted_value']) => (typeof value === 'number' ? formatUsd(value) : value);
const multiplier = (value: ClosestEntry['predicted_value']) => (typeof value === 'number' ? formatMultiplier(value) : value);

/** Spec 1 §2 Predictions: the three closest-prediction cards, three entries each, with the actual values. */
export function ClosestPredictions({ hunt }: { hunt: BonusHunt }) {
  const { closest_predictions: closest } = hunt;
  const actual = closest.actual_values;
  const noPredictions = hunt.predictions_count === 0 ? 'No predictions yet' : null;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ClosestCard
        title="Closest End Balance"
        icon={Coins}
        actual={formatUsd(actual.total_wins)}
        entries={closest.end_balance}
        format={money}
        differenceLabel={(entry) => `off by ${formatUsd(entry.difference)}`}
        empty={noPredictions ?? 'No end balance predictions yet'}
        testId="closest-end-balance"
      />
      <ClosestCard
        title="Closest Highest Multiplier"
        icon={Crown}
        actual={formatMultiplier(actual.highest_multiplier)}
        entries={closest.highest_multiplier}
        format={multiplier}
        differenceLabel={(entry) => `off by ${formatMultiplier(entry.difference)}`}
        empty={noPredictions ?? 'No multiplier predictions yet'}
        testId="closest-multiplier"
      />
      <ClosestCard
        title="Highest Multiplier Game"
        icon={Dices}
        actual={actual.highest_multiplier_game ?? 'Not known yet'}
        entries={closest.highest_multiplier_game}
        format={(value) => String(value)}
        differenceLabel={() => 'exact match'}
        empty={noPredictions ?? (actual.highest_multiplier_game ? 'Nobody picked this game' : 'Known once a slot pays')}
        testId="closest-game"
      />
    </div>
  );
}
