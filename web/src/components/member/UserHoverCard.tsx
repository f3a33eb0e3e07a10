import { cloneElement, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { onIntent } from '@web/lib/load-on-intent';
import type { HoverHandoff } from './UserHoverCardLoaded';

type TriggerProps = {
  onPointerEnter?(event: PointerEvent): void;
  onPointerLeave?(event: PointerEvent): void;
  onFocus?(event: FocusEvent): void;
  onBlur?(event: FocusEvent): void;
};

// The card (Radix HoverCard, its positioning code, the member's stats) is fetched when a name is first hovered or
// focused: pages full of names (hunts, purchases, raffle entries) paint without it.
const card = onIntent(() => import('./UserHoverCardLoaded'));

/**
 * Spec 1 §2 user hover card around a member's name (a link): opens 300 ms after the pointer rests on it or it takes
 * the focus, closes 150 ms after it leaves (UserHoverCardLoaded).
 */
export function UserHoverCard({ username, children }: { username: string; children: ReactElement<TriggerProps> }) {
  const [loaded, setLoaded] = useState(card.value);
  const handoff = useRef<HoverHandoff>({ hovered: false, focused: false, since: 0 });
  if (loaded) return <loaded.default username={username} handoff={handoff.current}>{children}</loaded.default>;

  const fetch = () =>
    void card.load().then(
      (module) => setLoaded(() => module),
      () => undefined,
    );
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent) => {
      own.onPointerEnter?.(event);
      // Like Radix, a touch does not open the card: the tap follows the link.
      if (event.pointerType === 'touch') return;
      handoff.current = { ...handoff.current, hovered: true, since: performance.now() };
      fetch();
    },
    onPointerLeave: (event: PointerEvent) => {
      own.onPointerLeave?.(event);
      handoff.current = { ...handoff.current, hovered: false };
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      handoff.current = { ...handoff.current, focused: true };
      fetch();
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      handoff.current = { ...handoff.current, focused: false };
    },
  });
}
