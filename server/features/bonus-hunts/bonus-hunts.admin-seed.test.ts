import { describe, expect, it } from 'vitest';
import { currentHuntResponseSchema, huntHistoryResponseSchema } from '../../../common/contracts/bonus-hunts';
import { seedDemoBonusHunts } from '../../db/seed/bonus-hunts';
import { seedDemoMembers } from '../../db/seed/members';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { HUNTS, huntOf } from './hunts-admin.testkit';

/** The demo content of bonus hunts: what a fresh machine shows, made through the staff services. */
describe('bonus hunt demo content', () => {
  const t = useTestApp();

  it('has a catalogue with images, five finished hunts with paid rewards and a running hunt half opened', async () => {
    const now = new Date();
    await seedDemoMembers(t.app.services, t.database, now);
    await seedDemoBonusHunts(t.app.services, t.database, now);
    const admin = await signedIn(t.app, 'SeedChecker', 'admin');

    const slots = await t.database.db.selectFrom('slots').select(['name', 'provider', 'image']).execute();
    expect(slots.length).toBeGreaterThanOrEqual(100);
    expect(new Set(slots.map((slot) => slot.provider)).size).toBeGreaterThanOrEqual(8);
    for (const slot of slots.slice(0, 3)) expect((await admin.get(`/storage/${slot.image}`)).headers['content-type']).toBe('image/webp');

    const list = (await admin.get(HUNTS)).json().data as { id: number; status: string }[];
    expect(list.map((hunt) => hunt.status)).toEqual(['active', 'finished', 'finished', 'finished', 'finished', 'finished']);
    const hunts = await Promise.all(list.map(async (row) => huntOf(await admin.get(`${HUNTS}/${row.id}`))));
    for (const hunt of hunts.slice(1)) {
      expect(hunt.games.length).toBeGreaterThanOrEqual(8);
      expect(hunt.games.length).toBeLessThanOrEqual(20);
      expect(hunt.games.every((game) => game.opened && !game.pending_win && game.slot_bet >= 1 && game.slot_bet <= 20)).toBe(true);
      expect(Math.max(...hunt.games.map((game) => game.multiplier))).toBeGreaterThanOrEqual(100);
      expect(hunt.games.filter((game) => game.multiplier >= 50).length).toBeGreaterThanOrEqual(2);
      expect(hunt.end_balance).toBe(hunt.statistics.winnings);
      expect(hunt.predictions_count).toBeGreaterThan(0);
      expect(hunt.rewards_paid.length).toBeGreaterThan(0);
    }
    expect(hunts.slice(1).some((hunt) => hunt.games.some((game) => game.slot_win === 0))).toBe(true);

    const running = hunts[0];
    const opened = running.games.filter((game) => game.opened);
    expect(running.games.length).toBeGreaterThanOrEqual(12);
    expect(opened.length).toBeGreaterThanOrEqual(Math.floor(running.games.length / 2) - 1);
    expect(opened.length).toBeLessThanOrEqual(Math.ceil(running.games.length / 2));
    expect(running.games.filter((game) => game.pending_win)).toHaveLength(1);
    expect(running).toMatchObject({ predictions_active: false, rewards_paid: [] });
    expect(running.predictions_count).toBeGreaterThan(5);
    expect(await t.app.services.points.mismatches()).toEqual([]);

    // Members see it as played in the past: the history says days ago, the running hunt started today.
    const visitor = new TestClient(t.app);
    const history = huntHistoryResponseSchema.parse((await visitor.get('/api/r/bonus-hunts/history')).json()).data;
    expect(history.map((item) => item.created_at_human)).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ days? ago$/)]));
    expect(history).toHaveLength(5);
    const current = currentHuntResponseSchema.parse((await visitor.get('/api/r/bonus-hunts/current')).json()).data!;
    expect(current).toMatchObject({ id: running.id, is_active: true, predictions_active: false, created_at_human: '2 hours ago' });
  }, 60_000);
});
