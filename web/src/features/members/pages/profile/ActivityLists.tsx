import type { RecentActivity } from '@common/contracts/profiles';
import { formatMultiplier, formatPoints, formatUsd, timeAgo } from '@common/format';
import { Dice5, Target, Trophy, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';

function ActivityCard({ icon: Icon, title, empty, children }: { icon: LucideIcon; title: string; empty: string; children: ReactNode[] }) {
  return (
    <Card className="p-5">
      <h3 className="flex items-center gap-2 font-semibold text-ink">
        <Icon className="size-4 text-accent" aria-hidden /> {title}
      </h3>
      {children.length === 0 ? <p className="mt-3 text-sm text-muted">{empty}</p> : <ul className="mt-3 divide-y divide-line/70">{children}</ul>}
    </Card>
  );
}

const Row = ({ main, side, when }: { main: ReactNode; side: ReactNode; when: string }) => (
  <li className="flex items-start justify-between gap-3 py-2.5 text-sm">
    <span className="min-w-0">
      <span className="block text-ink">{main}</span>
      <span className="text-xs text-muted">{timeAgo(when)}</span>
    </span>
    <span className="shrink-0 text-right text-xs text-ink-2">{side}</span>
  </li>
);

const Status = ({ active, on, off }: { active: boolean; on: string; off: string }) => (
  <span className={active ? 'rounded-full bg-success/15 px-2 py-0.5 text-success' : 'rounded-full bg-surface-3 px-2 py-0.5 text-muted'}>{active ? on : off}</span>
);

/** Spec 2 §3 recent_activity, each list cut to `limits` entries when given (the overview's PROFILE_OVERVIEW_ITEMS). */
export function ActivityLists({ activity, limits }: { activity: RecentActivity; limits?: { hunts: number; tournaments: number; raffles: number } }) {
  const hunts = activity.bonus_hunt_predictions.slice(0, limits?.hunts);
  const tournaments = activity.tournament_predictions.slice(0, limits?.tournaments);
  const raffles = activity.raffle_entries.slice(0, limits?.raffles);
  return (
    <>
      <ActivityCard icon={Target} title="Bonus hunt predictions" empty="No bonus hunt predictions yet.">
        {hunts.map((p) => (
          <Row
            key={p.id}
            when={p.created_at}
            main={`${formatUsd(p.predicted_end_balance)} · ${formatMultiplier(p.predicted_highest_multiplier)}${p.predicted_game ? ` on ${p.predicted_game}` : ''}`}
            side={<Status active={!p.bonus_hunt.is_completed} on="Live" off={p.bonus_hunt.end_balance === null ? 'Ended' : `Ended at ${formatUsd(p.bonus_hunt.end_balance)}`} />}
          />
        ))}
      </ActivityCard>
      <ActivityCard icon={Trophy} title="Tournament predictions" empty="No tournament predictions yet.">
        {tournaments.map((p) => (
          <Row key={p.id} when={p.created_at} main={p.tournament.name} side={<Status active={p.tournament.is_active} on="Active" off="Finished" />} />
        ))}
      </ActivityCard>
      <ActivityCard icon={Dice5} title="Raffle entries" empty="No raffle entries yet.">
        {raffles.map((e) => (
          <Row
            key={e.id}
            when={e.created_at}
            main={e.raffle.title}
            side={
              <>
                <Status active={e.raffle.is_active} on="Active" off="Ended" />
                <span className="mt-1 block">{e.points_spent > 0 ? `${formatPoints(e.points_spent)} pts` : 'Free entry'}</span>
              </>
            }
          />
        ))}
      </ActivityCard>
    </>
  );
}
