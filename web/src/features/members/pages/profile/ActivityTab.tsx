import type { RecentActivity } from '@common/contracts/profiles';
import { ActivityLists } from './ActivityLists';

export function ActivityTab({ activity }: { activity: RecentActivity }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ActivityLists activity={activity} />
    </div>
  );
}
