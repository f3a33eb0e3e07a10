import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/types';
import { testDialect, useTestApp } from '../../test/app';
import { holdRows } from '../../test/held-rows';
import { signedInMember, type SignedInMember } from '../../test/client';
import { TOURNAMENT_MESSAGES } from './tournaments.service';
import { createTournament, SLOT_NAMES, type TestTournament } from './tournaments.testkit';

const S = SLOT_NAMES;

/** Real parallel requests (Promise.all over app.inject): the member's row and the tournament's row keep saves whole. */
describe('prediction saves under parallel requests', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  /** Picks by match number, as the page sends them. */
  const save = (m: SignedInMember, cup: TestTournament, byNumber: Record<number, string>) =>
    m.client.post(`/api/r/tournaments/${cup.id}/predict`, {
      predictions: Object.entries(byNumber).map(([number, name]) => ({ match_id: cup.matchIds[Number(number)], winner_name: name })),
    });

  /** Members signed in 20 at a time. */
  async function members(prefix: string, count: number) {
    const made: SignedInMember[] = [];
    for (let start = 0; start < count; start += 20) {
      made.push(...(await Promise.all(Array.from({ length: Math.min(20, count - start) }, (_, index) => signedInMember(t.app, `${prefix}${start + index}`)))));
    }
    return made;
  }

  const tally = (responses: LightMyRequestResponse[]) => {
    const counts: Record<number, number> = {};
    for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  };

  /** What the tables hold for a tournament: its count, and each member's prediction with its picks by match number. */
  async function stored(cup: TestTournament, executor: Executor = db()) {
    const [predictions, picks] = await Promise.all([
      executor.selectFrom('tournament_predictions').select(['id', 'user_id', 'picks_count']).where('tournament_id', '=', cup.id).execute(),
      executor
        .selectFrom('tournament_picks as p')
        .innerJoin('tournament_predictions as tp', 'tp.id', 'p.prediction_id')
        .select(['tp.user_id', 'p.match_id', 'p.winner_position'])
        .where('tp.tournament_id', '=', cup.id)
        .execute(),
    ]);
    const byMember = new Map<number, Record<number, string>>();
    for (const pick of picks) {
      const own = byMember.get(pick.user_id) ?? {};
      own[cup.matchIds.indexOf(pick.match_id)] = cup.slots[pick.winner_position - 1];
      byMember.set(pick.user_id, own);
    }
    return { count: predictions.length, predictions, byMember };
  }

  it('20 parallel saves by one member leave one prediction, counted once, holding one save’s picks whole', async () => {
    const cup = await createTournament(db(), { predictions_active: true });
    const [m] = await members('DoubleClicker', 1);
    const variants: Record<number, string>[] = [{ 1: S[0] }, { 1: S[1], 2: S[2] }, { 1: S[0], 2: S[3], 3: S[3] }, { 2: S[2] }];
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => save(m, cup, variants[index % variants.length])));
    expect(tally(responses)).toEqual({ 200: 20 });
    const after = await stored(cup);
    expect(after.count).toBe(1);
    expect(after.predictions).toHaveLength(1);
    const own = after.byMember.get(m.id)!;
    expect(variants).toContainEqual(own);
    expect(Number(after.predictions[0].picks_count)).toBe(Object.keys(own).length);
  });

  it('50 members saving at once are all counted: the count equals the rows', { timeout: 120_000 }, async () => {
    const cup = await createTournament(db(), { size: 8, predictions_active: true });
    const crowd = await members('Crowd', 50);
    const responses = await Promise.all(crowd.map((m, index) => save(m, cup, { 1: S[index % 2], 2: S[2], 3: S[4], 4: S[7] })));
    expect(tally(responses)).toEqual({ 200: 50 });
    const after = await stored(cup);
    expect(after.predictions).toHaveLength(50);
    expect(after.count).toBe(50);
    crowd.forEach((m, index) => expect(after.byMember.get(m.id), m.name).toEqual({ 1: S[index % 2], 2: S[2], 3: S[4], 4: S[7] }));
    const detail = (await crowd[0].client.get(`/api/r/tournaments/${cup.id}`)).json().data;
    expect(detail.tournament.predictions_count).toBe(50);
    expect(detail.top_predictions).toHaveLength(50);
  });

  /** What staff closing predictions does: an UPDATE of the tournament's row; in the same transaction, what it closed on. */
  const closePredictions = (cup: TestTournament) =>
    db()
      .transaction()
      .execute(async (trx) => {
        const closed = await trx.updateTable('tournaments').set({ predictions_active: 0 }).where('id', '=', cup.id).where('predictions_active', '=', 1).executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) throw new Error('already closed');
        return stored(cup, trx);
      });

  it('no save commits after predictions close, and every save answered 200 is the one stored', { timeout: 120_000 }, async () => {
    const cup = await createTournament(db(), { predictions_active: true });
    const [regulars, newcomers] = [await members('Regular', 10), await members('Newcomer', 30)];
    const before = { 1: S[0], 2: S[2], 3: S[0] };
    for (const m of regulars) expect((await save(m, cup, before)).statusCode).toBe(200);
    const after = { 1: S[1], 2: S[3], 3: S[3] };
    const wave = (group: SignedInMember[]) => group.map((m) => save(m, cup, after));
    const early = wave([...regulars.slice(0, 5), ...newcomers.slice(0, 15)]);
    // Staff close while the first wave is in flight (one of it already answered); a second wave arrives behind the close.
    await Promise.race(early);
    const closing = closePredictions(cup);
    const late = wave([...regulars.slice(5), ...newcomers.slice(15)]);
    const [frozen, responses] = await Promise.all([closing, Promise.all([...early, ...late])]);

    const counts = tally(responses);
    expect(counts[200]).toBeGreaterThanOrEqual(1);
    expect(counts[409]).toBeGreaterThanOrEqual(1);
    expect(counts[200] + counts[409]).toBe(40);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().message))).toEqual(new Set([TOURNAMENT_MESSAGES.closed]));
    const everyone = [...regulars.slice(0, 5), ...newcomers.slice(0, 15), ...regulars.slice(5), ...newcomers.slice(15)];
    const table = await stored(cup);
    // Nothing changed once the close took the row: every save either committed before it or rolled back whole.
    expect(table).toEqual(frozen);
    everyone.forEach((m, index) => {
      const answered = responses[index].statusCode === 200;
      const expected = answered ? after : regulars.includes(m) ? before : undefined;
      expect(table.byMember.get(m.id), `${m.name} answered ${responses[index].statusCode}`).toEqual(expected);
    });
    const newcomersIn = newcomers.filter((m) => table.byMember.has(m.id)).length;
    expect(table.predictions).toHaveLength(10 + newcomersIn);
    expect(table.count).toBe(10 + newcomersIn);
  });

  // PostgreSQL only: on SQLite the held transaction would stop the save's own first read too (one connection).
  it.skipIf(testDialect === 'sqlite')('a save checked against a bracket that staff changed before it was written is refused whole', async () => {
    const cup = await createTournament(db(), { size: 8, predictions_active: true });
    const [m] = await members('Overtaken', 1);
    // A staff change under way: it holds the tournament's row and stamps updated_at, as every change does (lock() in
    // tournaments-admin.service). The save has read the bracket before it and waits for the row.
    const changed = new Date(Date.now() + 1000).toISOString();
    const held = await holdRows(db(), (trx) => trx.updateTable('tournaments').set({ updated_at: changed }).where('id', '=', cup.id).execute());
    const saving = save(m, cup, { 1: S[1], 2: S[2] });
    await held.waitedOnBy('from "tournaments"');
    await held.release();
    const response = await saving;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(TOURNAMENT_MESSAGES.changed);
    const table = await stored(cup);
    expect(table.predictions).toHaveLength(0);
    expect(table.count).toBe(0);
  });
});
