import type { RaffleDetail } from '@common/contracts/raffles';
import { formatPoints, formatUsd } from '@common/format';
import { ArrowLeft, DollarSign, Link2, SearchX, Ticket, Trophy, Users } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { MessagePage } from '@web/app/pages/MessagePage';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useRaffle } from '../api/raffles';
import { EntriesList } from '../components/EntriesList';
import { EntryPanel } from '../components/EntryPanel';
import { OwnEntries, OwnStats, Winners } from '../components/MemberSections';
import { EntryTypeChips, RaffleImage, RaffleTiming, StatusBadge, useCopy, useNow } from '../components/raffle-display';
import { VerifyDraw } from '../components/VerifyDraw';

const BACK = (
  <Link to="/raffles" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-ink-2 hover:text-accent">
    <ArrowLeft className="size-4" aria-hidden /> All raffles
  </Link>
);

function Fact({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface-2/60 px-3 py-2" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs text-muted">
        {icon} {label}
      </dt>
      <dd className="text-lg font-bold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

function RaffleHeader({ raffle, now }: { raffle: RaffleDetail; now: Date }) {
  const copy = useCopy();
  return (
    <Card className="overflow-hidden" data-testid="raffle-header">
      <div className="grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <RaffleImage raffle={raffle} eager className="aspect-[16/9] w-full md:h-full md:aspect-auto md:min-h-64" />
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-3 text-sm text-ink-2">
              <StatusBadge raffle={raffle} />
              <RaffleTiming raffle={raffle} now={now} />
            </div>
            <Button variant="secondary" size="sm" onClick={() => void copy(window.location.href, 'Link copied to clipboard!')}>
              <Link2 className="size-4" aria-hidden /> Copy link
            </Button>
          </div>
          <h1 className="text-2xl font-extrabold tracking-tight break-words text-ink sm:text-3xl">{raffle.title}</h1>
          <EntryTypeChips raffle={raffle} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {raffle.prize_value !== null && <Fact icon={<DollarSign className="size-3.5" aria-hidden />} label="Prize" value={<span className="text-gold">{formatUsd(raffle.prize_value)}</span>} testId="raffle-prize" />}
            <Fact icon={<Ticket className="size-3.5" aria-hidden />} label="Entries" value={formatPoints(raffle.total_entries)} testId="raffle-total-entries" />
            <Fact icon={<Users className="size-3.5" aria-hidden />} label="Members" value={formatPoints(raffle.entrants_count)} testId="raffle-entrants" />
            <Fact icon={<Trophy className="size-3.5" aria-hidden />} label="Winners" value={formatPoints(raffle.winners_count)} testId="raffle-winners-count" />
          </dl>
          {raffle.description && <p className="text-sm leading-relaxed break-words whitespace-pre-line text-ink-2">{raffle.description}</p>}
        </div>
      </div>
    </Card>
  );
}

function Raffle({ raffle }: { raffle: RaffleDetail }) {
  const { user } = useAuth();
  const now = useNow();
  return (
    <div className="space-y-6">
      <RaffleHeader raffle={raffle} now={now} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {/* Phones see the entry panel and their own figures first, right under the raffle. */}
        <div className="order-first space-y-6 lg:order-none lg:col-start-2 lg:row-start-1">
          <EntryPanel raffle={raffle} now={now} />
          {raffle.user_stats && <OwnStats stats={raffle.user_stats} acceptingEntries={raffle.is_accepting_entries} />}
          {user && <OwnEntries entries={raffle.user_entries} />}
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          {raffle.winner_announced && raffle.winners.length > 0 && <Winners winners={raffle.winners} />}
          <EntriesList raffleId={raffle.id} expectedTotal={raffle.total_entries} ownId={user?.id ?? null} />
          <VerifyDraw raffle={raffle} />
        </div>
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="space-y-6" aria-label="Loading raffle">
      <Skeleton className="h-72 rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

const parseId = (text: string | undefined) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/** Spec 2 /raffles/{id}: winners, entries, own statistics, the entry panel, own entries, copy link, and the draw's proof. */
export default function RaffleDetailPage() {
  const id = parseId(useParams().id);
  const toast = useToast();
  const raffle = useRaffle(id ?? 0, id !== null);
  const notFound = id === null || (raffle.error instanceof ApiError && raffle.error.status === 404);
  const failed = raffle.isError && !notFound && !raffle.data;
  usePageTitle(notFound ? 'Raffle Not Found' : (raffle.data?.title ?? 'Raffle'));
  useEffect(() => {
    if (failed) toast.error('Failed to load raffle details');
  }, [failed, toast]);

  let content: ReactNode;
  if (notFound) {
    content = (
      <MessagePage icon={SearchX} title="Raffle Not Found" back={{ to: '/raffles', label: 'Back to Raffles' }}>
        The raffle you are looking for does not exist or has been removed.
      </MessagePage>
    );
  }
  else if (raffle.data) content = <Raffle raffle={raffle.data} />;
  else if (failed) {
    content = (
      <Card>
        <EmptyState icon={Ticket} heading="h1" title="Failed to load raffle details" action={<Button onClick={() => void raffle.refetch()}>Try Again</Button>}>
          Something went wrong while loading this raffle.
        </EmptyState>
      </Card>
    );
  } else content = <Loading />;
  return (
    <>
      {!notFound && BACK}
      {content}
    </>
  );
}
