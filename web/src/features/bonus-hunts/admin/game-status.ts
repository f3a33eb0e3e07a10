import type { HuntGame } from '@common/contracts/bonus-hunts';

/** A game still to settle: not opened yet, or its win is pending. */
export const awaitingWin = (game: Pick<HuntGame, 'opened' | 'pending_win'>) => !game.opened || game.pending_win;

export type GameStatus = 'Not opened' | 'Pending' | 'Opened';
export const statusOf = (game: HuntGame): GameStatus => (game.pending_win ? 'Pending' : game.opened ? 'Opened' : 'Not opened');
