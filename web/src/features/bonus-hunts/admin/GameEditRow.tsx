import type { HuntGame, HuntMember } from '@common/contracts/bonus-hunts';
import { displayName } from '@common/display-name';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { CHOOSE_LISTED_MEMBER, MemberPicker } from '@web/components/admin/MemberPicker';
import { Button } from '@web/components/ui/button';
import { inputClasses } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useUpdateGame } from '../api/admin-hunts';
import { Cell, SlotCell, gameLabel, rowClasses } from './GameRow';

/** A game's bet and member edited in place: Enter saves, Escape cancels. */
export function GameEditRow({ huntId, game, index, onDone }: { huntId: number; game: HuntGame; index: number; onDone(): void }) {
  const update = useUpdateGame(huntId);
  const toast = useToast();
  const betId = useId();
  const [bet, setBet] = useState(String(game.slot_bet));
  const [memberText, setMemberText] = useState(game.assigned_to ? displayName(game.assigned_to) : '');
  const [member, setMember] = useState<HuntMember | null>(game.assigned_to);
  const [memberError, setMemberError] = useState<string>();
  const label = gameLabel(game, index);
  const betError = update.error instanceof ApiError ? update.error.field('slot_bet') : undefined;

  const save = () => {
    if (memberText.trim() !== '' && member === null) {
      setMemberError(CHOOSE_LISTED_MEMBER);
      return;
    }
    setMemberError(undefined);
    update.mutate(
      { gameId: game.id, update: { slot_bet: asNumber(bet), assigned_user_id: memberText.trim() === '' ? null : member!.id } },
      {
        onSuccess: () => {
          toast.success(`${label} saved.`);
          onDone();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.errors)) toast.error(errorMessage(failure, 'The game was not saved.'));
        },
      },
    );
  };

  return (
    <tr
      data-testid="hunt-game"
      className={rowClasses(false)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onDone();
      }}
    >
      <SlotCell game={game} index={index} />
      <Cell className="col-span-2 md:col-auto">
        <MemberPicker
          label={`Member of ${label}`}
          hideLabel
          text={memberText}
          onText={(text) => {
            setMemberText(text);
            setMember(null);
          }}
          onChoose={setMember}
          onEnter={save}
          error={memberError ?? (update.error instanceof ApiError ? update.error.field('assigned_user_id') : undefined)}
        />
      </Cell>
      <Cell className="col-span-2 md:col-auto">
        <label htmlFor={betId} className="sr-only">
          Bet of {label} ($)
        </label>
        <input
          id={betId}
          autoFocus
          inputMode="decimal"
          className={`${inputClasses} md:w-28 md:text-right`}
          value={bet}
          aria-invalid={betError ? true : undefined}
          aria-describedby={betError ? `${betId}-error` : undefined}
          onChange={(event) => setBet(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            save();
          }}
        />
        {betError && (
          <p id={`${betId}-error`} className="mt-1 text-xs font-medium text-red-300">
            {betError}
          </p>
        )}
      </Cell>
      <Cell className="col-span-2" colSpan={4}>
        <span className="flex justify-end gap-2">
          <Button size="sm" onClick={save} busy={update.isPending} busyLabel="Saving...">
            <Check className="size-4" aria-hidden /> Save
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            <X className="size-4" aria-hidden /> Cancel
          </Button>
        </span>
      </Cell>
    </tr>
  );
}
