import type { HuntMember } from '@common/contracts/bonus-hunts';
import { Plus } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { CHOOSE_LISTED_MEMBER, MemberPicker } from '@web/components/admin/MemberPicker';
import { SlotPicker, type SlotChoice } from '@web/components/admin/SlotPicker';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useAddGame } from '../api/admin-hunts';

const focusField = (box: RefObject<HTMLDivElement | null>) => {
  const input = box.current?.querySelector('input');
  input?.focus();
  input?.select();
};

/**
 * The "Add slot" bar, for typing during a stream: slot (type-ahead; a new name joins the catalogue), Enter moves to
 * the bet, Enter there adds the game and puts the cursor back in the slot field. The bet stays for the next slot.
 */
export function AddGameBar({ huntId }: { huntId: number }) {
  const add = useAddGame(huntId);
  const toast = useToast();
  const slotInput = useRef<HTMLInputElement>(null);
  // The shared text field keeps its input to itself: these boxes find it to move the cursor along.
  const providerBox = useRef<HTMLDivElement>(null);
  const betBox = useRef<HTMLDivElement>(null);
  const [slotText, setSlotText] = useState('');
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [provider, setProvider] = useState('');
  const [bet, setBet] = useState('');
  const [memberText, setMemberText] = useState('');
  const [member, setMember] = useState<HuntMember | null>(null);
  const [memberError, setMemberError] = useState<string>();
  const [added, setAdded] = useState('');
  const isNew = choice !== null && 'name' in choice;
  const fieldError = (field: string) => (add.error instanceof ApiError ? add.error.field(field) : undefined);

  const choose = (next: SlotChoice) => {
    setChoice(next);
    setSlotText('slot' in next ? next.slot.name : next.name);
    // The next field once React has drawn it (the provider field appears for a new slot).
    requestAnimationFrame(() => focusField('name' in next ? providerBox : betBox));
  };

  const submit = () => {
    if (memberText.trim() !== '' && member === null) {
      setMemberError(CHOOSE_LISTED_MEMBER);
      return;
    }
    setMemberError(undefined);
    const slot = choice ?? (slotText.trim() === '' ? null : { name: slotText.trim() });
    const name = slot === null ? '' : 'slot' in slot ? slot.slot.name : slot.name;
    add.mutate(
      {
        ...(slot === null ? {} : 'slot' in slot ? { slot_id: slot.slot.id } : { slot_name: slot.name, slot_provider: provider }),
        slot_bet: asNumber(bet),
        assigned_user_id: member?.id ?? null,
      },
      {
        onSuccess: (answer) => {
          setAdded(`Added “${name}” as #${answer.data.games.length}.`);
          setSlotText('');
          setChoice(null);
          setProvider('');
          setMemberText('');
          setMember(null);
          slotInput.current?.focus();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.errors)) toast.error(errorMessage(failure, 'The slot was not added.'));
        },
      },
    );
  };

  return (
    <form
      aria-label="Add slot"
      noValidate
      className="grid gap-3 rounded-xl border border-line bg-surface-2/60 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_8rem_minmax(0,1.4fr)_auto] md:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SlotPicker
        label="Slot"
        allowNew
        text={slotText}
        inputRef={slotInput}
        onText={(text) => {
          setSlotText(text);
          setChoice(null);
        }}
        onChoose={choose}
        error={fieldError('slot_name') ?? fieldError('slot_id')}
      />
      {/* Only a new slot has a provider to type; phones show the field only then. */}
      <div ref={providerBox} className={isNew ? undefined : 'hidden md:block'}>
        <TextField
          label="Provider (new slot)"
          value={provider}
          maxLength={60}
          disabled={!isNew}
          placeholder={isNew ? 'e.g. Pragmatic Play' : 'From the catalogue'}
          onChange={(event) => setProvider(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            focusField(betBox);
          }}
          error={fieldError('slot_provider')}
        />
      </div>
      <div ref={betBox}>
        <TextField label="Bet ($)" inputMode="decimal" value={bet} placeholder="1.00" onChange={(event) => setBet(event.target.value)} error={fieldError('slot_bet')} />
      </div>
      <MemberPicker
        text={memberText}
        onText={(text) => {
          setMemberText(text);
          setMember(null);
        }}
        onChoose={setMember}
        onEnter={submit}
        error={memberError ?? fieldError('assigned_user_id')}
      />
      <div className="flex flex-col gap-1.5">
        <span aria-hidden className="hidden text-sm md:block">
          &nbsp;
        </span>
        <Button type="submit" busy={add.isPending} busyLabel="Adding...">
          <Plus className="size-4" aria-hidden /> Add slot
        </Button>
      </div>
      <p role="status" className="text-xs text-muted md:col-span-5">
        {added || 'Enter in the slot field goes to the bet; Enter in the bet adds the slot.'}
      </p>
    </form>
  );
}
