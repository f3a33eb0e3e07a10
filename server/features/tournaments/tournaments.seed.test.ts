import { describe, expect, it } from 'vitest';
import { tournamentListResponseSchema } from '../../../common/contracts/tournaments';
import { adminTournamentListSchema } from '../../../common/contracts/tournaments-admin';
import { seedDemoMembers } from '../../db/seed/members';
import { seedSlotCatalogue } from '../../db/seed/slot-catalogue';
import { seedDemoTournaments } from '../../db/seed/tournaments';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { memberView, TOURNAMENTS, tournamentOf } from './tournaments-admin.testkit';

/** The demo tournaments a fresh machine shows, made through the real services. */
describe('tournament demo content', () => {
  const t = useTestApp();

  it('has one tournament taking predictions, one in progress with round 1 scored, and one finished with its winner and rewards paid', async () => {
    const now = new Date();
    await seedDemoMembers(t.app.services, t.database, now);
    await seedSlotCatalogue(t.app.services);
    await seedDemoTournaments(t.app.services, t.database, now);
    const admin = await signedIn(t.app, 'TournamentSeedChecker', 'admin');
    const visitor = new TestClient(t.app);

    const list = adminTournamentListSchema.parse((await admin.get(TOURNAMENTS)).json()).data;
    expect(list.map((row) => [row.name, row.status, row.size, row.predictions_active, row.progress])).toEqual([
      ['Friday Night Slot Battle', 'active', 8, true, 0],
      ['Community Cup: 16 Slots', 'active', 16, false, 53],
      ['Spooky Slots Showdown', 'completed', 8, false, 100],
    ]);
    const [open, running, finished] = await Promise.all(list.map(async (row) => tournamentOf(await admin.get(`${TOURNAMENTS}/${row.id}`))));

    expect(open.predictions_count).toBe(8);
    expect(open.slots.every((slot) => slot.slot_id !== null && slot.image !== null)).toBe(true);
    expect(open.slots.filter((slot) => slot.user !== null)).toHaveLength(5);
    expect((await visitor.get(`/storage/${open.slots[0].image}`)).statusCode).toBe(200);

    expect(running.matches.filter((match) => match.winner_name !== null).map((match) => match.round)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(running.matches.filter((match) => match.round === 2).every((match) => match.slot1_name !== null && match.slot2_name !== null)).toBe(true);
    expect(running.top_predictions).toHaveLength(14);
    expect(running.top_predictions.every((row) => row.total === 8 && row.accuracy === Math.round((row.correct / 8) * 1000) / 10)).toBe(true);

    expect(finished).toMatchObject({ is_completed: true, is_active: false, progress: 100 });
    expect(finished.winner_name).not.toBeNull();
    expect(finished.rewards_paid.map((reward) => reward.place)).toEqual([1, 2, 3]);
    expect(finished.rewards_paid.map((reward) => reward.user.id)).toEqual(finished.top_predictions.slice(0, 3).map((row) => row.user.id));
    expect(finished.finished_at! < now.toISOString()).toBe(true);
    const ledger = await t.database.db.selectFrom('points_ledger').select(['delta', 'reference']).where('reason', '=', 'tournament_reward').orderBy('id').execute();
    expect(ledger).toEqual([1, 2, 3].map((place, index) => ({ delta: [5000, 2500, 1000][index], reference: `tournament:${finished.id}:place:${place}` })));
    expect(await t.app.services.points.mismatches()).toEqual([]);

    const members = tournamentListResponseSchema.parse((await visitor.get('/api/r/tournaments?filter=predictions')).json()).data;
    expect(members.map((row) => row.name)).toEqual(['Friday Night Slot Battle']);
    expect((await memberView(visitor, finished.id)).tournament.winner_name).toBe(finished.winner_name);
  }, 120_000);
});
