import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { entryListHash } from '../../../common/raffle-draw';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { RAFFLE_MESSAGES } from './raffles.service';
import { createRaffle } from './raffles.testkit';

/** Real parallel requests (Promise.all over app.inject): the raffle row's lock must serialise every entry. */
describe('raffle entries under parallel requests', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const enter = (m: SignedInMember, raffleId: number, body: unknown) => m.client.post(`/api/r/raffles/${raffleId}/enter`, body);

  /** Members signed in 20 at a time, each given `points`. */
  async function members(prefix: string, count: number, points: number) {
    const made: SignedInMember[] = [];
    for (let start = 0; start < count; start += 20) {
      made.push(...(await Promise.all(Array.from({ length: Math.min(20, count - start) }, (_, index) => signedInMember(t.app, `${prefix}${start + index}`)))));
    }
    if (points) await Promise.all(made.map((m) => t.app.services.points.apply({ userId: m.id, delta: points, reason: 'test' })));
    return made;
  }

  const tally = (responses: LightMyRequestResponse[]) => {
    const counts: Record<number, number> = {};
    for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  };
  const refusals = (responses: LightMyRequestResponse[]) => [...new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().message as string))];

  /** What the entries of a raffle and its members' points add up to, from the tables. */
  async function totals(raffleId: number, userIds: number[]) {
    const [raffle, entries, users, charges] = await Promise.all([
      db().selectFrom('raffles').select('entries_hash').where('id', '=', raffleId).executeTakeFirstOrThrow(),
      db().selectFrom('raffle_entries').select(['id', 'user_id', 'entry_type']).where('raffle_id', '=', raffleId).orderBy('id').execute(),
      db().selectFrom('users').select(['id', 'points']).where('id', 'in', userIds).execute(),
      db().selectFrom('points_ledger').select(['user_id', 'delta']).where('reason', '=', 'raffle_entry').where('reference', '=', `raffle:${raffleId}`).execute(),
    ]);
    return {
      total: entries.length,
      entries_hash: raffle.entries_hash,
      entries,
      balances: new Map(users.map((user) => [user.id, Number(user.points)])),
      charged: charges.reduce((sum, charge) => sum - Number(charge.delta), 0),
      charges: charges.length,
    };
  }

  it('one member bursting 50 points entries with points for exactly 10 gets 10 and pays for 10', async () => {
    const raffle = await createRaffle(db(), { points_per_entry: 20 });
    const [m] = await members('Burster', 1, 200);
    const responses = await Promise.all(Array.from({ length: 50 }, () => enter(m, raffle.id, { entry_type: 'points', points_spent: 20 })));
    expect(tally(responses)).toEqual({ 200: 10, 409: 40 });
    expect(refusals(responses)).toEqual([RAFFLE_MESSAGES.points(20, 1, 0)]);
    const balances = responses.filter((r) => r.statusCode === 200).map((r) => r.json().balance as number);
    expect(balances.sort((a, b) => a - b)).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180]);
    const after = await totals(raffle.id, [m.id]);
    expect(after).toMatchObject({ total: 10, charged: 200, charges: 10 });
    expect(after.entries).toHaveLength(10);
    expect(after.balances.get(m.id)).toBe(0);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('30 parallel free entries by one member make exactly one, and 20 parallel password entries exactly one', async () => {
    const raffle = await createRaffle(db(), { free: true, password: 'swordfish' });
    const [m] = await members('DoubleClicker', 1, 0);
    const free = await Promise.all(Array.from({ length: 30 }, () => enter(m, raffle.id, { entry_type: 'passwordless' })));
    expect(tally(free)).toEqual({ 200: 1, 409: 29 });
    expect(refusals(free)).toEqual([RAFFLE_MESSAGES.freeTaken]);
    const password = await Promise.all(Array.from({ length: 20 }, () => enter(m, raffle.id, { entry_type: 'password', password: 'swordfish' })));
    expect(tally(password)).toEqual({ 200: 1, 409: 19 });
    expect(refusals(password)).toEqual([RAFFLE_MESSAGES.passwordTaken]);
    const after = await totals(raffle.id, [m.id]);
    expect(after.total).toBe(2);
    expect(after.entries.map((entry) => entry.entry_type).sort()).toEqual(['password', 'passwordless']);
  });

  it('max_entries holds under a burst from one member', async () => {
    const raffle = await createRaffle(db(), { free: true, points_per_entry: 3, max_entries: 5 });
    const [m] = await members('Capped', 1, 1000);
    const responses = await Promise.all([
      ...Array.from({ length: 25 }, () => enter(m, raffle.id, { entry_type: 'points', points_spent: 3 })),
      enter(m, raffle.id, { entry_type: 'passwordless' }),
    ]);
    expect(tally(responses)[200]).toBe(5);
    expect(tally(responses)[409]).toBe(21);
    const after = await totals(raffle.id, [m.id]);
    expect(after.total).toBe(5);
    expect(after.entries).toHaveLength(5);
    const paid = after.entries.filter((entry) => entry.entry_type === 'points').length;
    expect(after).toMatchObject({ charged: paid * 3, charges: paid });
    expect(after.balances.get(m.id)).toBe(1000 - paid * 3);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('100 members entering at once, free and with points, all get in and the total equals the rows', { timeout: 120_000 }, async () => {
    const raffle = await createRaffle(db(), { free: true, points_per_entry: 5 });
    const crowd = await members('Crowd', 100, 50);
    const responses = await Promise.all(
      crowd.flatMap((m) => [enter(m, raffle.id, { entry_type: 'passwordless' }), enter(m, raffle.id, { entry_type: 'points', points_spent: 10 })]),
    );
    expect(tally(responses)).toEqual({ 200: 200 });
    const after = await totals(raffle.id, crowd.map((m) => m.id));
    expect(after.entries).toHaveLength(300);
    expect(after.total).toBe(300);
    expect(after).toMatchObject({ charged: 1000, charges: 100 });
    crowd.forEach((m) => expect(after.balances.get(m.id), m.name).toBe(40));
    const detail = (await crowd[0].client.get(`/api/r/raffles/${raffle.id}`)).json().data;
    expect(detail).toMatchObject({ total_entries: 300, entrants_count: 100, user_stats: { total_entries: 3, win_percentage: 1 } });
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('members entering through two instances at once, each call in another batch: the cap and every balance hold', { timeout: 120_000 }, async () => {
    const raffle = await createRaffle(db(), { points_per_entry: 10, max_entries: 4 });
    const crowd = await members('TwoDoors', 40, 50);
    // The same browser session on both instances, as behind a load balancer.
    const other = await t.twin();
    const elsewhere = crowd.map((m) => {
      const client = new TestClient(other);
      for (const [name, value] of m.client.cookies) client.cookies.set(name, value);
      client.csrfToken = m.client.csrfToken;
      return client;
    });
    const body = { entry_type: 'points', points_spent: 30 };
    const responses = await Promise.all(
      crowd.flatMap((m, index) => [enter(m, raffle.id, body), elsewhere[index].post(`/api/r/raffles/${raffle.id}/enter`, body), enter(m, raffle.id, body)]),
    );
    expect(tally(responses)).toEqual({ 200: 40, 409: 80 });
    expect(refusals(responses)).toEqual([RAFFLE_MESSAGES.limit(4, 1)]);
    const after = await totals(raffle.id, crowd.map((m) => m.id));
    expect(after).toMatchObject({ total: 120, charged: 1200, charges: 40 });
    crowd.forEach((m) => expect(after.balances.get(m.id), m.name).toBe(20));
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  /** What staff closing entries does (helper B's close): the same row lock, then the frozen list and its hash. */
  const closeEntries = (raffleId: number) =>
    db()
      .transaction()
      .execute(async (trx) => {
        const closed = await trx
          .updateTable('raffles')
          .set({ entries_closed_at: new Date().toISOString() })
          .where('id', '=', raffleId)
          .where('entries_closed_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!closed) throw new Error('already closed');
        const frozen = await trx.selectFrom('raffle_entries').select(['id', 'user_id']).where('raffle_id', '=', raffleId).orderBy('id').execute();
        await trx.updateTable('raffles').set({ entries_hash: await entryListHash(frozen) }).where('id', '=', raffleId).execute();
        return frozen;
      });

  it('no entry lands after entries close, however the two race', { timeout: 120_000 }, async () => {
    const raffle = await createRaffle(db(), { free: true, points_per_entry: 1 });
    const crowd = await members('Racer', 8, 100);
    const burst = () => crowd.flatMap((m) => Array.from({ length: 5 }, () => enter(m, raffle.id, { entry_type: 'points', points_spent: 1 })));
    const early = burst();
    // Staff close while the first wave is in flight (one of it already in), and a second wave arrives behind the close.
    await Promise.race(early);
    const closing = closeEntries(raffle.id);
    const late = burst();
    const [frozen, responses] = await Promise.all([closing, Promise.all([...early, ...late])]);

    const counts = tally(responses);
    expect(counts[200]).toBeGreaterThanOrEqual(1);
    expect(counts[409]).toBeGreaterThanOrEqual(1);
    expect(counts[200] + counts[409]).toBe(80);
    expect(refusals(responses)).toEqual([RAFFLE_MESSAGES.notAccepting]);
    const after = await totals(raffle.id, crowd.map((m) => m.id));
    expect(after.entries.map((entry) => entry.id)).toEqual(frozen.map((entry) => entry.id));
    expect(after.entries).toHaveLength(counts[200]);
    expect(after.total).toBe(counts[200]);
    expect(after.entries_hash).toBe(await entryListHash(after.entries));
    expect(after).toMatchObject({ charged: counts[200], charges: counts[200] });
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });
});
