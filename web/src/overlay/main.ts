import '@fontsource-variable/inter';
import './overlay.css';
import { overlayWindowStart } from '@common/bonus-hunts';
import type { OverlayHunt } from '@common/contracts/bonus-hunts';
import { startHuntFeed } from './feed';
import { describeHunt } from './model';
import { createOverlayView } from './view';

/** Spec 2 §9: the window of games auto-rotates one position every 4 s while no game has a win. */
const ROTATE_MS = 4000;

const view = createOverlayView(document.getElementById('overlay')!);
/** undefined until the first hunt with games arrives (the page shows 'Loading Bonus Hunt...'). */
let hunt: OverlayHunt | null | undefined;
/** 4-second steps since this hunt appeared; overlayWindowStart uses them only while it rotates. */
let tick = 0;

function show(): void {
  if (hunt === null) view.empty();
  else if (hunt) view.hunt(describeHunt(hunt), overlayWindowStart(hunt.games, tick));
}

startHuntFeed({
  pollOnly: new URLSearchParams(window.location.search).get('poll-only') === '1',
  onHunt(next) {
    // Spec 2 §4: a fetched hunt is used only if it has games.
    if (next && next.games.length === 0) return;
    if (next && next.id !== hunt?.id) tick = 0;
    hunt = next;
    show();
  },
});

setInterval(() => {
  tick += 1;
  show();
}, ROTATE_MS);
