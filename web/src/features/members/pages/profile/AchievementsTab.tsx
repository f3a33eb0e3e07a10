import type { ProfileAchievement } from '@common/contracts/profiles';
import { formatDate } from '@common/format';
import { Award } from 'lucide-react';
import { ACHIEVEMENT_ICON_COMPONENTS, categoryIcon } from '@web/components/member/achievement-icons';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';

export function AchievementCard({ achievement }: { achievement: ProfileAchievement }) {
  const Icon = ACHIEVEMENT_ICON_COMPONENTS[achievement.icon];
  const CategoryIcon = categoryIcon(achievement.category);
  return (
    <Card className="flex gap-4 p-4" data-testid="achievement">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-gradient text-white shadow-lg shadow-accent/20">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-ink">{achievement.title}</p>
        <p className="text-sm text-ink-2">{achievement.description}</p>
        <p className="mt-1.5 flex items-center gap-1.5 text-xs text-muted capitalize">
          <CategoryIcon className="size-3.5" aria-hidden /> {achievement.category} · {formatDate(achievement.awarded_at)}
        </p>
      </div>
    </Card>
  );
}

export function AchievementsTab({ achievements }: { achievements: ProfileAchievement[] }) {
  if (achievements.length === 0) {
    return (
      <Card>
        <EmptyState icon={Award} title="No achievements yet">
          Achievements come from making friends, levelling up, predicting hunts and entering raffles.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {achievements.map((achievement) => (
        <AchievementCard key={achievement.id} achievement={achievement} />
      ))}
    </div>
  );
}
