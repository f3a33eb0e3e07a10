/** What became of one item of a batch. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Work that arrives together is done together. Items are submitted under a key; while a batch of that key is being
 * done, the items that arrive wait for it and then go as the next batch (up to `maxItems`). A lone item goes at
 * once, so a quiet site waits for nothing; in a rush one transaction serves many callers, where each caller's own
 * transaction paid the database's round trips again (issue 12: a raffle rush on PostgreSQL). One batch per key at a
 * time: with two, a member's two calls could land in both, and the second batch then waited on the first's locks with
 * its own held (measured: p50 1.5 s against 86 ms).
 * `run` answers one outcome per item, in order; if it throws, every item of its batch fails with that error.
 */
export function createBatcher<K, T, R>(run: (key: K, items: T[]) => Promise<Outcome<R>[]>, maxItems = 100) {
  interface Waiting {
    item: T;
    resolve(value: R): void;
    reject(error: unknown): void;
  }
  const queues = new Map<K, Waiting[]>();

  async function drain(key: K, queue: Waiting[]) {
    while (queue.length > 0) {
      // Let the calls that have already arrived be read first. SQLite's driver is synchronous: a transaction there
      // runs to its end without giving the event loop a turn, so without this every call would be a batch of one,
      // each paying its own commit (an fsync).
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.splice(0, maxItems);
      try {
        const outcomes = await run(key, batch.map((waiting) => waiting.item));
        batch.forEach((waiting, index) => {
          const outcome = outcomes[index];
          if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key: K, item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        const queue = queues.get(key);
        if (queue) {
          queue.push({ item, resolve, reject });
          return;
        }
        // No batch of this key under way: this item starts one, and stays its key's queue until it has drained.
        const started: Waiting[] = [{ item, resolve, reject }];
        queues.set(key, started);
        void drain(key, started);
      });
    },
  };
}
