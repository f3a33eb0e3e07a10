import type { AdminTournament } from '@common/contracts/tournaments-admin';
import { countOf, formatPoints } from '@common/format';
import { Gift, Medal, Users } from 'lucide-react';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { Section } from '@web/components/ui/section';
import { formatAccuracy, MemberChip } from '../components/tournament-display';
import { ordinal } from './admin-display';
import { rewardsToPay } from './TournamentSteps';

const PODIUM = ['text-gold', 'text-silver', 'text-bronze'];

/** The ranked predictors (accuracy, then correct picks, then picks, then who saved first), best first. */
export function PredictorsPanel({ tournament, className }: { tournament: AdminTournament; className?: string }) {
  const predictions = tournament.top_predictions;
  return (
    <Section
      title="Top predictors"
      icon={<Medal className="size-5 text-gold" aria-hidden />}
      aside={<span className="text-sm text-muted tabular-nums">{countOf(tournament.predictions_count, 'prediction')}</span>}
      testId="admin-tournament-predictors"
      className={className}
    >
      {predictions.length === 0 ? (
        <EmptyState icon={Users} title="No predictions yet" className="py-8">
          {tournament.predictions_active ? 'Members’ predictions show here as they save them.' : 'Open predictions to let members pick the winners.'}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-lg border border-line">
          <table className="w-full text-left text-sm" aria-label="Top predictors">
            <thead className="hidden border-b border-line bg-surface-2/60 text-xs tracking-wide text-muted uppercase sm:table-header-group">
              <tr>
                <th className="px-3 py-2.5 font-semibold">Rank</th>
                <th className="px-3 py-2.5 font-semibold">Member</th>
                <th className="px-3 py-2.5 text-right font-semibold">Accuracy</th>
                <th className="px-3 py-2.5 text-right font-semibold">Correct / total</th>
                <th className="px-3 py-2.5 text-right font-semibold">Picks</th>
              </tr>
            </thead>
            <tbody>
              {predictions.map((prediction) => (
                <tr key={prediction.user.id} data-testid="admin-predictor" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line/60 px-3 py-2.5 last:border-0 sm:table-row sm:p-0">
                  <td className={cn('w-6 font-bold tabular-nums sm:w-auto sm:px-3 sm:py-2', PODIUM[prediction.rank - 1] ?? 'text-muted')}>#{prediction.rank}</td>
                  {/* On a phone the name has its line; the figures wrap under it. */}
                  <td className="min-w-0 basis-[calc(100%-2.25rem)] sm:px-3 sm:py-2">
                    <MemberChip member={prediction.user} className="max-w-full font-medium text-ink" />
                  </td>
                  <td className="font-semibold text-ink tabular-nums sm:px-3 sm:py-2 sm:text-right">{formatAccuracy(prediction.accuracy)}</td>
                  <td className="text-ink-2 tabular-nums sm:px-3 sm:py-2 sm:text-right">
                    {prediction.correct}/{prediction.total}
                    <span className="text-xs text-muted sm:sr-only"> correct</span>
                  </td>
                  <td className="text-ink-2 tabular-nums sm:px-3 sm:py-2 sm:text-right">
                    {prediction.picks}
                    <span className="text-xs text-muted sm:sr-only"> {prediction.picks === 1 ? 'pick' : 'picks'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** The points per place: who would get them now, or who was paid once the tournament finished. */
export function RewardsPanel({ tournament, className }: { tournament: AdminTournament; className?: string }) {
  const finished = tournament.finished_at !== null;
  const rows = finished
    ? tournament.reward_points.map((points, index) => ({ place: index + 1, points, user: tournament.rewards_paid.find((paid) => paid.place === index + 1)?.user ?? null }))
    : rewardsToPay(tournament);
  return (
    <Section title={finished ? 'Rewards paid' : 'Rewards'} icon={<Gift className="size-5 text-accent" aria-hidden />} testId="admin-tournament-rewards" className={className}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No rewards are set. Edit the tournament to give points to the best predictors.</p>
      ) : (
        <ol className="space-y-1.5">
          {rows.map((row) => (
            <li key={row.place} className="flex items-center gap-3 rounded-lg border border-line bg-bg/40 px-3 py-2 text-sm" data-testid="admin-reward">
              <span className={cn('w-9 font-bold tabular-nums', PODIUM[row.place - 1] ?? 'text-muted')}>{ordinal(row.place)}</span>
              <span className="min-w-0 flex-1">{row.user ? <MemberChip member={row.user} className="max-w-full text-ink" /> : <span className="text-muted">{finished ? 'Not paid' : 'Nobody yet'}</span>}</span>
              <span className={cn('font-semibold tabular-nums', row.user ? 'text-gold' : 'text-muted')}>{formatPoints(row.points)} points</span>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-3 text-xs text-muted">
        {finished ? 'Paid through the points ledger, with a notification to each member.' : 'Paid when you finish, in ranking order, to predictors with at least one correct pick.'}
      </p>
    </Section>
  );
}
