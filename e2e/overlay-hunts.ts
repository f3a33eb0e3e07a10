import type { Page } from '@playwright/test';
import type { HuntGame, OverlayGame, OverlayHunt } from '../common/contracts/bonus-hunts';
import type { BonusHuntRow } from '../server/db/types';
import { toOverlayHunt } from '../server/features/bonus-hunts/hunt-views';

/*
 * Crafted latest-active answers for the overlay's pure display rules (window, rotation, focus, colours), served with
 * page.route so each test controls the hunt without touching the site's one running hunt.
 */

export const OVERLAY = '/overlays/bonus-hunt';
export const LATEST_ACTIVE = '**/api/r/bonus-hunts/latest-active';

/** A game of a crafted hunt: not opened unless it gets a win. */
export const game = (slot_name: string, slot_bet: number, fields: Partial<OverlayGame> = {}): Omit<OverlayGame, 'id'> => ({
  slot_name,
  slot_provider: 'Pragmatic Play',
  slot_image: null,
  slot_bet,
  slot_win: 0,
  pending_win: false,
  opened: false,
  ...fields,
});
export const won = (slot_name: string, slot_bet: number, slot_win: number) => game(slot_name, slot_bet, { slot_win, opened: true });

/** `count` unopened games named 'Slot 1'.. with $10 bets. */
export const unopened = (count: number) => Array.from({ length: count }, (_, index) => game(`Slot ${index + 1}`, 10));

/** The hunt as the server would answer it: the statistics come from the server's own view of a hunt. */
export function craftedHunt(id: number, games: Omit<OverlayGame, 'id'>[], startBalance = 1000): OverlayHunt {
  const rows = games.map((row, index) => ({ ...row, id: id * 1000 + index + 1 }));
  // toOverlayHunt reads only the id and start balance of the row, and only the overlay's fields of each game.
  return toOverlayHunt({ id, start_balance_cents: startBalance * 100 } as BonusHuntRow, rows as unknown as HuntGame[]);
}

/** Answers latest-active with whatever `current()` returns at each poll (a hunt, null, or a failure status). */
export async function serveLatestActive(page: Page, current: () => OverlayHunt | null | number) {
  await page.route(LATEST_ACTIVE, (route) => {
    const answer = current();
    if (typeof answer === 'number') return route.fulfill({ status: answer, json: { success: false, message: 'Server error' } });
    return route.fulfill({ json: { success: true, data: answer } });
  });
}
