import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache, NEAR_COPY_MS, RedisCache, type Cache } from './cache';

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

it('MemoryCache lets go of expired entries nobody reads again, oldest written first', async () => {
  let now = 0;
  const cache = new MemoryCache(100, () => now);
  await cache.set('leaderboard:gen1:answer', 'old', 1_000);
  await cache.set('generation', 'gen1', 60_000);
  await cache.set('short', 1, 10);
  await cache.set('generation', 'gen2', 60_000); // written again: now the newest
  now = 1_001;
  await cache.set('leaderboard:gen2:answer', 'new', 1_000);
  expect(cache.size).toBe(2);
  expect(await cache.get('generation')).toBe('gen2');
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
  const opened: RedisCache[] = [];
  const open = (now?: () => number, on = prefix) => {
    const cache = new RedisCache(redis, on, now);
    opened.push(cache);
    return cache;
  };
  afterAll(async () => {
    await Promise.all(opened.map((cache) => cache.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  behavesLikeACache('RedisCache', () => open(), (ms) => new Promise((resolve) => setTimeout(resolve, ms)));

  /** Two instances of the site on one Redis, their copies' clock stopped unless a test moves it. */
  async function instances() {
    const on = `${prefix}${randomBytes(4).toString('hex')}:`;
    let clock = 1_000_000;
    const [one, two] = [open(() => clock, on), open(() => clock, on)];
    /** Whether the cache answers with its own copy: the value in Redis is changed behind its back, unannounced. */
    const copyOf = async (cache: RedisCache, key: string) => {
      await redis.set(`${on}${key}`, JSON.stringify('changed behind its back'), 'PX', 60_000);
      return cache.get(key);
    };
    // Listening once a value written by each is kept by it: a write when it is not listening keeps no copy.
    await until(async () => {
      await one.set('ready-one', 1, 60_000);
      await two.set('ready-two', 1, 60_000);
      return (await copyOf(one, 'ready-one')) === 1 && (await copyOf(two, 'ready-two')) === 1;
    });
    return { one, two, on, copyOf, advance: (ms: number) => (clock += ms) };
  }

  it('answers from its own copy for up to a second, without asking Redis', async () => {
    const { one, copyOf, advance } = await instances();
    await one.set('board', { v: 1 }, 60_000);
    expect(await copyOf(one, 'board')).toEqual({ v: 1 });
    advance(NEAR_COPY_MS - 1);
    expect(await one.get('board')).toEqual({ v: 1 });
    advance(1);
    expect(await one.get('board')).toBe('changed behind its back');
  });

  it("drops its copy as soon as another instance changes or deletes the value, with the clock stopped", async () => {
    const { one, two, on, copyOf } = await instances();
    await until(async () => {
      // Read by one from Redis and kept (a copy is not kept when the read raced an announcement).
      await one.del('generation');
      await redis.set(`${on}generation`, JSON.stringify('a'), 'PX', 60_000);
      return (await one.get('generation')) === 'a' && (await copyOf(one, 'generation')) === 'a';
    });
    await two.set('generation', 'b', 60_000);
    await until(async () => (await one.get('generation')) === 'b');
    await two.del('generation');
    await until(async () => (await one.get('generation')) === undefined);
  });

  it('drops every copy when it loses the channel, and keeps copies again once it hears it again', async () => {
    const { one, on, copyOf } = await instances();
    await one.set('settings', 'old', 60_000);
    expect(await copyOf(one, 'settings')).toBe('old');
    await redis.set(`${on}settings`, JSON.stringify('new'), 'PX', 60_000);
    // Both instances' listeners carry the channel's name: both lose it.
    const listeners = ((await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string).split('\n').filter((line) => line.includes(` name=${on}changed `));
    expect(listeners).toHaveLength(2);
    for (const line of listeners) await redis.call('CLIENT', 'KILL', 'ID', line.match(/^id=(\d+)/)![1]);
    await until(async () => (await one.get('settings')) === 'new');
    await until(async () => {
      await one.set('settings', 'kept', 60_000);
      return (await copyOf(one, 'settings')) === 'kept';
    });
  });
});

/** Polls for up to 3 s: announcements travel through Redis, so they arrive soon but not within the same tick. */
async function until(check: () => Promise<boolean>) {
  for (const started = Date.now(); Date.now() - started < 3_000; await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (await check()) return;
  }
  throw new Error('not within 3 s');
}
