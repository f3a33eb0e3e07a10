import type { AdminRaffle, RaffleInput } from '@common/contracts/raffles-admin';
import { DEFAULT_POINTS_PER_ENTRY } from '@common/raffles';
import type { Role } from '@common/roles';
import { asNumber } from '@web/lib/form-number';
import { keptInstant, localInput } from '@web/lib/local-datetime';

/** The raffle form as typed: numbers and times stay text until submit, so the server names what is wrong. */
export interface RaffleDraft {
  title: string;
  description: string;
  image: string | null;
  prize_value: string;
  allow_passwordless_entry: boolean;
  allow_points_entry: boolean;
  points_per_entry: string;
  has_password_entry: boolean;
  /** Empty on edit keeps the stored password. */
  password: string;
  max_entries: string;
  winners_count: string;
  starts_at: string;
  end_datetime: string;
  auto_draw: boolean;
  required_role: Role;
  requires_kick: boolean;
}

const optional = (value: number | null) => (value === null ? '' : String(value));

export const draftOf = (raffle: AdminRaffle | null): RaffleDraft => ({
  title: raffle?.title ?? '',
  description: raffle?.description ?? '',
  image: raffle?.image ?? null,
  prize_value: optional(raffle?.prize_value ?? null),
  allow_passwordless_entry: raffle?.allow_passwordless_entry ?? true,
  allow_points_entry: raffle?.allow_points_entry ?? false,
  points_per_entry: String(raffle?.points_per_entry ?? DEFAULT_POINTS_PER_ENTRY),
  has_password_entry: raffle?.has_password_entry ?? false,
  password: '',
  max_entries: optional(raffle?.max_entries ?? null),
  winners_count: String(raffle?.winners_count ?? 1),
  starts_at: raffle ? localInput(raffle.starts_at) : '',
  end_datetime: raffle ? localInput(raffle.end_datetime) : '',
  auto_draw: raffle?.auto_draw ?? false,
  required_role: raffle?.required_role ?? 'user',
  requires_kick: raffle?.requires_kick ?? false,
});

/** What the API gets: empty optional fields become null (no prize value, no limit) or are left out (start now, keep the password). */
export function inputOf(draft: RaffleDraft, raffle: AdminRaffle | null): RaffleInput {
  const { prize_value, points_per_entry, password, max_entries, winners_count, starts_at, end_datetime, ...rest } = draft;
  return {
    ...rest,
    prize_value: prize_value.trim() === '' ? null : asNumber(prize_value),
    points_per_entry: asNumber(points_per_entry),
    ...(draft.has_password_entry && password.trim() !== '' ? { password } : {}),
    max_entries: max_entries.trim() === '' ? null : asNumber(max_entries),
    winners_count: asNumber(winners_count),
    ...(starts_at.trim() === '' ? {} : { starts_at: keptInstant(starts_at, raffle?.starts_at) }),
    end_datetime: keptInstant(end_datetime, raffle?.end_datetime),
  };
}
