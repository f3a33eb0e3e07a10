import type { HuntChangeEvent } from '../../../common/contracts/bonus-hunts';
import type { EventBus } from '../../platform/events';

const CHANNEL = 'bonus-hunts';

/** Tells every instance that a hunt changed (a game, a win, predictions); the SSE route passes it on to browsers. */
export function createHuntEvents({ bus, now }: { bus: EventBus; now: () => Date }) {
  return {
    /** Call after the change is committed. A failed publish only delays viewers until their next poll. */
    changed(huntId: number): void {
      const event: HuntChangeEvent = { hunt_id: huntId, at: now().toISOString() };
      bus.publish(CHANNEL, JSON.stringify(event)).catch(() => undefined);
    },
    listen(listener: (event: HuntChangeEvent) => void): () => void {
      return bus.subscribe(CHANNEL, (payload) => listener(JSON.parse(payload) as HuntChangeEvent));
    },
  };
}
export type HuntEvents = ReturnType<typeof createHuntEvents>;
