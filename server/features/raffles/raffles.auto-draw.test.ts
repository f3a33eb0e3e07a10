import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaffleInput } from '../../../common/contracts/raffles-admin';
import { entryListHash, verifyDraw } from '../../../common/raffle-draw';
import { buildTestApp, type TestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, type TestClient } from '../../test/client';
import { manualClock } from '../../test/clock';
import { createByApi, enter, hoursFromNow, RAFFLES, raffleOf, raffleSnapshot } from './raffles-admin.testkit';

const HOUR = 3_600_000;

/** The background job (decision 019): raffles whose end passed are closed, automatic ones drawn and announced, once. */
describe('automatic raffle draws', () => {
  const clock = manualClock('2026-12-01T12:00:00.000Z');
  let t: TestApp;
  let staff: TestClient;
  const members: SignedInMember[] = [];
  const db = () => t.database.db;
  const drawDue = (app = t.app) => app.services.raffleDraws.drawDue();
  const get = async (id: number) => raffleOf(await staff.get(`${RAFFLES}/${id}`));
  const entriesOf = (raffleId: number) => db().selectFrom('raffle_entries').select(['id', 'user_id']).where('raffle_id', '=', raffleId).orderBy('id').execute();
  const wonNotifications = (raffleId: number) =>
    db().selectFrom('notifications').select('user_id').where('type', '=', 'raffle_won').where('data', 'like', `%/raffles/${raffleId}"%`).orderBy('user_id').execute();

  /** A raffle ending `hours` from the clock's now, entered by the first `entrants` members. */
  async function raffle(hours: number, entrants: number, input: Partial<RaffleInput> = {}) {
    const made = await createByApi(staff, { end_datetime: hoursFromNow(hours, clock.now().getTime()), ...input });
    for (const member of members.slice(0, entrants)) await enter(member.client, made.id);
    return made;
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    staff = await signedIn(t.app, 'AutoDrawStaff', 'moderator');
    for (const name of ['Fay', 'Gus', 'Hal', 'Ivy']) members.push(await signedInMember(t.app, `${name}Auto`));
  });
  afterAll(() => t?.close());

  it('closes every raffle whose end passed, draws and announces the automatic ones, and does nothing the second time', async () => {
    const manual = await raffle(1, 2, { title: 'Manual draw' });
    const automatic = await raffle(1, 4, { title: 'Automatic draw', auto_draw: true, winners_count: 2, prize_value: 10 });
    const empty = await raffle(1, 0, { title: 'Automatic, nobody came', auto_draw: true });
    const later = await raffle(5, 3, { title: 'Still open', auto_draw: true });
    expect(await drawDue()).toEqual({ closed: 0, drawn: 0 });

    clock.advance(2 * HOUR);
    expect(await drawDue()).toEqual({ closed: 2, drawn: 1 });
    expect(await get(manual.id)).toMatchObject({ status: 'closed', entries_hash: await entryListHash(await entriesOf(manual.id)), picks: [] });
    expect(await get(empty.id)).toMatchObject({ status: 'closed', entries_hash: await entryListHash([]), picks: [] });
    expect(await get(later.id)).toMatchObject({ status: 'open', entries_hash: null });
    const drawn = await get(automatic.id);
    expect(drawn).toMatchObject({ status: 'announced', entries_closed_at: clock.now().toISOString(), announced_at: clock.now().toISOString() });
    expect(drawn.picks).toHaveLength(2);
    expect((await wonNotifications(automatic.id)).map((row) => row.user_id)).toEqual(drawn.picks.map((pick) => pick.user.id).sort((a, b) => a - b));
    const seed = (await db().selectFrom('raffles').select('seed').where('id', '=', automatic.id).executeTakeFirstOrThrow()).seed;
    const verdict = await verifyDraw({
      seed, seedHash: drawn.seed_hash, raffleId: automatic.id, entriesHash: drawn.entries_hash!, entries: await entriesOf(automatic.id),
      picks: drawn.picks.map((pick) => ({ entry_id: pick.entry_id, user_id: pick.user.id })),
    });
    expect(verdict.verified).toBe(true);

    const before = await raffleSnapshot(t);
    expect(await drawDue()).toEqual({ closed: 0, drawn: 0 });
    expect(await raffleSnapshot(t)).toEqual(before);

    // A raffle ended without automatic draw waits for staff, who draw it as usual.
    expect((await staff.post(`${RAFFLES}/${manual.id}/draw`, {})).statusCode).toBe(200);
  });

  it('draws once when two app instances run the job at the same moment', async () => {
    const twin = await t.twin({ now: clock.now });
    const raffles = [];
    for (let index = 0; index < 4; index++) raffles.push(await raffle(1, 4, { title: `Twin draw ${index}`, auto_draw: true, winners_count: 2, prize_value: 5 }));
    const closeOnly = await raffle(1, 2, { title: 'Twin close' });
    clock.advance(2 * HOUR);

    const results = await Promise.all([drawDue(), drawDue(twin), drawDue(), drawDue(twin)]);
    expect(results.reduce((sum, result) => sum + result.drawn, 0)).toBe(4);
    expect(results.reduce((sum, result) => sum + result.closed, 0)).toBe(1);
    for (const made of raffles) {
      const picks = await db().selectFrom('raffle_picks').select(['position', 'user_id']).where('raffle_id', '=', made.id).orderBy('position').execute();
      expect(picks.map((pick) => pick.position), made.title).toEqual([1, 2]);
      expect((await wonNotifications(made.id)).map((row) => row.user_id), made.title).toEqual(picks.map((pick) => pick.user_id).sort((a, b) => a - b));
      const payouts = await db().selectFrom('payouts').select('amount_cents').where('reference', '=', `raffle:${made.id}`).execute();
      expect(payouts.map((payout) => Number(payout.amount_cents))).toEqual([1000]);
    }
    expect(await get(closeOnly.id)).toMatchObject({ status: 'closed', entries_hash: await entryListHash(await entriesOf(closeOnly.id)) });
  });
});
