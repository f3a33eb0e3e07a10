import { formatPoints } from '@common/format';
import { isAdmin } from '@common/roles';
import { Activity, Coins, HandCoins, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAdminOverview } from '@web/features/members/api/admin-overview';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';

export default function DashboardPage() {
  usePageTitle('Admin');
  const { data, isPending, isError, refetch } = useAdminOverview();
  const { user } = useAuth();
  const admin = user !== null && isAdmin(user.role);
  const tiles = data
    ? [
        { label: 'Members', value: formatPoints(data.members), icon: Users },
        { label: 'Active today', value: formatPoints(data.members_active_today), icon: Activity },
        { label: 'Staff', value: formatPoints(data.staff), icon: ShieldCheck },
        { label: 'Points in circulation', value: formatPoints(data.points_in_circulation), icon: Coins },
        { label: 'Given away', value: data.formatted_total_given_away, icon: HandCoins },
      ]
    : [];
  return (
    <>
      <PageHeader title="Dashboard" subtitle="The community at a glance." />
      {isError ? (
        <Card>
          <LoadError message="Could not load the overview." onRetry={() => void refetch()} />
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {isPending
            ? [0, 1, 2, 3, 4].map((index) => <Skeleton key={index} className="h-28 rounded-xl" />)
            : tiles.map(({ label, value, icon: Icon }) => (
                <Card key={label} className="p-5">
                  <Icon className="size-5 text-accent" aria-hidden />
                  <p className="mt-3 text-2xl font-extrabold text-ink tabular-nums">{value}</p>
                  <p className="text-sm text-muted">{label}</p>
                </Card>
              ))}
        </div>
      )}
      <Card className="mt-8 p-6">
        <h2 className="font-bold text-ink">Where to start</h2>
        <ul className="mt-3 space-y-2 text-sm text-ink-2">
          {admin ? (
            <li>
              <Link to="/members" className="font-semibold text-accent hover:underline">Members</Link>: find anyone, change roles and adjust points
              (every change is written to the member's points history).
            </li>
          ) : (
            <li>
              <Link to="/members" className="font-semibold text-accent hover:underline">Members</Link>: find anyone and read their points history
              (admins change roles and points).
            </li>
          )}
          <li>
            <Link to="/settings" className="font-semibold text-accent hover:underline">Site settings</Link>: the site name, Kick channel, creator
            code, partner links and casino account fields{admin ? '' : ' (admins change them)'}.
          </li>
        </ul>
      </Card>
    </>
  );
}
