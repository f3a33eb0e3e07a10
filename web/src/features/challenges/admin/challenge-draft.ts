import type { AdminChallenge, ChallengeInput } from '@common/contracts/challenges-admin';
import type { PrizeType } from '@common/challenges';
import { asNumber } from '@web/lib/form-number';
import { keptInstant, localInput } from '@web/lib/local-datetime';

/** The challenge form as typed: numbers and times stay text until submit, so the server names what is wrong. */
export interface ChallengeDraft {
  slot_name: string;
  /** The catalogue slot the name was picked from; typing again unlinks it. */
  slot_id: number | null;
  /** The catalogue slot's picture, shown while the challenge has no upload of its own. */
  catalogue_image: string | null;
  /** The challenge's own upload. */
  image: string | null;
  multiplier: string;
  min_bet: string;
  prize_type: PrizeType;
  prize_amount: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
}

const DAY = 24 * 60 * 60_000;

/** A new challenge starts now and runs a week, a cash prize, open for claims. */
export function draftOf(challenge: AdminChallenge | null, now = new Date()): ChallengeDraft {
  if (!challenge) {
    return {
      slot_name: '',
      slot_id: null,
      catalogue_image: null,
      image: null,
      multiplier: '',
      min_bet: '',
      prize_type: 'cash',
      prize_amount: '',
      start_date: localInput(now.toISOString()),
      end_date: localInput(new Date(now.getTime() + 7 * DAY).toISOString()),
      is_active: true,
    };
  }
  return {
    slot_name: challenge.slot_name,
    slot_id: challenge.slot_id,
    // slot_image is the upload, else the catalogue slot's picture.
    catalogue_image: challenge.image === null ? challenge.slot_image : null,
    image: challenge.image,
    multiplier: String(challenge.multiplier),
    min_bet: String(challenge.min_bet),
    prize_type: challenge.prize_type,
    prize_amount: String(challenge.prize_amount),
    start_date: localInput(challenge.start_date),
    end_date: localInput(challenge.end_date),
    is_active: challenge.is_active,
  };
}

/** The picture the challenge will show: its own upload, else its catalogue slot's. */
export const shownImage = (draft: ChallengeDraft) => draft.image ?? draft.catalogue_image;

export const inputOf = (draft: ChallengeDraft, challenge: AdminChallenge | null): ChallengeInput => ({
  slot_name: draft.slot_name,
  slot_id: draft.slot_id,
  image: draft.image,
  multiplier: asNumber(draft.multiplier),
  min_bet: asNumber(draft.min_bet),
  prize_type: draft.prize_type,
  prize_amount: asNumber(draft.prize_amount),
  start_date: keptInstant(draft.start_date, challenge?.start_date),
  end_date: keptInstant(draft.end_date, challenge?.end_date),
  is_active: draft.is_active,
});
