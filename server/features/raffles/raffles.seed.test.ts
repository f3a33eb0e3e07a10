import { describe, expect, it } from 'vitest';
import { raffleDetailResponseSchema, raffleEntriesResponseSchema, raffleListResponseSchema } from '../../../common/contracts/raffles';
import { adminRaffleListSchema } from '../../../common/contracts/raffles-admin';
import { verifyDraw } from '../../../common/raffle-draw';
import { seedDemoMembers } from '../../db/seed/members';
import { DEMO_RAFFLE_PASSWORD, seedDemoRaffles } from '../../db/seed/raffles';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { RAFFLES } from './raffles-admin.testkit';

/** The demo raffles a fresh machine shows, made through the real services. */
describe('raffle demo content', () => {
  const t = useTestApp();

  it('has an ended raffle anyone can verify, and running free, points and password raffles with entries', async () => {
    const now = new Date();
    await seedDemoMembers(t.app.services, t.database, now);
    await seedDemoRaffles(t.app.services, t.database, now);
    const admin = await signedIn(t.app, 'RaffleSeedChecker', 'admin');
    const visitor = new TestClient(t.app);

    const staffView = adminRaffleListSchema.parse((await admin.get(RAFFLES)).json()).data;
    expect(staffView.map((raffle) => [raffle.status, raffle.is_free, raffle.allow_points_entry, raffle.has_password_entry])).toEqual([
      ['open', false, false, true],
      ['open', false, true, false],
      ['open', true, false, false],
      ['announced', true, true, false],
    ]);
    for (const raffle of staffView) {
      expect(raffle.total_entries, raffle.title).toBeGreaterThan(0);
      expect(raffle.image).toMatch(/^raffles\//);
      expect((await visitor.get(`/storage/${raffle.image}`)).headers['content-type']).toBe('image/webp');
    }
    expect(staffView.find((raffle) => raffle.title === 'Gaming Chair Raffle')!.total_entries).toBeGreaterThan(staffView.find((raffle) => raffle.title === 'Gaming Chair Raffle')!.entrants_count);

    const ended = staffView[3];
    const detail = raffleDetailResponseSchema.parse((await visitor.get(`/api/r/raffles/${ended.id}`)).json()).data;
    expect(detail.winners).toHaveLength(3);
    expect(detail.created_at_human).toBe('9d ago');
    expect(detail.end_datetime < now.toISOString()).toBe(true);
    const entries = raffleEntriesResponseSchema.parse((await visitor.get(`/api/r/raffles/${ended.id}/entries`)).json()).data;
    const verdict = await verifyDraw({
      seed: detail.draw.seed!, seedHash: detail.draw.seed_hash, raffleId: ended.id, entriesHash: detail.draw.entries_hash!,
      entries: entries.map((entry) => ({ id: entry.id, user_id: entry.user.id })), picks: detail.draw.picks.map((pick) => ({ entry_id: pick.entry_id, user_id: pick.user.id })),
    });
    expect(verdict.verified).toBe(true);

    const list = raffleListResponseSchema.parse((await visitor.get('/api/r/raffles?filter=active')).json()).data;
    expect(list).toHaveLength(3);
    const password = staffView[0];
    const member = await signedIn(t.app, 'PasswordTyper');
    expect((await member.post(`/api/r/raffles/${password.id}/enter`, { entry_type: 'password', password: DEMO_RAFFLE_PASSWORD })).statusCode).toBe(200);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  }, 60_000);
});
