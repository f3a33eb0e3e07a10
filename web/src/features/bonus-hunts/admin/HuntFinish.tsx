import type { AdminHunt } from '@common/contracts/bonus-hunts-admin';
import { countOf, formatPoints, formatUsd } from '@common/format';
import { Gift } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useHuntAction } from '../api/admin-hunts';
import { awaitingWin } from './game-status';

const CATEGORY_LABELS: Record<string, string> = {
  end_balance: 'Closest end balance',
  highest_multiplier: 'Closest highest multiplier',
  highest_multiplier_game: 'Highest multiplier game',
};
const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;

/** The rewards a hunt pays at its finish, in phrasing (spans: it sits inside the dialog's description paragraph). */
function RewardsSet({ hunt }: { hunt: AdminHunt }) {
  const set = Object.entries(hunt.rewards).filter(([, points]) => points > 0);
  if (set.length === 0) return <span className="block">No prediction rewards are set, so no points are paid.</span>;
  return set.map(([category, points]) => (
    <span key={category} className="block" data-testid="reward-to-pay">
      {categoryLabel(category)}: <strong className="text-gold tabular-nums">{formatPoints(points)} points</strong> to each closest prediction
    </span>
  ));
}

/** Asks before finishing: the end balance it records and the rewards it pays; refused while games await their win. */
export function FinishHuntDialog({ hunt, open, onClose }: { hunt: AdminHunt; open: boolean; onClose(): void }) {
  const finish = useHuntAction(hunt.id);
  const toast = useToast();
  const left = hunt.games.filter(awaitingWin).length;
  const end = hunt.statistics.winnings;
  const profit = end - hunt.start_balance;
  return (
    <ConfirmDialog
      open={open}
      title="Finish the hunt?"
      description={
        <span className="block space-y-2 text-ink-2">
          {left > 0 ? (
            <span className="block font-medium text-amber-300">
              {countOf(left, 'game still awaits its win', 'games still await their win')}: open or settle {left === 1 ? 'it' : 'them'} first.
            </span>
          ) : (
            <span className="block">
              End balance <strong className="text-ink tabular-nums">{formatUsd(end)}</strong> (start {formatUsd(hunt.start_balance)},{' '}
              <span className={profit >= 0 ? 'text-success' : 'text-red-300'}>
                {profit >= 0 ? '+' : '−'}
                {formatUsd(Math.abs(profit))}
              </span>
              ). Predictions close for good and {countOf(hunt.predictions_count, 'prediction is', 'predictions are')} ranked.
            </span>
          )}
          <RewardsSet hunt={hunt} />
        </span>
      }
      confirmLabel="Finish hunt"
      busyLabel="Finishing..."
      busy={finish.isPending}
      disabled={left > 0}
      onCancel={onClose}
      onConfirm={() =>
        finish.mutate('finish', {
          onSuccess: (answer) => {
            toast.success(answer.message ?? 'Hunt finished.');
            onClose();
          },
          onError: (failure) => toast.error(errorMessage(failure, 'The hunt was not finished.')),
        })
      }
    />
  );
}

/** After the finish: who got which reward. */
export function RewardsPaid({ hunt }: { hunt: AdminHunt }) {
  return (
    <Card className="p-4" role="region" aria-label="Rewards paid">
      <h2 className="flex items-center gap-2 font-semibold text-ink">
        <Gift className="size-4 text-gold" aria-hidden /> Rewards paid
      </h2>
      {hunt.rewards_paid.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{Object.values(hunt.rewards).some((points) => points > 0) ? 'No prediction won a reward.' : 'This hunt had no prediction rewards.'}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line/60 text-sm">
          {hunt.rewards_paid.map((reward) => (
            <li key={`${reward.category}:${reward.user.id}`} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="reward-paid">
              <span>
                <span className="font-semibold text-ink">{reward.user.username}</span> <span className="text-muted">· {categoryLabel(reward.category)}</span>
              </span>
              <span className="font-bold text-gold tabular-nums">+{formatPoints(reward.points)} pts</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
