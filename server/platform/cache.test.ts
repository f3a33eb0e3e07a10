import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache, RedisCache, type Cache } from './cache';

function behavesLikeACache(name: string, make: () => Cache, advance: (ms: number) => Promise<void>) {
  describe(name, () => {
    it('returns what was set until it expires, and forgets deleted keys', async () => {
      const cache = make();
      await cache.set('a', { value: 1 }, 1000);
      expect(await cache.get('a')).toEqual({ value: 1 });
      await cache.del('a');
      expect(await cache.get('a')).toBeUndefined();
      await cache.set('b', 'short', 50);
      await advance(120);
      expect(await cache.get('b')).toBeUndefined();
    });

    it('computes once for many simultaneous callers, with a time to live that may depend on the value', async () => {
      const cache = make();
      let calls = 0;
      const compute = async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'computed';
      };
      const results = await Promise.all(Array.from({ length: 10 }, () => cache.wrap('w', 1000, compute)));
      expect(results.every((value) => value === 'computed')).toBe(true);
      expect(calls).toBe(1);
      await cache.wrap('x', (value: string) => (value === 'bad' ? 50 : 10_000), async () => 'bad');
      await advance(120);
      expect(await cache.get('x')).toBeUndefined();
    });

    it('does not cache a failure', async () => {
      const cache = make();
      await expect(cache.wrap('f', 1000, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(await cache.wrap('f', 1000, async () => 'recovered')).toBe('recovered');
    });
  });
}

let clock = 0;
behavesLikeACache('MemoryCache', () => new MemoryCache(100, () => clock), async (ms) => {
  clock += ms;
});

it('MemoryCache evicts the oldest entry when full', async () => {
  const cache = new MemoryCache(2);
  await cache.set('one', 1, 10_000);
  await cache.set('two', 2, 10_000);
  await cache.set('three', 3, 10_000);
  expect(await cache.get('one')).toBeUndefined();
  expect(await cache.get('three')).toBe(3);
});

// Shared by several app instances in production; exercised whenever a Redis is configured for the tests.
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('with Redis', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const prefix = `test:cache:${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  behavesLikeACache('RedisCache', () => new RedisCache(redis, prefix), (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
});
