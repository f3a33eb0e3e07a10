/** What members are told about their predictions (spec 2 §4, §5). */
export const TOURNAMENT_MESSAGES = {
  notFound: 'Tournament not found.',
  signIn: 'You must be logged in to make predictions',
  closed: 'Predictions are no longer active for this tournament',
  empty: 'Please make at least one prediction',
  unknownMatch: (id: number) => `Match ${id} is not part of this tournament.`,
  duplicate: 'Each match can be picked once.',
  cannotReach: (name: string, matchNumber: number) => `“${name}” cannot reach Match ${matchNumber}.`,
  locked: (matchNumber: number) => `Match ${matchNumber} already has a result; your pick there is locked.`,
  saved: 'Predictions saved!',
  changed: 'Staff changed this tournament while your predictions were saving. Look at the bracket and save again.',
} as const;
