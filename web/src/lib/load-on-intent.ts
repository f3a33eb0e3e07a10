import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * A module the first paint does not need (a menu's Radix parts with their positioning code, a dialog's focus trap),
 * fetched once on the first sign of use: the pointer resting on its trigger, the trigger taking focus, a press.
 */
export interface IntentModule<T> {
  /** The module once it has arrived (every later trigger renders it at once). */
  value: T | undefined;
  load(): Promise<T>;
}

export function onIntent<T>(importer: () => Promise<T>): IntentModule<T> {
  let promise: Promise<T> | undefined;
  const module: IntentModule<T> = {
    value: undefined,
    load: () =>
      (promise ??= importer().then(
        (value) => (module.value = value),
        (error: unknown) => {
          // A failed fetch (offline for a moment) is tried again on the next sign of use.
          promise = undefined;
          throw error;
        },
      )),
  };
  return module;
}

/** What happened on the light trigger before the real component replaced it. */
export interface IntentHandoff {
  /** The light trigger had the focus: the real trigger takes it, so keyboard users stay where they were. */
  focus: boolean;
  /** Pressed before the module arrived: the press is replayed on the real trigger, which opens as it always does. */
  pointerDown: boolean;
  click: boolean;
  /** A key that opens a menu (Enter, Space, ArrowDown), held back from the light trigger and replayed. */
  key: string | null;
  /** What opens the real widget: a Radix menu opens on pointerdown, a popover or dialog on click. */
  opensOn: 'pointerdown' | 'click';
}

/**
 * The light trigger's side: handlers that fetch the module on hover or focus and note a press made before it
 * arrived. `value` is set once the module is there; the caller then renders the real component with `handoff`.
 * `keys`: keys the real trigger opens on by itself (a Radix menu opens on Enter, Space and ArrowDown); a dialog or
 * popover opens on the click that Enter and Space make on a button, so it needs none.
 */
export function useIntent<T>(module: IntentModule<T>, { keys = [], opensOn = 'click' }: { keys?: string[]; opensOn?: IntentHandoff['opensOn'] } = {}) {
  const [value, setValue] = useState(module.value);
  const handoff = useRef<IntentHandoff>({ focus: false, pointerDown: false, click: false, key: null, opensOn });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const fetch = useCallback(() => {
    if (module.value) return setValue(() => module.value);
    module.load().then(
      (loaded) => mounted.current && setValue(() => loaded),
      () => undefined,
    );
  }, [module]);

  const note = (change: Partial<IntentHandoff>) => {
    handoff.current = { ...handoff.current, ...change };
  };
  const handlers = {
    onPointerEnter: fetch,
    onFocus: (_event: FocusEvent) => {
      note({ focus: true });
      fetch();
    },
    onBlur: () => note({ focus: false }),
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      note({ pointerDown: true });
      fetch();
    },
    onClick: () => {
      note({ click: true });
      fetch();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!keys.includes(event.key)) return;
      event.preventDefault();
      note({ key: event.key });
      fetch();
    },
  };
  return { value, handlers, handoff: handoff.current };
}

/**
 * The real component's side, on its trigger: takes the focus from the light trigger it replaced and replays a press
 * made there, so the widget opens exactly as if it had been there all along (a menu opened from the keyboard
 * focuses its first item, a pointer-opened one does not).
 */
export function useTakeFocus(handoff: IntentHandoff | undefined) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const trigger = ref.current;
    if (!trigger || !handoff) return;
    if (handoff.focus || handoff.key) trigger.focus();
    if (handoff.key) {
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: handoff.key, bubbles: true, cancelable: true }));
      return;
    }
    if (handoff.opensOn === 'pointerdown') {
      if (handoff.pointerDown) trigger.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' }));
      return;
    }
    // A press that began on the light trigger never ends in a click on this one (the browser sends the click to an
    // ancestor once the pressed element is gone), so a press counts as the click whether or not it had arrived.
    if (handoff.pointerDown || handoff.click) trigger.click();
    // Only on mount: the handoff happens once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
