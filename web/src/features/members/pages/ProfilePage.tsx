import { displayName } from '@common/display-name';
import { UserX } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Card } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useUserProfile } from '@web/lib/user-profile';
import { MessagePage } from '@web/app/pages/MessagePage';
import { ActivityTab } from './profile/ActivityTab';
import { AchievementsTab } from './profile/AchievementsTab';
import { FriendsTab } from './profile/FriendsTab';
import { OverviewTab } from './profile/OverviewTab';
import { ProfileHeader } from './profile/ProfileHeader';
import { StatsTab } from './profile/StatsTab';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'stats', label: 'Stats' },
  { value: 'achievements', label: 'Achievements' },
  { value: 'activity', label: 'Activity' },
  { value: 'friends', label: 'Friends' },
];

/** /profile: your own profile, or a sign-in prompt. */
export function OwnProfileRedirect() {
  const { user } = useAuth();
  if (user) return <Navigate to={`/profile/${encodeURIComponent(user.username)}`} replace />;
  return (
    <MessagePage icon={UserX} title="Authentication Required">
      <a href="/login" className="font-semibold text-accent hover:underline">
        Sign in
      </a>{' '}
      to see your profile.
    </MessagePage>
  );
}

/** Spec 2 /profile/{username}: header, then the five tabs (the tab lives in the address, so it can be shared). */
export default function ProfilePage() {
  const { username = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const toast = useToast();
  const profile = useUserProfile(username);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  usePageTitle(profile.data ? displayName(profile.data) : notFound ? 'Profile Not Found' : 'Profile');
  useEffect(() => {
    if (profile.isError && !notFound) toast.error('Failed to load profile data');
  }, [profile.isError, notFound, toast]);

  if (notFound) {
    return (
      <MessagePage icon={UserX} title="Profile Not Found">
        No member is called “{username}”. Check the spelling, or find people with the friends search.
      </MessagePage>
    );
  }
  if (profile.isError) {
    return (
      <Card>
        <LoadError message="Failed to load profile data." onRetry={() => void profile.refetch()} />
      </Card>
    );
  }
  if (!profile.data) return <ProfileSkeleton />;

  const member = profile.data;
  const own = user?.id === member.id;
  const tab = TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as string) : 'overview';
  return (
    <div className="space-y-6">
      <ProfileHeader profile={member} own={own} signedIn={user !== null} />
      <Tabs fill label="Profile sections" items={TABS} value={tab} onValueChange={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}>
        <TabPanel value="overview">
          <OverviewTab profile={member} onShowAll={(next) => setParams({ tab: next }, { replace: true })} />
        </TabPanel>
        <TabPanel value="stats">
          <StatsTab profile={member} own={own} />
        </TabPanel>
        <TabPanel value="achievements">
          <AchievementsTab achievements={member.achievements} />
        </TabPanel>
        <TabPanel value="activity">
          <ActivityTab activity={member.recent_activity} />
        </TabPanel>
        <TabPanel value="friends">
          <FriendsTab profile={member} own={own} signedIn={user !== null} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="space-y-6" aria-label="Loading profile">
      <Card className="overflow-hidden">
        <Skeleton className="h-28 w-full rounded-none" />
        <div className="flex items-end gap-4 px-6 pb-6">
          <Skeleton className="-mt-12 size-24 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
      </Card>
      <Skeleton className="h-10 w-full" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    </div>
  );
}
