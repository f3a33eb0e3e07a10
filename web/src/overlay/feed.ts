import { HUNT_EVENTS_PATH } from '@common/bonus-hunts';
import type { OverlayHunt } from '@common/contracts/bonus-hunts';

/** Spec 2 §9: the overlay polls every 3 s. */
export const POLL_MS = 3000;
const LATEST_ACTIVE_PATH = '/api/r/bonus-hunts/latest-active';

/**
 * Feeds the overlay the running hunt (null when none runs): polls latest-active every 3 s, and, unless `pollOnly`,
 * refetches at once on every `hunt` event of the server's event stream, so a win shows within a second. If the
 * stream fails, polling carries on; EventSource reconnects by itself. A failed fetch is only logged (spec 2 §8).
 */
export function startHuntFeed({ pollOnly, onHunt }: { pollOnly: boolean; onHunt: (hunt: OverlayHunt | null) => void }): void {
  let fetching = false;
  let fetchAgain = false;

  async function refresh(): Promise<void> {
    // An event during a fetch may describe a change that fetch missed: fetch once more when it ends.
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    try {
      const response = await fetch(LATEST_ACTIVE_PATH, { headers: { Accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw new Error(`latest-active answered ${response.status}`);
      const body = (await response.json()) as { data: OverlayHunt | null };
      onHunt(body.data);
    } catch (error) {
      console.error('Bonus hunt overlay: could not load the hunt.', error);
    } finally {
      fetching = false;
      if (fetchAgain) {
        fetchAgain = false;
        void refresh();
      }
    }
  }

  void refresh();
  setInterval(() => void refresh(), POLL_MS);
  if (!pollOnly) new EventSource(HUNT_EVENTS_PATH).addEventListener('hunt', () => void refresh());
}
