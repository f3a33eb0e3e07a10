import { MemberPicker } from '@web/components/admin/MemberPicker';
import { SlotPicker } from '@web/components/admin/SlotPicker';
import { SlotImage } from '@web/components/ui/slot-image';
import type { SeatDraft } from './tournament-draft';

type FieldError = (field: string) => string | undefined;
const freeName = (name: string) => <>Use “{name}” (not in the catalogue)</>;

/** One seat: its number, the slot (catalogue or a free name) and the member playing it, if any. */
/** Changes one seat from its latest state (a pick changes the text, then the choice, in one event). */
export type SeatChange = (index: number, change: (seat: SeatDraft) => SeatDraft) => void;

function SeatRow({ seat, index, onSeat, error }: { seat: SeatDraft; index: number; onSeat: SeatChange; error: FieldError }) {
  const number = index + 1;
  return (
    <div className="grid grid-cols-[1.75rem_2.5rem_minmax(0,1fr)] items-start gap-2 sm:grid-cols-[1.75rem_2.5rem_minmax(0,1.2fr)_minmax(0,1fr)]" data-testid="seat">
      <span className="mt-2.5 text-right text-sm font-bold text-muted tabular-nums">{number}</span>
      <SlotImage image={seat.image} className="size-10" large />
      <SlotPicker
        label={`Slot ${number}`}
        hideLabel
        allowNew
        newOption={freeName}
        text={seat.name}
        // Typing again unlinks the catalogue slot: the seat is then the name as typed.
        onText={(name) => onSeat(index, (current) => ({ ...current, name, slot_id: null, image: null }))}
        onChoose={(choice) =>
          onSeat(index, (current) => ('slot' in choice ? { ...current, name: choice.slot.name, slot_id: choice.slot.id, image: choice.slot.image } : { ...current, name: choice.name, slot_id: null, image: null }))
        }
        error={error(`slots.${index}.name`) ?? error(`slots.${index}.slot_id`)}
      />
      <div className="col-span-2 col-start-2 sm:col-span-1 sm:col-start-auto">
        <MemberPicker
          label={`Member of slot ${number}`}
          hideLabel
          text={seat.memberText}
          onText={(memberText) => onSeat(index, (current) => ({ ...current, memberText, member: null }))}
          onChoose={(member) => onSeat(index, (current) => ({ ...current, member }))}
          error={error(`slots.${index}.user_id`)}
        />
      </div>
    </div>
  );
}

/** The seats in seeding order, two to a first-round match (1 v 2, 3 v 4…), as the bracket will pair them. */
export function SeatEditor({ seats, onSeat, error }: { seats: SeatDraft[]; onSeat: SeatChange; error: FieldError }) {
  const pairs = Array.from({ length: Math.ceil(seats.length / 2) }, (_, match) => [2 * match, 2 * match + 1]);
  return (
    <div className="space-y-3">
      <div className="hidden grid-cols-[1.75rem_2.5rem_minmax(0,1.2fr)_minmax(0,1fr)] gap-2 px-3 text-xs font-semibold tracking-wide text-muted uppercase sm:grid" aria-hidden>
        <span />
        <span />
        <span>Slot</span>
        <span>Member (optional)</span>
      </div>
      {pairs.map(([first, second], match) => (
        <div key={match} role="group" aria-label={`Match ${match + 1}`} className="space-y-1.5 rounded-lg border border-line bg-bg/40 p-3">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Match {match + 1}</p>
          <SeatRow seat={seats[first]} index={first} onSeat={onSeat} error={error} />
          <p className="pl-[4.75rem] text-xs font-black tracking-widest text-accent" aria-hidden>
            VS
          </p>
          {seats[second] && <SeatRow seat={seats[second]} index={second} onSeat={onSeat} error={error} />}
        </div>
      ))}
    </div>
  );
}
