import type { AdminTournament } from '@common/contracts/tournaments-admin';
import { isAdmin } from '@common/roles';
import { TOURNAMENT_NAME_MAX, TOURNAMENT_SIZES, type TournamentSize } from '@common/tournaments';
import { Lock } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { TextArea, TextField } from '@web/components/ui/field';
import { FormModal } from '@web/components/ui/form-modal';
import { Segmented } from '@web/components/ui/segmented';
import { ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { useToast } from '@web/lib/toast';
import { useSaveTournament } from '../api/admin-tournaments';
import { RewardsEditor } from './RewardsEditor';
import { SeatEditor, type SeatChange } from './SeatEditor';
import { draftOf, inputOf, resized, unchosenMembers, type TournamentDraft } from './tournament-draft';

const SIZES = TOURNAMENT_SIZES.map((size) => ({ value: String(size), label: `${size} slots` }));

/** Why the seats cannot change now (null: they can), as the server would refuse them. */
function seatsLock(tournament: AdminTournament | null) {
  if (!tournament) return null;
  if (tournament.slots_locked) return 'Members have predicted or matches have results, so the slots and size stay as they are.';
  if (tournament.predictions_active) return 'Predictions are open: close them to change the slots or size.';
  return null;
}

/** A part of the form that can be locked: disabled as a whole, with the reason first. */
function Group({ legend, lock, children }: { legend: string; lock: string | null; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="space-y-3 rounded-xl border border-line p-3 sm:p-4" disabled={lock !== null} aria-describedby={lock ? id : undefined}>
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      {lock && (
        <p id={id} className="flex items-start gap-2 rounded-lg bg-surface-2 px-3 py-2 text-xs text-ink-2">
          <Lock className="mt-0.5 size-3.5 shrink-0 text-accent" aria-hidden />
          {lock}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** A new tournament (its page opens next) or an existing one's fields; the server's field errors show under each field. */
export function TournamentForm({ tournament, onClose }: { tournament: AdminTournament | null; onClose(): void }) {
  const [draft, setDraft] = useState<TournamentDraft>(() => draftOf(tournament));
  const [unchosen, setUnchosen] = useState<Record<string, string>>({});
  const save = useSaveTournament();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const rewardsLock = tournament?.finished_at
    ? 'The rewards were paid when the tournament finished, so they stay as they are.'
    : user === null || !isAdmin(user.role)
      ? 'Points are paid only as admins set them: ask an admin to change the rewards.'
      : null;
  const set = <K extends keyof TournamentDraft>(key: K, value: TournamentDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const onSeat: SeatChange = (index, change) => setDraft((current) => ({ ...current, seats: current.seats.map((seat, at) => (at === index ? change(seat) : seat)) }));
  const error = (field: string) => unchosen[field] ?? (save.error instanceof ApiError ? save.error.field(field) : undefined);
  // A refusal with no field to show it under (a conflict, not found) is said at the top of the form.
  const refusal = save.error && !(save.error instanceof ApiError && save.error.errors) ? errorMessage(save.error, 'The tournament was not saved.') : null;
  const lock = seatsLock(tournament);

  const submit = () => {
    const missing = unchosenMembers(draft);
    setUnchosen(missing);
    if (Object.keys(missing).length > 0) {
      toast.error('Check the fields marked in red.');
      return;
    }
    save.mutate(
      { id: tournament?.id ?? null, input: inputOf(draft) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Tournament saved.');
          onClose();
          if (!tournament) void navigate(`/tournaments/${answer.data.id}`);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.errors) toast.error('Check the fields marked in red.');
        },
      },
    );
  };

  return (
    <FormModal
      title={tournament ? `Edit “${tournament.name}”` : 'New tournament'}
      submitLabel={tournament ? 'Save tournament' : 'Create tournament'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      className="sm:max-w-3xl"
    >
      {refusal && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-red-200">
          {refusal}
        </p>
      )}
      <TextField label="Name" value={draft.name} maxLength={TOURNAMENT_NAME_MAX} onChange={(event) => set('name', event.target.value)} error={error('name')} />
      <TextArea label="Description" value={draft.description} maxLength={2000} rows={2} onChange={(event) => set('description', event.target.value)} error={error('description')} />
      <Group legend="Bracket" lock={lock}>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-ink-2" aria-hidden>
            Size
          </span>
          <Segmented
            label="Size"
            size="sm"
            value={String(draft.size)}
            items={SIZES}
            onChange={(value) => {
              const size = Number(value) as TournamentSize;
              setDraft((current) => ({ ...current, size, seats: resized(current.seats, size) }));
            }}
          />
          {error('size') && <p className="text-xs font-medium text-red-300">{error('size')}</p>}
        </div>
        <p className="text-xs text-muted">
          Type a slot to pick it from the bonus-hunt catalogue (its picture shows on the bracket) or keep any name. Every slot needs a name before you generate the bracket.
        </p>
        {error('slots') && <p className="text-xs font-medium text-red-300">{error('slots')}</p>}
        <SeatEditor seats={draft.seats} onSeat={onSeat} error={error} />
      </Group>
      <Group legend="Rewards for the best predictors" lock={rewardsLock}>
        <RewardsEditor rewards={draft.rewards} onRewards={(rewards) => set('rewards', rewards)} error={error} />
      </Group>
    </FormModal>
  );
}
