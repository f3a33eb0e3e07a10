import { describe, expect, it } from 'vitest';
import { createBatcher, type Outcome } from './batches';

/** A run that holds each batch until released, recording what it was given. */
function heldRuns() {
  const batches: { key: string; items: number[]; release: () => void }[] = [];
  const run = (key: string, items: number[]) =>
    new Promise<Outcome<number>[]>((resolve) => {
      batches.push({
        key,
        items,
        release: () => resolve(items.map((item) => (item < 0 ? { ok: false, error: new Error(`refused ${item}`) } : { ok: true, value: item * 10 }))),
      });
    });
  return { batches, run };
}

/** Two turns of the event loop: the batcher gives the loop one before each batch. */
const settle = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('batches', () => {
  it('sends a lone item at once, and what arrives meanwhile as the next batch, each caller getting its own outcome', async () => {
    const { batches, run } = heldRuns();
    const batcher = createBatcher(run);
    const first = batcher.submit('raffle 1', 1);
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
    const later = [2, -3, 4].map((item) => batcher.submit('raffle 1', item));
    await settle();
    expect(batches).toHaveLength(1);
    batches[0].release();
    expect(await first).toBe(10);
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, -3, 4]]);
    batches[1].release();
    const outcomes = await Promise.allSettled(later);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual([20, 'refused -3', 40]);
  });

  it('keeps keys apart, caps a batch, and fails a whole batch with the error its run threw', async () => {
    const { batches, run } = heldRuns();
    const batcher = createBatcher(run, 2);
    const a = [1, 2, 3].map((item) => batcher.submit('a', item));
    const b = batcher.submit('b', 7);
    await settle();
    expect(batches.map((batch) => [batch.key, batch.items])).toEqual([['a', [1, 2]], ['b', [7]]]);
    batches[1].release();
    expect(await b).toBe(70);
    batches[0].release();
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [7], [3]]);
    batches[2].release();
    expect(await Promise.all(a)).toEqual([10, 20, 30]);

    const failing = createBatcher<string, number, number>(async () => {
      throw new Error('database away');
    });
    const both = await Promise.allSettled([failing.submit('x', 1), failing.submit('x', 2)]);
    expect(both.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(['database away', 'database away']);
  });
});
