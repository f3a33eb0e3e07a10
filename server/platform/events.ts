import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Publish/subscribe between the parts of the site, and between instances: in-process by default, through
 * Redis pub/sub when REDIS_URL is set, so a change made on one instance reaches listeners on every instance.
 */
export interface EventBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

export function createEventBus(options: { redis?: Redis; namespace?: string } = {}): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const { redis } = options;
  if (!redis) {
    return {
      async publish(channel, payload) {
        local.emit(channel, payload);
      },
      subscribe(channel, listener) {
        local.on(channel, listener);
        return () => local.off(channel, listener);
      },
      async close() {
        local.removeAllListeners();
      },
    };
  }

  const prefix = `${options.namespace ?? ''}events:`;
  // A connection in subscriber mode can do nothing else: one of its own, opened on the first subscription.
  let subscriber: Redis | undefined;
  const subscribed = new Set<string>();
  const ensureSubscribed = (channel: string) => {
    subscriber ??= (() => {
      const connection = redis.duplicate();
      connection.on('message', (key: string, payload: string) => local.emit(key.slice(prefix.length), payload));
      connection.on('error', () => undefined); // ioredis reconnects by itself; the error is logged by the caller's Redis.
      return connection;
    })();
    if (subscribed.has(channel)) return;
    subscribed.add(channel);
    void subscriber.subscribe(prefix + channel).catch(() => subscribed.delete(channel));
  };

  return {
    async publish(channel, payload) {
      await redis.publish(prefix + channel, payload);
    },
    subscribe(channel, listener) {
      ensureSubscribed(channel);
      local.on(channel, listener);
      return () => local.off(channel, listener);
    },
    async close() {
      local.removeAllListeners();
      subscriber?.disconnect();
    },
  };
}
