import type { LeaderboardData } from '@common/contracts/leaderboards';
import { formatLocalDateTime } from '@common/format';
import { formatAmount } from '@common/leaderboards';
import { CalendarRange, Flag, Timer, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { CountdownBoxes, useCountdown } from '@web/components/ui/countdown';

function Panel({ icon: Icon, title, children, testId }: { icon: typeof Trophy; title: string; children: ReactNode; testId: string }) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid={testId}>
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wider text-muted uppercase">
        <Icon className="size-4 text-accent" aria-hidden /> {title}
      </p>
      {children}
    </Card>
  );
}

/** Total Prize Pool (the prizes' sum, two decimals), Competition Period (start to end), and the countdown or its end. */
export function PeriodPanels({ data }: { data: LeaderboardData }) {
  const pool = data.prizes.reduce((sum, prize) => sum + prize.amount, 0);
  const end = data.period === 'current' ? (data.current_period?.end ?? null) : null;
  const left = useCountdown(end);
  const period = data.current_period;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Panel icon={Trophy} title="Total Prize Pool" testId="prize-pool">
        <p className="text-3xl font-black text-gold tabular-nums">{formatAmount(pool, data.amount_format, data.currency_symbol)}</p>
      </Panel>
      <Panel icon={CalendarRange} title="Competition Period" testId="competition-period">
        {period ? (
          <p className="font-semibold text-ink">
            {formatLocalDateTime(new Date(period.start))} <span className="text-muted">to</span> {formatLocalDateTime(new Date(period.end))}
          </p>
        ) : (
          <p className="text-muted">{data.period === 'last' ? 'No finished period yet' : 'No period running'}</p>
        )}
      </Panel>
      {left ? (
        <Panel icon={Timer} title="Leaderboard Ends In" testId="countdown">
          <CountdownBoxes parts={left} />
        </Panel>
      ) : (
        <Panel icon={Flag} title="Leaderboard Period Ended" testId="period-ended">
          <p className="text-sm text-ink-2">{data.period === 'last' ? 'These are the final standings of the last period.' : 'Final standings are being confirmed; the next period starts shortly.'}</p>
        </Panel>
      )}
    </div>
  );
}
