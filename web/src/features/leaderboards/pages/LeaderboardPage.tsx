import type { LeaderboardData, LeaderboardPlatform } from '@common/contracts/leaderboards';
import { LEADERBOARD_BANNERS, LEADERBOARD_TYPES, type LeaderboardType } from '@common/leaderboards';
import { Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PlatformLogo } from '@web/components/leaderboard/PlatformLogo';
import { Podium } from '@web/components/leaderboard/Podium';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Segmented } from '@web/components/ui/segmented';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useSiteSettings } from '@web/lib/site-settings';
import { useToast } from '@web/lib/toast';
import { useLeaderboard, type LeaderboardParams } from '../api/leaderboard';
import { PeriodPanels } from '../components/PeriodPanels';
import { StandingsTable } from '../components/StandingsTable';

const isType = (value: string | null): value is LeaderboardType => LEADERBOARD_TYPES.includes(value as LeaderboardType);

/** The banner naming the active type (spec 1 §2). */
function Banner({ data, platform }: { data: LeaderboardData; platform: LeaderboardPlatform | undefined }) {
  const { creator_code } = useSiteSettings();
  if (!data.leaderboard_type) return null;
  return (
    <div className="relative overflow-hidden rounded-2xl border border-line-strong bg-accent-gradient p-6 sm:p-8" data-testid="leaderboard-banner">
      <div className="pointer-events-none absolute -top-16 -right-10 size-64 rounded-full bg-white/10 blur-2xl" />
      <div className="relative flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          {platform && <PlatformLogo platform={platform} className="size-14 shrink-0 rounded-xl" />}
          <div>
            <p className="text-xs font-bold tracking-[0.2em] text-white/80 uppercase">{platform?.name} leaderboard</p>
            <p className="text-2xl font-black text-white sm:text-3xl">{LEADERBOARD_BANNERS[data.leaderboard_type]}</p>
          </div>
        </div>
        <p className="text-sm font-medium text-white/90">
          Wager with code <span className="rounded-md bg-black/25 px-2 py-0.5 font-mono font-bold text-white">{creator_code}</span> to climb the board
        </p>
      </div>
    </div>
  );
}

export default function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const type = search.get('type');
  const params: LeaderboardParams = {
    platform: search.get('platform') ?? undefined,
    period: search.get('period') === 'last' ? 'last' : 'current',
    leaderboard_type: isType(type) ? type : undefined,
  };
  const board = useLeaderboard(params);
  useEffect(() => {
    if (board.isError) toast.error('Failed to load leaderboard');
  }, [board.isError, toast]);

  /** Changing platform resets the type (spec 1 §4); every choice is kept in the address. */
  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  const data = board.data;
  const selected = data?.platforms.find((platform) => platform.slug === data.selected_platform?.slug);
  const style = data ?? { amount_format: 'currency' as const, currency_symbol: '$' };

  return (
    <>
      <PageHeader title="Leaderboard" subtitle="Compete for the top spot on our partner leaderboards and win a share of the prize pool." />
      {board.isError && !data ? (
        <Card>
          <EmptyState icon={Trophy} title="Failed to load leaderboard" action={<Button onClick={() => void board.refetch()}>Try Again</Button>}>
            Something went wrong while loading the standings.
          </EmptyState>
        </Card>
      ) : !data ? (
        <div className="space-y-6" aria-label="Loading leaderboard">
          <div className="flex items-center gap-3 text-ink-2">
            <Spinner className="size-5 text-accent" label="Loading leaderboard" /> Loading leaderboard…
          </div>
          <Skeleton className="h-12 w-80" />
          <Skeleton className="h-32" />
          <div className="grid gap-3 sm:grid-cols-3">
            <Skeleton className="h-48" />
            <Skeleton className="h-56" />
            <Skeleton className="h-44" />
          </div>
        </div>
      ) : data.platforms.length === 0 ? (
        <Card>
          <EmptyState icon={Trophy} title="No leaderboards yet">
            Partner leaderboards will appear here as soon as the first race starts.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-6">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <Segmented
              label="Platform"
              value={data.selected_platform?.slug ?? ''}
              onChange={(slug) => choose({ platform: slug, type: null })}
              items={data.platforms.map((platform) => ({
                value: platform.slug,
                label: (
                  <>
                    <PlatformLogo platform={platform} className="size-5" /> {platform.name}
                  </>
                ),
              }))}
            />
            <div className="flex items-center gap-3">
              {board.isFetching && <Spinner className="size-4 text-accent" label="Updating" />}
              <Segmented
                label="Period"
                value={data.period}
                onChange={(period) => choose({ period: period === 'current' ? null : period })}
                items={[
                  { value: 'current', label: 'Current Period' },
                  { value: 'last', label: 'Last Period' },
                ]}
              />
            </div>
          </div>
          {data.subsections.length > 1 && data.leaderboard_type && (
            <Segmented
              label="Leaderboard type"
              size="sm"
              value={data.leaderboard_type}
              onChange={(next) => choose({ type: next })}
              items={data.subsections.map((section) => ({ value: section.leaderboard_type, label: section.label }))}
            />
          )}
          <Banner data={data} platform={selected} />
          <PeriodPanels data={data} />
          {data.top_three.length > 0 ? (
            <Podium entries={data.top_three} style={style} />
          ) : (
            <Card>
              <EmptyState icon={Trophy} title="No players on the board yet">
                Wagers with our code show up here as soon as the partner reports them.
              </EmptyState>
            </Card>
          )}
          <StandingsTable key={`${data.selected_platform?.slug}-${data.leaderboard_type}-${data.period}`} entries={data.rest_of_users} style={style} />
        </div>
      )}
    </>
  );
}
