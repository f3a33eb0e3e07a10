import type { Profile } from '@common/contracts/profiles';
import { PROFILE_OVERVIEW_ITEMS } from '@common/limits';
import { Card } from '@web/components/ui/card';
import { AchievementCard } from './AchievementsTab';
import { ActivityLists } from './ActivityLists';

/** Spec 2: the 3 latest bonus hunt predictions, 2 tournament predictions, 2 raffle entries and 3 achievements. */
export function OverviewTab({ profile, onShowAll }: { profile: Profile; onShowAll(tab: string): void }) {
  const achievements = profile.achievements.slice(0, 3);
  return (
    <div className="space-y-6">
      <section aria-label="Latest achievements">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold text-ink">Latest achievements</h2>
          {profile.achievements.length > 3 && (
            <button type="button" className="text-sm font-semibold text-accent hover:underline" onClick={() => onShowAll('achievements')}>
              All {profile.achievements.length}
            </button>
          )}
        </div>
        {achievements.length === 0 ? (
          <Card className="p-5 text-sm text-muted">No achievements yet.</Card>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {achievements.map((achievement) => (
              <AchievementCard key={achievement.id} achievement={achievement} />
            ))}
          </div>
        )}
      </section>
      <section aria-label="Recent activity" className="grid gap-4 lg:grid-cols-3">
        <ActivityLists activity={profile.recent_activity} limits={PROFILE_OVERVIEW_ITEMS} />
      </section>
    </div>
  );
}
