import type { TournamentDetail, TournamentMatch } from '@common/contracts/tournaments';
import { isPickable, projectBracket, prunePicks, type Picks } from '@common/tournaments';
import { CalendarX2, Lock, LogIn, MousePointerClick, Save } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { useToast } from '@web/lib/toast';
import { usePredict } from '../api/tournaments';
import { Bracket } from './Bracket';

/** The member's saved picks: match id → the slot name they said wins it. */
export const savedPicks = (detail: TournamentDetail): Picks =>
  new Map((detail.user_prediction?.matches ?? []).map((pick) => [pick.tournament_match_id, pick.predicted_winner_name]));

/** A name filled in by the member's own picks brings its member and picture along (they belong to the round-1 seat). */
function withSeats(rounds: TournamentMatch[][]): TournamentMatch[][] {
  const seats = new Map<string, { user: TournamentMatch['slot1_user']; image: string | null }>();
  for (const match of rounds[0] ?? []) {
    if (match.slot1_name !== null) seats.set(match.slot1_name, { user: match.slot1_user, image: match.slot1_image });
    if (match.slot2_name !== null) seats.set(match.slot2_name, { user: match.slot2_user, image: match.slot2_image });
  }
  const seat = (name: string | null) => (name === null ? undefined : seats.get(name));
  return rounds.map((round) =>
    round.map((match) => ({
      ...match,
      slot1_user: match.slot1_user ?? seat(match.slot1_name)?.user ?? null,
      slot1_image: match.slot1_image ?? seat(match.slot1_name)?.image ?? null,
      slot2_user: match.slot2_user ?? seat(match.slot2_name)?.user ?? null,
      slot2_image: match.slot2_image ?? seat(match.slot2_name)?.image ?? null,
    })),
  );
}

function Notice({ icon, title, children, action }: { icon: typeof Lock; title: string; children: string; action?: ReactNode }) {
  return (
    <Card data-testid="predict-notice">
      <EmptyState icon={icon} title={title} action={action}>
        {children}
      </EmptyState>
    </Card>
  );
}

/** Picks held on the page until saved (spec 2 §4); picking again in an earlier round drops later picks that no longer fit. */
function PredictBoard({ detail }: { detail: TournamentDetail }) {
  const { tournament } = detail;
  const toast = useToast();
  const predict = usePredict(tournament.id);
  const [picks, setPicks] = useState<Picks>(() => savedPicks(detail));
  const rounds = useMemo(() => withSeats(projectBracket(tournament.matches, picks)), [tournament.matches, picks]);

  const pick = (match: TournamentMatch, name: string) => {
    const next = new Map(picks);
    if (next.get(match.id) === name) next.delete(match.id);
    else next.set(match.id, name);
    setPicks(prunePicks(tournament.matches, next));
  };

  const save = () => {
    const predictions = [...picks].map(([match_id, winner_name]) => ({ match_id, winner_name }));
    predict.mutate(
      { predictions },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(errorMessage(error, 'Failed to save predictions')),
      },
    );
  };

  return (
    <div className="space-y-4" data-testid="predict-board">
      <Card className="p-5">
        <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
          <MousePointerClick className="size-5 text-accent" aria-hidden /> Make Your Predictions
        </h2>
        <p className="mt-1 text-sm text-ink-2">Click on the slots to predict winners. Your predictions will automatically advance to the next round.</p>
      </Card>
      <Bracket
        size={tournament.size}
        rounds={rounds}
        label="Bracket: pick the winners"
        pickOf={(match) => ({ picked: picks.get(match.id), onPick: isPickable(match) && !predict.isPending ? (name) => pick(match, name) : undefined })}
      />
      {/* Stays in reach at the bottom of the screen while the member works through a tall bracket. */}
      <div className="sticky bottom-3 z-10 flex items-center justify-between gap-3 rounded-xl border border-line-strong bg-surface-2/95 p-3 pl-4 shadow-lg shadow-black/40 backdrop-blur">
        <p className="text-sm text-ink-2 tabular-nums" data-testid="picks-made">
          <span className="font-bold text-ink">{picks.size}</span> of {tournament.matches.length}
          <span className="hidden sm:inline"> matches</span> picked
        </p>
        <Button onClick={save} disabled={picks.size === 0} busy={predict.isPending} busyLabel="Saving...">
          <Save className="size-4" aria-hidden /> Save Predictions ({picks.size})
        </Button>
      </div>
    </div>
  );
}

/** Spec 2 §2 Predict tab: Login Required, Predictions Closed, No Matches Available, or the bracket to pick. */
export function PredictTab({ detail }: { detail: TournamentDetail }) {
  const { user } = useAuth();
  const { tournament } = detail;
  if (!user) {
    return (
      <Notice icon={LogIn} title="Login Required" action={<Link to="/login" className={buttonClasses('primary', 'md', 'mt-2')}>Log in</Link>}>
        You must be logged in to make predictions.
      </Notice>
    );
  }
  if (!tournament.predictions_active) {
    return (
      <Notice icon={Lock} title="Predictions Closed">
        Predictions are no longer active for this tournament.
      </Notice>
    );
  }
  if (!tournament.matches.some(isPickable)) {
    return (
      <Notice icon={CalendarX2} title="No Matches Available">
        No matches are currently available for predictions.
      </Notice>
    );
  }
  // A save brings back the stored picks: start again from those.
  return <PredictBoard key={detail.user_prediction?.updated_at ?? 'none'} detail={detail} />;
}
