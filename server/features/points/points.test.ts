import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn } from '../../test/client';
import { InsufficientPointsError } from './points.service';

describe('the points ledger', () => {
  const t = useTestApp();

  const memberId = async (name: string) => (await (await signedIn(t.app, name)).get('/api/r/session')).json().user.id as number;
  const balance = async (id: number) =>
    (await t.database.db.selectFrom('users').select('points').where('id', '=', id).executeTakeFirstOrThrow()).points;
  const ledger = (id: number) => t.database.db.selectFrom('points_ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();

  it('writes one ledger row per change with the balance after it, reason, reference, note and actor', async () => {
    const { points } = t.app.services;
    const id = await memberId('LedgerOne');
    const admin = await memberId('LedgerAdmin');
    await points.apply({ userId: id, delta: 500, reason: 'admin_adjustment', note: 'Giveaway', actorId: admin });
    await points.apply({ userId: id, delta: -120, reason: 'store_redemption', reference: 'store_item:7' });
    expect(await balance(id)).toBe(380);
    expect(await ledger(id)).toMatchObject([
      { delta: 500, balance_after: 500, reason: 'admin_adjustment', note: 'Giveaway', actor_id: admin, reference: null },
      { delta: -120, balance_after: 380, reason: 'store_redemption', reference: 'store_item:7', actor_id: null },
    ]);
  });

  it('refuses to go below zero and writes nothing', async () => {
    const id = await memberId('LedgerPoor');
    await t.app.services.points.apply({ userId: id, delta: 50, reason: 'test' });
    await expect(t.app.services.points.apply({ userId: id, delta: -51, reason: 'test' })).rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await balance(id)).toBe(50);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('makes several changes in two statements, in order, or none of them when one would go below zero', async () => {
    const { points } = t.app.services;
    const [rich, poor] = [await memberId('ManyRich'), await memberId('ManyPoor')];
    await points.apply({ userId: rich, delta: 100, reason: 'test' });
    await points.apply({ userId: poor, delta: 5, reason: 'test' });
    const inOne = (changes: { userId: number; delta: number }[]) =>
      t.database.db.transaction().execute((trx) => points.changeMany(trx, changes.map((change) => ({ ...change, reason: 'raffle_entry' }))));

    expect(await inOne([{ userId: rich, delta: -30 }, { userId: poor, delta: -5 }, { userId: rich, delta: -20 }])).toEqual([70, 0, 50]);
    expect((await ledger(rich)).map((row) => [row.delta, row.balance_after])).toEqual([[100, 100], [-30, 70], [-20, 50]]);

    // The poor member's spend is refused: the rich member's, in the same statement, is put back.
    await expect(inOne([{ userId: rich, delta: -10 }, { userId: poor, delta: -1 }])).rejects.toMatchObject({ balance: 0 });
    // A balance may not dip below zero on the way, even when the changes add up to nothing.
    await expect(inOne([{ userId: poor, delta: -1 }, { userId: poor, delta: 1 }])).rejects.toBeInstanceOf(InsufficientPointsError);
    expect([await balance(rich), await balance(poor)]).toEqual([50, 0]);
    expect(await ledger(rich)).toHaveLength(3);
    expect(await ledger(poor)).toHaveLength(2);
    expect(await points.mismatches()).toEqual([]);
  });

  it('rolls back the balance when the rest of the operation fails (one transaction)', async () => {
    const id = await memberId('LedgerRollback');
    await t.app.services.points.apply({ userId: id, delta: 100, reason: 'test' });
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.services.points.change(trx, { userId: id, delta: -60, reason: 'test' });
        throw new Error('the purchase failed after the debit');
      }),
    ).rejects.toThrow('the purchase failed after the debit');
    expect(await balance(id)).toBe(100);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('never double-spends: 40 parallel debits of 10 against 100 points succeed exactly 10 times', async () => {
    const id = await memberId('LedgerRace');
    await t.app.services.points.apply({ userId: id, delta: 100, reason: 'test' });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => t.app.services.points.apply({ userId: id, delta: -10, reason: 'race' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientPointsError)).toBe(true);
    expect(await balance(id)).toBe(0);
    const rows = await ledger(id);
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    expect(new Set(rows.map((row) => row.balance_after)).size).toBe(rows.length);
  });

  it('keeps every balance equal to its ledger sum, and the check notices when one is not', async () => {
    expect(await t.app.services.points.mismatches()).toEqual([]);
    const id = await memberId('LedgerCorrupt');
    await t.database.db.updateTable('users').set({ points: 999 }).where('id', '=', id).execute();
    expect(await t.app.services.points.mismatches()).toEqual([expect.objectContaining({ id, points: 999, ledger_sum: 0 })]);
    await t.database.db.updateTable('users').set({ points: 0 }).where('id', '=', id).execute();
  });

  it('is append-only in the database itself: UPDATE and DELETE are refused', async () => {
    const id = await memberId('LedgerImmutable');
    await t.app.services.points.apply({ userId: id, delta: 5, reason: 'test' });
    await expect(sql`update points_ledger set delta = 1000 where user_id = ${id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from points_ledger where user_id = ${id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect((await ledger(id))[0].delta).toBe(5);
  });

  it('rejects a negative balance at the database level too', async () => {
    const id = await memberId('LedgerCheck');
    await expect(t.database.db.updateTable('users').set({ points: -1 }).where('id', '=', id).execute()).rejects.toThrow();
  });
});
