import type { TournamentMember } from '@common/contracts/tournaments';
import type { AdminTournament, TournamentInput } from '@common/contracts/tournaments-admin';
import type { TournamentSize } from '@common/tournaments';
import { displayName } from '@common/display-name';
import { CHOOSE_LISTED_MEMBER } from '@web/components/admin/MemberPicker';
import { asNumber } from '@web/lib/form-number';

/** One seat as typed: the slot's name (from the catalogue when slot_id is set) and the member playing it. */
export interface SeatDraft {
  name: string;
  slot_id: number | null;
  image: string | null;
  /** What the member field shows; `member` is set only once one is chosen from the list. */
  memberText: string;
  member: TournamentMember | null;
}

/** The tournament form as typed: reward amounts stay text until submit, so the server names what is wrong. */
export interface TournamentDraft {
  name: string;
  description: string;
  size: TournamentSize;
  seats: SeatDraft[];
  rewards: string[];
}

const emptySeat = (): SeatDraft => ({ name: '', slot_id: null, image: null, memberText: '', member: null });
const NEW_SIZE: TournamentSize = 8;

export const draftOf = (tournament: AdminTournament | null): TournamentDraft => ({
  name: tournament?.name ?? '',
  description: tournament?.description ?? '',
  size: (tournament?.size ?? NEW_SIZE) as TournamentSize,
  seats: tournament
    ? tournament.slots.map((seat) => ({ name: seat.name, slot_id: seat.slot_id, image: seat.image, memberText: seat.user ? displayName(seat.user) : '', member: seat.user }))
    : Array.from({ length: NEW_SIZE }, emptySeat),
  rewards: (tournament?.reward_points ?? []).map(String),
});

/** A new size keeps the first seats as they are and adds empty ones (or drops the last). */
export const resized = (seats: readonly SeatDraft[], size: number): SeatDraft[] => Array.from({ length: size }, (_, index) => seats[index] ?? emptySeat());

/** Member fields with a typed name but nobody chosen, keyed like the server's field errors (`slots.3.user_id`). */
export function unchosenMembers(draft: TournamentDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  draft.seats.forEach((seat, index) => {
    if (seat.memberText.trim() !== '' && seat.member === null) errors[`slots.${index}.user_id`] = CHOOSE_LISTED_MEMBER;
  });
  return errors;
}

export const inputOf = (draft: TournamentDraft): TournamentInput => ({
  name: draft.name,
  description: draft.description,
  size: draft.size,
  slots: draft.seats.map((seat) => ({ name: seat.name, slot_id: seat.slot_id, user_id: seat.member?.id ?? null })),
  reward_points: draft.rewards.map(asNumber),
});
