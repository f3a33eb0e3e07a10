import { HUNT_EVENTS_PATH } from '@common/bonus-hunts';
import type { HuntChangeEvent } from '@common/contracts/bonus-hunts';
import { useEffect, useRef, useState } from 'react';

/**
 * Listens to the server-sent hunt changes (event `hunt`) while mounted and calls `onChange` with each one, or with
 * null when the stream reconnects (changes may have been missed meanwhile). Returns whether the stream is open.
 * When the stream fails, the browser retries by itself and the callers' polling carries on.
 */
export function useHuntEvents(onChange: (event: HuntChangeEvent | null) => void): boolean {
  const latest = useRef(onChange);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(HUNT_EVENTS_PATH);
    let wasOpen = false;
    source.addEventListener('open', () => {
      if (wasOpen) latest.current(null);
      wasOpen = true;
      setOpen(true);
    });
    source.addEventListener('error', () => setOpen(false));
    source.addEventListener('hunt', (message) => {
      try {
        latest.current(JSON.parse((message as MessageEvent<string>).data) as HuntChangeEvent);
      } catch (error) {
        console.warn('Ignored a malformed hunt event', error);
      }
    });
    return () => source.close();
  }, []);

  return open;
}
