import { randomUUID } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';

/**
 * A short-lived cache for hot reads. In-process by default; shared through Redis when the site runs
 * as several instances, so a write on one instance invalidates the value for all of them.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Lets go of whatever the cache holds open (a connection); called when the app closes. */
  close(): Promise<void>;
  /**
   * Returns the cached value or computes it once, however many callers ask at the same moment.
   * ttlMs may depend on the value (a failed lookup can be kept for less time than a good one).
   */
  wrap<T>(key: string, ttlMs: Ttl<T>, compute: () => Promise<T>): Promise<T>;
}

type Ttl<T> = number | ((value: T) => number);

abstract class BaseCache implements Cache {
  private readonly pending = new Map<string, Promise<unknown>>();

  abstract get<T>(key: string): Promise<T | undefined>;
  abstract set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  abstract del(...keys: string[]): Promise<void>;
  abstract close(): Promise<void>;

  async wrap<T>(key: string, ttlMs: Ttl<T>, compute: () => Promise<T>): Promise<T> {
    const cached = await this.get<T>(key);
    if (cached !== undefined) return cached;
    const inFlight = this.pending.get(key) as Promise<T> | undefined;
    if (inFlight) return inFlight;
    const promise = (async () => {
      try {
        const value = await compute();
        await this.set(key, value, typeof ttlMs === 'function' ? ttlMs(value) : ttlMs);
        return value;
      } finally {
        this.pending.delete(key);
      }
    })();
    this.pending.set(key, promise);
    return promise;
  }
}

export class MemoryCache extends BaseCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    const now = this.now();
    // Maps iterate in insertion order, and a key set again goes to the end: the first entries are the oldest written.
    // Those that have expired go (keys under an old generation are never read again, so a read would not drop them),
    // then the oldest when full.
    this.entries.delete(key);
    for (const [oldest, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + ttlMs });
  }

  async del(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }

  /** Entries held, expired ones included until they are swept (tests). */
  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    await this.clear();
  }
}

/** How long an instance keeps its own copy of a value read from Redis, at most (announcements drop it sooner). */
export const NEAR_COPY_MS = 1_000;

/**
 * Redis, shared by every instance, with a copy of each value this instance read or wrote kept in its memory for up
 * to NEAR_COPY_MS, so a hot read costs no round trip. Every set and delete is announced on a channel; each instance
 * drops its copy of the key as it hears that, so a change on one instance shows on the others within a message's
 * trip. Copies are kept only while the channel is heard: a lookup during which anything changed (an announcement
 * heard, a write of this instance's, the channel lost) keeps nothing, and losing the channel drops every copy.
 */
export class RedisCache extends BaseCache {
  private readonly copies: MemoryCache;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly id = randomUUID();
  private listening = false;
  private closed = false;
  /** Moves on every announcement heard from another instance, every write of this one and every loss of the channel. */
  private changes = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cache:',
    now: () => number = Date.now,
  ) {
    super();
    this.copies = new MemoryCache(10_000, now);
    this.channel = `${prefix}changed`;
    this.subscriber = redis.duplicate({ autoResubscribe: false, connectionName: this.channel });
    this.subscriber.on('message', (_channel: string, message: string) => {
      if (message.startsWith(this.id)) return;
      this.changes++;
      void this.copies.del(message.slice(this.id.length + 1));
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          this.listening = !this.closed;
        },
        () => undefined,
      );
    });
    this.subscriber.on('close', () => {
      this.listening = false;
      this.changes++;
      void this.copies.clear();
    });
    // ioredis reconnects by itself; the main connection's commands report an outage to their callers.
    this.subscriber.on('error', () => undefined);
    if (this.subscriber.status === 'wait') this.subscriber.connect().catch(() => undefined);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const before = this.changes;
    const trusted = this.listening;
    const copy = await this.copies.get<T>(key);
    if (copy !== undefined) return copy;
    const [raw, ttlMs] = (await this.run((batch) => batch.get(this.prefix + key).pttl(this.prefix + key))) as [string | null, number];
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as T;
    if (trusted && this.unchangedSince(before) && ttlMs > 0) await this.copies.set(key, value, Math.min(ttlMs, NEAR_COPY_MS));
    return value;
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    const before = ++this.changes;
    const trusted = this.listening;
    const px = Math.max(1, Math.round(ttlMs));
    await this.copies.del(key);
    let written = false;
    try {
      await this.run((batch) => batch.set(this.prefix + key, JSON.stringify(value), 'PX', px).publish(this.channel, `${this.id} ${key}`));
      written = true;
    } finally {
      // A lookup of this key answered just before the write may have kept the old value meanwhile, and a write that
      // failed may still have reached Redis: the copy is replaced or dropped either way.
      if (written && trusted && this.unchangedSince(before)) await this.copies.set(key, value, Math.min(px, NEAR_COPY_MS));
      else await this.copies.del(key);
    }
  }

  async del(...keys: string[]): Promise<void> {
    if (!keys.length) return;
    this.changes++;
    await this.copies.del(...keys);
    try {
      await this.run((batch) => keys.reduce((next, key) => next.publish(this.channel, `${this.id} ${key}`), batch.del(...keys.map((key) => this.prefix + key))));
    } finally {
      // A lookup answered just before the delete may have kept the old value meanwhile.
      await this.copies.del(...keys);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.subscriber.disconnect();
    await this.copies.clear();
  }

  private unchangedSince(before: number): boolean {
    return this.listening && this.changes === before;
  }

  /** Commands sent together in one round trip; the first failure is thrown. */
  private async run(commands: (batch: ChainableCommander) => ChainableCommander): Promise<unknown[]> {
    const results = await commands(this.redis.pipeline()).exec();
    if (!results) throw new Error('Redis did not run the commands.');
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
    return results.map(([, result]) => result);
  }
}
