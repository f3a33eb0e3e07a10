import type { VipPlatformTiers } from '@common/contracts/vip';
import { formatUsdWhole } from '@common/format';
import { CalendarClock, Crown, Gem, Link2, RefreshCw, Wallet } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoginRequiredPage } from '@web/app/pages/MessagePage';
import { PlatformLogo } from '@web/components/leaderboard/PlatformLogo';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useClaimVip, useRefreshVip, useVipHistory, useVipRewards } from '../api/vip';
import { ClaimHistory } from '../components/ClaimHistory';
import { totalClaimed } from '../components/reward';
import { TierCard } from '../components/TierCard';

export default function VipRewardsPage() {
  usePageTitle('VIP Rewards');
  const { user } = useAuth();
  if (!user) {
    return <LoginRequiredPage title="Login Required">Please log in to view your VIP rewards and claim exclusive benefits.</LoginRequiredPage>;
  }
  return <VipRewards />;
}

function Stat({ icon: Icon, label, value, testId }: { icon: typeof Wallet; label: string; value: ReactNode; testId: string }) {
  return (
    <Card className="flex items-center gap-4 p-5" data-testid={testId}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent/15 text-accent">
        <Icon className="size-6" aria-hidden />
      </span>
      <div>
        <p className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</p>
        <p className="text-2xl font-black text-ink tabular-nums">{value}</p>
      </div>
    </Card>
  );
}

function PlatformSection({ name, group, claimingId, onClaim }: { name: string; group: VipPlatformTiers; claimingId: number | null; onClaim(tierId: number): void }) {
  const dated = group.tiers.some((tier) => tier.uses_date_filter);
  return (
    <Card className="p-5" data-testid="vip-platform">
      <div className="mb-5 flex flex-wrap items-center gap-4">
        <PlatformLogo platform={group.platform} className="size-12 rounded-xl" />
        <div className="flex-1">
          <h2 className="text-xl font-bold text-ink">{name}</h2>
          <p className="text-sm text-muted">
            Total wagered (all-time): <span className="font-semibold text-ink tabular-nums">{formatUsdWhole(group.user_wagered)}</span>
          </p>
        </div>
        {dated && (
          <p className="flex items-center gap-1.5 rounded-full bg-info/10 px-3 py-1 text-xs font-medium text-info">
            <CalendarClock className="size-3.5" aria-hidden /> Some tiers use date-filtered wagers
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {group.tiers.map((tier) => (
          <TierCard key={tier.id} tier={tier} platformWagered={group.user_wagered} claiming={claimingId === tier.id} onClaim={() => onClaim(tier.id)} />
        ))}
      </div>
    </Card>
  );
}

function VipRewards() {
  const toast = useToast();
  const rewards = useVipRewards(true);
  const history = useVipHistory(true);
  const refresh = useRefreshVip();
  const claim = useClaimVip();
  const [tab, setTab] = useState('rewards');

  useEffect(() => {
    if (rewards.isError) toast.error(errorMessage(rewards.error, 'Failed to load VIP rewards data'));
  }, [rewards.isError, rewards.error, toast]);
  useEffect(() => {
    if (history.isError) console.error('VIP claim history failed to load', history.error);
  }, [history.isError, history.error]);

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success('Data refreshed successfully'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to load VIP rewards data')),
    });
  const onClaim = (tierId: number) =>
    claim.mutate(tierId, {
      onSuccess: (result) => toast.success(result.message || 'Reward claimed!'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to claim reward')),
    });

  const data = rewards.data;
  // Spec 2 §8: a failed claim history is only logged; the page goes on as if there were no claims.
  const claims = history.data ?? (history.isError ? [] : undefined);
  const platforms = data ? Object.entries(data.tiers_by_platform) : [];
  return (
    <>
      <PageHeader
        title="VIP Rewards"
        subtitle="Exclusive rewards for VIP members"
        actions={
          <Button variant="secondary" busy={refresh.isPending} busyLabel="Refreshing..." onClick={onRefresh}>
            <RefreshCw className="size-4" aria-hidden /> Refresh
          </Button>
        }
      />
      {rewards.isError && !data ? (
        <Card>
          <EmptyState icon={Crown} title="Failed to load VIP rewards data" action={<Button onClick={() => void rewards.refetch()}>Try Again</Button>} />
        </Card>
      ) : !data ? (
        <div className="space-y-6" aria-label="Loading VIP rewards">
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
          <Skeleton className="h-72" />
        </div>
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <Stat icon={Wallet} label="Total Wagered" value={formatUsdWhole(data.user_stats.total_wagered)} testId="total-wagered" />
            <Stat icon={Gem} label="Total Claimed" value={claims ? formatUsdWhole(totalClaimed(claims)) : '…'} testId="total-claimed" />
          </div>
          {data.user_stats.total_wagered <= 0 ? (
            <Card>
              <EmptyState
                icon={Link2}
                title="Connect Your Accounts"
                action={
                  <Link to="/settings?tab=connections" className={buttonClasses('primary', 'md', 'mt-2')}>
                    Go to Settings
                  </Link>
                }
              >
                You currently have $0 wagered. Connect your casino accounts to start earning VIP rewards!
              </EmptyState>
            </Card>
          ) : (
            <Tabs
              value={tab}
              onValueChange={setTab}
              label="VIP rewards"
              items={[
                { value: 'rewards', label: 'Rewards' },
                { value: 'history', label: 'History' },
              ]}
            >
              <TabPanel value="rewards">
                {platforms.length === 0 ? (
                  <Card>
                    <EmptyState icon={Crown} title="No VIP Rewards Available">
                      <p>VIP reward tiers are not currently available for your connected accounts.</p>
                      <p className="mt-2">Keep wagering to unlock exclusive VIP rewards as new tiers become available.</p>
                    </EmptyState>
                  </Card>
                ) : (
                  <div className="space-y-6">
                    {platforms.map(([name, group]) => (
                      <PlatformSection key={name} name={name} group={group} claimingId={claim.isPending ? (claim.variables ?? null) : null} onClaim={onClaim} />
                    ))}
                  </div>
                )}
              </TabPanel>
              <TabPanel value="history">{claims ? <ClaimHistory items={claims} /> : <Skeleton className="h-48" />}</TabPanel>
            </Tabs>
          )}
        </div>
      )}
    </>
  );
}
