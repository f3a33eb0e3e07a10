import type { BonusHunt, HuntGame } from '@common/contracts/bonus-hunts';
import { countOf, formatMultiplier, formatUsd } from '@common/format';
import { Coins, Crown, Gauge, Target, Trophy, Wallet } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { Multiplier } from './hunt-display';
import { SlotHighlight, StatTile } from './tiles';

/** The game a statistic names; among games of the same slot, the one that set the record. */
const recordGame = (games: HuntGame[], name: string | null, by: (game: HuntGame) => number) =>
  games.filter((game) => game.slot_name === name && game.opened && !game.pending_win).sort((a, b) => by(b) - by(a))[0];

/** Spec 1 §2 Current Hunt: the four stat tiles. */
export function HuntStatTiles({ hunt }: { hunt: BonusHunt }) {
  const stats = hunt.statistics;
  const profit = stats.winnings - stats.starting_balance;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatTile icon={Wallet} label="Start Balance" value={formatUsd(stats.starting_balance)} hint={`${countOf(stats.total_games, 'slot')} in the hunt`} testId="tile-start-balance" />
      <StatTile
        icon={Coins}
        label="Winnings"
        value={formatUsd(stats.winnings)}
        hint={<span className={profit >= 0 ? 'text-success' : 'text-red-300'}>{`${profit >= 0 ? '+' : '−'}${formatUsd(Math.abs(profit))} vs start`}</span>}
        testId="tile-winnings"
      />
      <StatTile icon={Gauge} label="Average Multiplier" value={formatMultiplier(stats.average_multiplier)} hint="over the opened slots" testId="tile-average" />
      <StatTile
        icon={Target}
        label="Break-even"
        value={formatMultiplier(stats.break_even_multiplier)}
        hint={stats.break_even_multiplier > 0 ? 'needed on the remaining slots' : profit >= 0 ? 'start balance won back' : 'no slots left to open'}
        testId="tile-break-even"
      />
    </div>
  );
}

function Progress({ completed, total }: { completed: number; total: number }) {
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  return (
    <Card className="p-5" data-testid="hunt-progress">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <p className="text-sm font-semibold text-ink">Progress</p>
        <p className="text-sm text-ink-2 tabular-nums">
          <span className="font-bold text-ink">{completed}</span> / {total} slots completed · {percent}%
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Slots completed"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-valuetext={`${completed} of ${total} slots completed`}
        className="h-3 overflow-hidden rounded-full bg-surface-3"
      >
        <div className="h-full rounded-full bg-accent-gradient transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </Card>
  );
}

/** Spec 1 §2 Current Hunt: the highest-multiplier and biggest-win cards and the progress bar. */
export function HuntHighlights({ hunt }: { hunt: BonusHunt }) {
  const stats = hunt.statistics;
  const highest = recordGame(hunt.games, stats.highest_multiplier_game, (game) => game.multiplier);
  const biggest = recordGame(hunt.games, stats.biggest_win_game, (game) => game.slot_win);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <SlotHighlight title="Highest Multiplier" icon={Crown} slot={highest} empty="No multipliers yet" testId="highest-multiplier">
          <Multiplier value={stats.highest_multiplier} className="text-2xl" />
          {highest && `${formatUsd(highest.slot_win)} on ${formatUsd(highest.slot_bet)}`}
        </SlotHighlight>
        <SlotHighlight title="Biggest Win" icon={Trophy} slot={biggest} empty="No wins yet" testId="biggest-win">
          <span className="text-2xl font-black text-ink">{formatUsd(stats.biggest_win)}</span>
          {biggest && <Multiplier value={biggest.multiplier} />}
        </SlotHighlight>
      </div>
      <Progress completed={stats.completed_games} total={stats.total_games} />
    </div>
  );
}
