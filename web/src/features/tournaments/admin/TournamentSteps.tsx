import type { AdminTournament } from '@common/contracts/tournaments-admin';
import { displayName } from '@common/display-name';
import { countOf, formatPoints } from '@common/format';
import { Flag, Lock, LockOpen, Network } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { type TournamentStep, useTournamentStep } from '../api/admin-tournaments';
import { ordinal } from './admin-display';

const FAILURES: Record<TournamentStep, string> = {
  generate: 'The bracket was not generated.',
  'predictions/open': 'Predictions were not opened.',
  'predictions/close': 'Predictions were not closed.',
  finish: 'The tournament was not finished.',
};

/** Who is paid what at the finish: each place's points to the ranked predictors with a correct pick, in order. */
export function rewardsToPay(tournament: AdminTournament) {
  const eligible = tournament.top_predictions.filter((prediction) => prediction.correct >= 1);
  return tournament.reward_points.map((points, index) => ({ place: index + 1, points, user: eligible[index]?.user ?? null }));
}

function FinishDialog({ tournament, busy, onConfirm, onCancel }: { tournament: AdminTournament; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const rewards = rewardsToPay(tournament);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={`Finish “${tournament.name}”?`}
      description={`Members see it as Completed${tournament.winner_name ? `, won by “${tournament.winner_name}”` : ''}. Results and rewards cannot change afterwards.`}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} busyLabel="Finishing..." onClick={onConfirm}>
            Finish tournament
          </Button>
        </>
      }
    >
      {rewards.length === 0 ? (
        <p className="text-sm text-ink-2">No rewards are set, so no points are paid.</p>
      ) : (
        <>
          <p className="mb-2 text-sm font-semibold text-ink">Rewards to pay</p>
          <ul className="space-y-1.5" aria-label="Rewards to pay">
            {rewards.map((reward) => (
              <li key={reward.place} className="flex items-center justify-between gap-3 rounded-lg border border-line bg-bg/40 px-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  <span className="font-semibold text-ink">{ordinal(reward.place)}</span>{' '}
                  <span className={reward.user ? 'text-ink-2' : 'text-muted'}>{reward.user ? displayName(reward.user) : 'Nobody (no more predictors with a correct pick)'}</span>
                </span>
                <span className={reward.user ? 'font-semibold text-gold tabular-nums' : 'text-muted tabular-nums line-through'}>{formatPoints(reward.points)} points</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

/** The next steps staff can take: generate the bracket, open or close predictions, finish. Toasts what the server answered. */
export function TournamentSteps({ tournament }: { tournament: AdminTournament }) {
  const run = useTournamentStep(tournament.id);
  const toast = useToast();
  const [asking, setAsking] = useState<'generate' | 'finish' | null>(null);
  const perform = (step: TournamentStep) =>
    run.mutate(step, {
      onSuccess: (answer) => toast.success(answer.message ?? 'Done.'),
      onError: (error) => toast.error(errorMessage(error, FAILURES[step])),
      onSettled: () => setAsking(null),
    });
  const busy = (step: TournamentStep) => run.isPending && run.variables === step;
  const unnamed = tournament.slots.filter((seat) => seat.name.trim() === '').length;

  if (tournament.status === 'completed') return null;
  if (tournament.status === 'draft') {
    return (
      <>
        <Button onClick={() => setAsking('generate')} disabled={unnamed > 0} title={unnamed > 0 ? `Name every slot first: ${countOf(unnamed, 'slot is', 'slots are')} empty.` : undefined}>
          <Network className="size-4" aria-hidden /> Generate bracket
        </Button>
        <ConfirmDialog
          open={asking === 'generate'}
          title={`Generate the bracket of “${tournament.name}”?`}
          description={`The ${tournament.size} slots meet in ${countOf(tournament.size / 2, 'first-round match', 'first-round matches')} (slot 1 v 2, 3 v 4…), and members can see the tournament from now on. The slots can still change until someone predicts or a match has a result.`}
          confirmLabel="Generate bracket"
          busyLabel="Generating..."
          busy={busy('generate')}
          onCancel={() => setAsking(null)}
          onConfirm={() => perform('generate')}
        />
      </>
    );
  }
  if (tournament.progress === 100 && !tournament.predictions_active) {
    return (
      <>
        <Button onClick={() => setAsking('finish')}>
          <Flag className="size-4" aria-hidden /> Finish tournament
        </Button>
        {asking === 'finish' && <FinishDialog tournament={tournament} busy={busy('finish')} onCancel={() => setAsking(null)} onConfirm={() => perform('finish')} />}
      </>
    );
  }
  return tournament.predictions_active ? (
    <Button variant="secondary" busy={busy('predictions/close')} busyLabel="Closing..." onClick={() => perform('predictions/close')}>
      <Lock className="size-4" aria-hidden /> Close predictions
    </Button>
  ) : (
    <Button busy={busy('predictions/open')} busyLabel="Opening..." onClick={() => perform('predictions/open')}>
      <LockOpen className="size-4" aria-hidden /> Open predictions
    </Button>
  );
}
