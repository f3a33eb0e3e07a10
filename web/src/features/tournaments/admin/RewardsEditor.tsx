import { TOURNAMENT_REWARD_PLACES_MAX } from '@common/tournaments';
import { Plus, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ordinal } from './admin-display';

/** Points for the best predictors, one amount per place, first place first; none at all is fine. */
export function RewardsEditor({ rewards, onRewards, error }: { rewards: string[]; onRewards(rewards: string[]): void; error(field: string): string | undefined }) {
  const full = rewards.length >= TOURNAMENT_REWARD_PLACES_MAX;
  return (
    <div className="space-y-3">
      {rewards.length === 0 && <p className="text-sm text-muted">No rewards: predictors play for the ranking alone.</p>}
      {rewards.length > 0 && (
        <ol className="grid gap-3 sm:grid-cols-2">
          {rewards.map((amount, index) => (
            <li key={index} className="flex items-start gap-2">
              <div className="flex-1">
                <TextField
                  label={`${ordinal(index + 1)} place (points)`}
                  inputMode="numeric"
                  value={amount}
                  onChange={(event) => onRewards(rewards.map((current, at) => (at === index ? event.target.value : current)))}
                  error={error(`reward_points.${index}`)}
                />
              </div>
              <Button variant="ghost" size="sm" className="mt-8" aria-label={`Remove the ${ordinal(index + 1)} place reward`} onClick={() => onRewards(rewards.filter((_, at) => at !== index))}>
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      {error('reward_points') && <p className="text-xs font-medium text-red-300">{error('reward_points')}</p>}
      <Button variant="secondary" size="sm" disabled={full} onClick={() => onRewards([...rewards, ''])} title={full ? `At most ${TOURNAMENT_REWARD_PLACES_MAX} reward places.` : undefined}>
        <Plus className="size-4" aria-hidden /> Add place
      </Button>
      <p className="text-xs text-muted">Paid when you finish the tournament, in ranking order, to predictors with at least one correct pick.</p>
    </div>
  );
}
