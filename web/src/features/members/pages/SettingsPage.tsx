import { useSearchParams } from 'react-router';
import { LoginRequiredPage } from '@web/app/pages/MessagePage';
import { Card } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useSettingsUser } from '../api/profile-settings';
import { ConnectionsTab } from './settings/ConnectionsTab';
import { ProfileTab } from './settings/ProfileTab';
import { SocialTab } from './settings/SocialTab';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'connections', label: 'Connections' },
  { value: 'social', label: 'Social Media' },
];

/** Spec 2 /settings: Profile, Connections and Social Media; the tab is in the address (Kick linking returns to Connections). */
export default function SettingsPage() {
  usePageTitle('Settings');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const settingsUser = useSettingsUser(user !== null);

  if (!user) {
    return <LoginRequiredPage title="Authentication Required">Please log in to access your settings.</LoginRequiredPage>;
  }
  const tab = TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as string) : 'profile';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" subtitle="Manage your account preferences" />
      <Tabs label="Settings sections" items={TABS} value={tab} onValueChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}>
        {settingsUser.isError ? (
          <Card>
            <LoadError message="Your settings could not be loaded." onRetry={() => void settingsUser.refetch()} />
          </Card>
        ) : !settingsUser.data ? (
          <Card className="space-y-4 p-6" aria-label="Loading settings">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-10 w-36" />
          </Card>
        ) : (
          <>
            <TabPanel value="profile">
              <ProfileTab user={settingsUser.data} />
            </TabPanel>
            <TabPanel value="connections">
              <ConnectionsTab user={settingsUser.data} />
            </TabPanel>
            <TabPanel value="social">
              <SocialTab user={settingsUser.data} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </div>
  );
}
