import { countOf, formatCount } from '../../../common/format';
import { ROLE_LABELS } from '../../../common/roles';
import type { SessionUser } from '../../platform/auth/sessions';

/** What members are told when entering (spec 2 §3, §5), shared by the checks and the batched entry. */
export const RAFFLE_MESSAGES = {
  notFound: 'Raffle not found.',
  signIn: 'Please sign in to enter raffles',
  notAccepting: 'This raffle is not accepting entries',
  changed: 'This raffle was changed a moment ago. Check it and try again.',
  noFreeEntry: 'This raffle has no free entry.',
  noPointsEntry: 'This raffle does not take points entries.',
  noPasswordEntry: 'This raffle has no password entry.',
  role: (required: SessionUser['role'], own: SessionUser['role']) =>
    `This raffle is open to the ${ROLE_LABELS[required]} role and above; your role is ${ROLE_LABELS[own]}.`,
  kick: 'Link your Kick account in Settings to enter this raffle.',
  wrongPassword: 'Wrong password.',
  multiple: (perEntry: number) => `Spend a multiple of ${countOf(perEntry, 'point')}: one entry costs ${formatCount(perEntry)}.`,
  freeTaken: 'You already have your free entry in this raffle.',
  passwordTaken: 'You already entered this raffle with the password.',
  limit: (limit: number, remaining: number) =>
    remaining === 0
      ? `You have reached the limit of ${countOf(limit, 'entry', 'entries')} in this raffle.`
      : `You can add only ${countOf(remaining, 'more entry', 'more entries')} to this raffle (the limit is ${countOf(limit, 'entry', 'entries')} per member).`,
  points: (cost: number, entries: number, balance: number) =>
    `You need ${countOf(cost, 'point')} for ${countOf(entries, 'entry', 'entries')}; you have ${formatCount(balance)}.`,
  entered: (title: string) => `You entered “${title}”!`,
  bought: (entries: number, title: string) => `You bought ${countOf(entries, 'entry', 'entries')} in “${title}”!`,
} as const;
