import type { TournamentMatch } from '@common/contracts/tournaments';
import type { AdminTournament, MatchResultInput } from '@common/contracts/tournaments-admin';
import { matchCountLabel, nextMatchOf, roundsOfMatches, roundTitle } from '@common/tournaments';
import { Info, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Section } from '@web/components/ui/section';
import { ApiError, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useMatchResult } from '../api/admin-tournaments';
import { ProgressBar } from './admin-display';
import { MatchResultCard } from './MatchResultCard';

type Asking = { match: TournamentMatch; input: MatchResultInput; next: TournamentMatch | undefined };

/** What the confirmation of a replaced or cleared result says: who moves where, and that predictions are re-scored. */
function confirmation({ match, input, next }: Asking) {
  const before = match.winner_name ?? '';
  if (input.winner_name === null || input.winner_name === undefined) {
    return {
      title: `Clear the result of Match ${match.match_number}?`,
      text: `“${before}” no longer wins${next ? ` and leaves Match ${next.match_number}` : ''}. Every prediction is scored again.`,
      label: 'Clear result',
    };
  }
  return {
    title: `Change the result of Match ${match.match_number}?`,
    text: `“${input.winner_name}” wins instead of “${before}”${next ? ` and takes its place in Match ${next.match_number}` : ''}. Every prediction is scored again.`,
    label: 'Change result',
  };
}

/** The bracket round by round, for entering results: the winner moves on to the next match at once. */
export function ResultsPanel({ tournament, className }: { tournament: AdminTournament; className?: string }) {
  const save = useMatchResult(tournament.id);
  const toast = useToast();
  const [asking, setAsking] = useState<Asking | null>(null);
  const rounds = roundsOfMatches(tournament.matches);
  const decided = tournament.matches.filter((match) => match.winner_name !== null).length;
  const final = tournament.status === 'completed';

  const submit = (match: TournamentMatch, input: MatchResultInput) =>
    save.mutate(
      { matchId: match.id, input },
      {
        onSuccess: (answer) => toast.success(answer.message ?? 'Result saved.'),
        onError: (error) => {
          const multipliers = error instanceof ApiError && (error.field('slot1_multiplier') ?? error.field('slot2_multiplier'));
          toast.error(multipliers ? 'Check the multipliers marked in red.' : errorMessage(error, 'The result was not saved.'));
        },
        onSettled: () => setAsking(null),
      },
    );
  const fieldError = (match: TournamentMatch) => (field: 'slot1_multiplier' | 'slot2_multiplier') =>
    save.error instanceof ApiError && save.variables?.matchId === match.id ? save.error.field(field) : undefined;
  const asked = asking && confirmation(asking);

  return (
    <Section
      title="Results"
      icon={<ListChecks className="size-5 text-accent" aria-hidden />}
      aside={
        <span className="flex items-center gap-3 text-sm text-muted tabular-nums">
          {decided} of {tournament.matches_count} decided
          <ProgressBar percent={tournament.progress} className="w-32" />
        </span>
      }
      testId="admin-tournament-results"
      className={className}
    >
      {tournament.predictions_active && (
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-amber-100">
          <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          Predictions are open. Close predictions before entering results, so nobody predicts a match whose result is known.
        </p>
      )}
      <p className="mb-4 text-xs text-muted">
        {final
          ? 'The tournament is finished: these results are final.'
          : 'Click a slot to make it the winner; it moves on to its next match. Multipliers are optional and show on the members’ bracket.'}
      </p>
      <div className="space-y-6">
        {rounds.map((round, r) => (
          <section key={r} aria-label={roundTitle(r + 1, rounds.length)}>
            <h3 className="mb-2.5 flex items-baseline gap-2 text-sm font-bold text-ink">
              {roundTitle(r + 1, rounds.length)} <span className="text-xs font-medium text-muted">{matchCountLabel(round.length)}</span>
            </h3>
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {round.map((match, index) => {
                const next = rounds[r + 1]?.[nextMatchOf(index).index];
                const lock = match.winner_name !== null && next?.winner_name ? `Match ${next.match_number} has a result: change that first.` : null;
                return (
                  <MatchResultCard
                    key={`${match.id}:${match.slot1_name}:${match.slot2_name}:${match.winner_name}:${match.slot1_multiplier}:${match.slot2_multiplier}`}
                    match={match}
                    lock={lock}
                    final={final}
                    busy={save.isPending && save.variables.matchId === match.id}
                    fieldError={fieldError(match)}
                    onResult={(input, confirm) => (confirm ? setAsking({ match, input, next }) : submit(match, input))}
                  />
                );
              })}
            </div>
          </section>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asked?.title ?? ''}
        description={asked?.text}
        confirmLabel={asked?.label ?? ''}
        busyLabel="Saving..."
        busy={save.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && submit(asking.match, asking.input)}
      />
    </Section>
  );
}
