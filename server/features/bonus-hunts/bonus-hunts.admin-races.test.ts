import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, type TestClient } from '../../test/client';
import { HUNTS, SLOTS, startHunt } from './hunts-admin.testkit';

/** Two staff at the same moment: one deletes a slot while the other adds it to the hunt. Never a 500, never a game without its slot. */
describe('staff racing over the slot catalogue', () => {
  const t = useTestApp();
  let first: TestClient;
  let second: TestClient;

  beforeAll(async () => {
    first = await signedIn(t.app, 'RaceOne', 'moderator');
    second = await signedIn(t.app, 'RaceTwo', 'moderator');
  });

  it('answers a delete racing an add with success or a clear refusal, and keeps every game pointing at a slot', async () => {
    const hunt = await startHunt(await signedIn(t.app, 'RaceAdmin', 'admin'));
    for (let round = 0; round < 15; round++) {
      const slot = (await first.post(SLOTS, { name: `Race Slot ${round}`, provider: 'Relax Gaming' })).json().data;
      const [removed, added] = await Promise.all([first.delete(`${SLOTS}/${slot.id}`), second.post(`${HUNTS}/${hunt.id}/games`, { slot_id: slot.id, slot_bet: 2 })]);
      for (const response of [removed, added]) {
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode !== 200) expect(response.json().message).toMatch(/\.$/);
      }
      expect([removed.statusCode, added.statusCode]).toContain(200);
    }
    const orphans = await t.database.db
      .selectFrom('bonus_hunt_games as g')
      .leftJoin('slots as s', 's.id', 'g.slot_id')
      .where('s.id', 'is', null)
      .select('g.id')
      .execute();
    expect(orphans).toEqual([]);
  });
});
