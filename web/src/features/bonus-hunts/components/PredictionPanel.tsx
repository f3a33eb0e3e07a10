import type { BonusHunt, Prediction } from '@common/contracts/bonus-hunts';
import { countOf, formatUsd } from '@common/format';
import { CheckCircle2, Clock, Lock, LogIn, Sparkles, Users } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses, Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SelectField, TextField } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { usePredict } from '../api/bonus-hunts';
import { Multiplier } from './hunt-display';

function PanelCard({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card className="flex h-full flex-col p-5" data-testid={testId}>
      <h2 className="mb-4 flex items-center gap-2 text-lg font-bold text-ink">
        {icon} {title}
      </h2>
      {children}
    </Card>
  );
}

function Summary({ prediction }: { prediction: Prediction }) {
  const rows: [string, ReactNode][] = [
    ['End Balance', <span className="font-bold text-ink tabular-nums">{formatUsd(prediction.end_balance)}</span>],
    ['Highest Multiplier', <Multiplier value={prediction.highest_multiplier} />],
    ['Highest Multiplier Game', <span className="font-semibold break-words text-ink">{prediction.highest_multiplier_game}</span>],
  ];
  return (
    <PanelCard title="Your Prediction" icon={<CheckCircle2 className="size-5 text-success" aria-hidden />} testId="prediction-summary">
      <dl className="divide-y divide-line/70 rounded-lg border border-line bg-bg/40">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-muted">
        <Clock className="size-3.5" aria-hidden /> {prediction.created_at_human} · Good luck!
      </p>
    </PanelCard>
  );
}

function PredictionForm({ hunt, onSubmitted }: { hunt: BonusHunt; onSubmitted(prediction: Prediction): void }) {
  const toast = useToast();
  const predict = usePredict(hunt.id);
  const [endBalance, setEndBalance] = useState('');
  const [multiplier, setMultiplier] = useState('');
  const [game, setGame] = useState('');
  const slotNames = [...new Set(hunt.games.map((row) => row.slot_name))];
  const fieldError = (name: string) => (predict.error instanceof ApiError ? predict.error.field(name) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    predict.mutate(
      { end_balance: asNumber(endBalance), highest_multiplier: asNumber(multiplier), highest_multiplier_game: game },
      {
        onSuccess: (result) => {
          toast.success(result.message || 'Prediction submitted successfully!');
          onSubmitted(result.data);
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to submit prediction')),
      },
    );
  };

  return (
    <PanelCard title="Make Your Prediction" icon={<Sparkles className="size-5 text-accent" aria-hidden />} testId="prediction-form">
      <form onSubmit={submit} className="flex flex-1 flex-col gap-4" noValidate>
        <TextField label="End Balance ($)" type="number" inputMode="decimal" min="0.01" step="0.01" placeholder="e.g. 2500.00" value={endBalance} onChange={(e) => setEndBalance(e.target.value)} error={fieldError('end_balance')} required />
        <TextField label="Highest Multiplier (x)" type="number" inputMode="decimal" min="0.01" step="0.01" placeholder="e.g. 250.00" value={multiplier} onChange={(e) => setMultiplier(e.target.value)} error={fieldError('highest_multiplier')} required />
        <SelectField label="Highest Multiplier Game" value={game} onChange={(e) => setGame(e.target.value)} error={fieldError('highest_multiplier_game')} required>
          <option value="">Choose a slot…</option>
          {slotNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="lg" className="mt-auto w-full" busy={predict.isPending} busyLabel="Submitting...">
          Submit Prediction
        </Button>
      </form>
    </PanelCard>
  );
}

/**
 * Spec 1 §4: the form while predictions are open and the member has not predicted; afterwards (or when one exists)
 * the summary; visitors are asked to sign in; otherwise predictions are closed.
 */
export function PredictionPanel({ hunt, onShowPredictions }: { hunt: BonusHunt; onShowPredictions(): void }) {
  const { user } = useAuth();
  const [submitted, setSubmitted] = useState<Prediction | null>(null);
  const prediction = hunt.user_prediction ?? submitted;
  if (prediction) return <Summary prediction={prediction} />;
  if (!hunt.predictions_active) {
    return (
      <PanelCard title="Predictions Closed" icon={<Lock className="size-5 text-muted" aria-hidden />} testId="predictions-closed">
        <p className="text-sm text-ink-2">
          {hunt.is_active ? 'Predictions are closed for this hunt while the bonuses are opened.' : 'This hunt is finished; predictions are closed.'}
        </p>
        <p className="mt-2 text-sm text-muted">
          {hunt.predictions_count === 0
            ? 'Nobody predicted this hunt.'
            : `${countOf(hunt.predictions_count, 'prediction')} made. ${hunt.is_active ? 'See who is closest so far.' : 'See who came closest.'}`}
        </p>
        {hunt.predictions_count > 0 && (
          <div className="mt-auto pt-4">
            <Button variant="secondary" className="w-full" onClick={onShowPredictions}>
              <Users className="size-4" aria-hidden /> View Predictions
            </Button>
          </div>
        )}
      </PanelCard>
    );
  }
  if (!user) {
    return (
      <PanelCard title="Make Your Prediction" icon={<Sparkles className="size-5 text-accent" aria-hidden />} testId="prediction-login">
        <p className="text-sm text-ink-2">Predict the end balance, the highest multiplier and the slot that hits it.</p>
        <a href="/login" className={buttonClasses('primary', 'lg', 'mt-4 w-full')}>
          <LogIn className="size-4" aria-hidden /> Log in to predict
        </a>
      </PanelCard>
    );
  }
  return <PredictionForm hunt={hunt} onSubmitted={setSubmitted} />;
}
