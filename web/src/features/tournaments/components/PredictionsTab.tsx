import type { TournamentDetail, TournamentMember } from '@common/contracts/tournaments';
import { countOf, formatPoints } from '@common/format';
import { FRIEND_PREDICTIONS_MAX, TOP_PERFORMERS } from '@common/tournaments';
import { Crown, ListOrdered, Medal, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { Section } from '@web/components/ui/section';
import { useAuth } from '@web/lib/auth';
import { formatAccuracy, MemberChip } from './tournament-display';

interface Summary {
  rank: number;
  member: TournamentMember;
  accuracy: number;
  correct: number;
  total: number;
  picks: number;
}

/** Accuracy in percent over 'correct/total' (decided picks), as the spec's summaries show them. */
function Figures({ summary, large = false }: { summary: Summary; large?: boolean }) {
  return (
    <span className={cn('flex shrink-0 flex-col items-end', large && 'sm:items-center')}>
      <span className={cn('text-ink tabular-nums', large ? 'text-lg font-black sm:text-2xl' : 'font-bold')} data-testid="accuracy">
        {formatAccuracy(summary.accuracy)}
      </span>
      <span className="text-xs text-muted tabular-nums" data-testid="correct-total">
        {summary.correct}/{summary.total} correct
      </span>
    </span>
  );
}

const PLACES = [
  { label: '1st', tone: 'border-gold/60 from-gold/20 text-gold', icon: Crown },
  { label: '2nd', tone: 'border-silver/50 from-silver/15 text-silver', icon: Medal },
  { label: '3rd', tone: 'border-bronze/60 from-bronze/20 text-bronze', icon: Medal },
] as const;

function TopPerformers({ summaries, ownId }: { summaries: Summary[]; ownId: number | null }) {
  return (
    <Section title="Top Performers" icon={<Crown className="size-5 text-gold" aria-hidden />} testId="top-performers">
      <ol className="grid gap-3 sm:grid-cols-3">
        {summaries.map((summary, index) => {
          const place = PLACES[index];
          const Icon = place.icon;
          return (
            <li
              key={summary.member.id}
              className={cn(
                // Phones: one compact row per place; wider screens: three podium cards side by side.
                'flex items-center gap-3 rounded-xl border bg-gradient-to-r to-surface/80 px-4 py-3 sm:flex-col sm:gap-2 sm:bg-gradient-to-b sm:py-5 sm:text-center',
                place.tone,
                summary.member.id === ownId && 'ring-2 ring-accent',
              )}
              data-testid="top-performer"
              data-place={index + 1}
            >
              <span className="flex w-12 shrink-0 items-center gap-1.5 text-xs font-bold tracking-widest uppercase sm:w-auto">
                <Icon className="size-4" aria-hidden /> {place.label}
              </span>
              <MemberChip member={summary.member} link size="sm" className="min-w-0 flex-1 text-ink sm:max-w-full sm:flex-none" />
              <Figures summary={summary} large />
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

function Row({ summary, own }: { summary: Summary; own: boolean }) {
  return (
    <li
      className={cn('flex items-center gap-3 px-3 py-2.5 text-sm', own && 'bg-accent/15 ring-1 ring-accent/50 ring-inset')}
      data-testid="prediction-row"
      data-own={own || undefined}
      aria-current={own || undefined}
    >
      <span className="w-10 shrink-0 text-right font-bold text-muted tabular-nums">#{summary.rank}</span>
      <MemberChip member={summary.member} link size="sm" className="min-w-0 flex-1" />
      {own && <span className="shrink-0 rounded-full bg-accent/25 px-2 py-0.5 text-xs font-semibold text-ink">You</span>}
      <span className="hidden w-20 shrink-0 text-right text-xs text-muted tabular-nums sm:block" data-testid="picks">
        {countOf(summary.picks, 'pick')}
      </span>
      <Figures summary={summary} />
    </li>
  );
}

const List = ({ children, label }: { children: ReactNode; label: string }) => (
  <ul className="divide-y divide-line/70 overflow-hidden rounded-lg border border-line bg-bg/40" aria-label={label}>
    {children}
  </ul>
);

/** Spec 2 §2 Predictions tab: Top Performers, Friends' Predictions (only if any) and the ranked list, the member's own row marked. */
export function PredictionsTab({ detail }: { detail: TournamentDetail }) {
  const { user } = useAuth();
  const ownId = user?.id ?? null;
  const all: Summary[] = detail.top_predictions.map(({ user: member, ...rest }) => ({ ...rest, member }));
  const friends: Summary[] = detail.friend_predictions.slice(0, FRIEND_PREDICTIONS_MAX).map(({ friend, ...rest }) => ({ ...rest, member: friend }));
  const count = detail.tournament.predictions_count;
  // A member ranked below the list still sees where they stand, under it.
  const ownBelow: Summary | null =
    user && detail.user_prediction && !all.some((summary) => summary.member.id === user.id)
      ? { ...detail.user_prediction, member: { id: user.id, username: user.username, kick_username: user.kick_username, avatar_url: user.avatar } }
      : null;

  if (all.length === 0) {
    return (
      <Card>
        <EmptyState icon={Users} title="No Predictions Yet">
          Be the first to make predictions for this tournament!
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <TopPerformers summaries={all.slice(0, TOP_PERFORMERS)} ownId={ownId} />
      {friends.length > 0 && (
        <Section title="Friends' Predictions" icon={<UserCheck className="size-5 text-accent" aria-hidden />} testId="friend-predictions">
          <List label="Friends' predictions">
            {friends.map((summary) => (
              <Row key={summary.member.id} summary={summary} own={false} />
            ))}
          </List>
        </Section>
      )}
      <Section
        title="All Predictions"
        icon={<ListOrdered className="size-5 text-accent" aria-hidden />}
        aside={
          <span className="text-sm text-muted tabular-nums" data-testid="predictions-shown">
            {count > all.length ? `Showing the top ${formatPoints(all.length)} of ${formatPoints(count)}` : countOf(count, 'prediction')}
          </span>
        }
        testId="all-predictions"
      >
        <List label="All predictions">
          {all.map((summary) => (
            <Row key={summary.member.id} summary={summary} own={summary.member.id === ownId} />
          ))}
        </List>
        {ownBelow && (
          <div className="mt-3">
            <List label="Your prediction">
              <Row summary={ownBelow} own />
            </List>
          </div>
        )}
      </Section>
    </div>
  );
}
