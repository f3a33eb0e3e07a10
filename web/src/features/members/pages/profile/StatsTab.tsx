import type { Profile } from '@common/contracts/profiles';
import { formatDate, formatPoints } from '@common/format';
import { levelOf } from '@common/levels';
import { Award, CalendarDays, Coins, Dice5, Hash, Sparkles, Target, Trophy, Users, type LucideIcon } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { PointsHistory } from './PointsHistory';

/** `own`: the signed-in member's own profile, which adds their points history below the tiles. */
export function StatsTab({ profile, own = false }: { profile: Profile; own?: boolean }) {
  const { level } = levelOf(profile.xp);
  const tiles: [LucideIcon, string, string][] = [
    [Hash, 'Rank', `#${formatPoints(profile.stats.rank)}`],
    [Sparkles, 'Level', `${level} (${formatPoints(profile.xp)} XP)`],
    [Coins, 'Points', formatPoints(profile.points)],
    [Target, 'Bonus hunt predictions', formatPoints(profile.stats.bonus_hunt_predictions)],
    [Trophy, 'Tournament predictions', formatPoints(profile.stats.tournament_predictions)],
    [Dice5, 'Raffle entries', formatPoints(profile.stats.raffle_entries)],
    [Award, 'Achievements', formatPoints(profile.stats.achievement_count)],
    [Users, 'Friends', formatPoints(profile.stats.friends_count)],
    [CalendarDays, 'Member since', formatDate(profile.created_at)],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {tiles.map(([Icon, label, value]) => (
          <Card key={label} className="p-4">
            <dt className="flex items-center gap-2 text-xs font-medium text-muted uppercase">
              <Icon className="size-4 text-accent" aria-hidden /> {label}
            </dt>
            <dd className="mt-2 text-xl font-bold text-ink tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
      {own && <PointsHistory />}
    </div>
  );
}
