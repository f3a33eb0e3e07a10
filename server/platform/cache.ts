import type { Redis } from 'ioredis';

/**
 * A short-lived cache for hot reads. In-process by default; shared through Redis when the site runs
 * as several instances, so a write on one instance invalidates the value for all of them.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
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
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: dropping the first key evicts the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async del(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }
}

export class RedisCache extends BaseCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cache:',
  ) {
    super();
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.redis.get(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((key) => this.prefix + key));
  }
}
