import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { pairRows as pairRowsOf } from './friends.rows';
import { signedInMember, type SignedInMember } from '../../test/client';

/** Real parallel requests (Promise.all over app.inject): the database has to keep one answer per pair. */
describe('friends under concurrent requests', () => {
  const t = useTestApp();

  const member = (name: string) => signedInMember(t.app, name);
  type Member = SignedInMember;

  const pairRows = (a: Member, b: Member) => pairRowsOf(t.database.db, a, b);
  const noteCount = async (m: Member, type: string) =>
    (await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', m.id).where('type', '=', type).execute()).length;
  const awardTitles = async (m: Member) =>
    (
      await t.database.db
        .selectFrom('member_achievements')
        .innerJoin('achievements', 'achievements.id', 'member_achievements.achievement_id')
        .select('achievements.title')
        .where('member_achievements.user_id', '=', m.id)
        .execute()
    )
      .map((row) => row.title)
      .sort();
  const statuses = (responses: { statusCode: number }[]) => {
    const tally: Record<number, number> = {};
    for (const response of responses) tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
    return tally;
  };
  const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));

  it('20 identical requests at once: one row, one notification, the rest 409', async () => {
    const [a, b] = [await member('RaceSameA'), await member('RaceSameB')];
    const responses = await times(20, () => a.client.post('/api/r/friends/request', { user_id: b.id }));
    expect(statuses(responses)).toEqual({ 200: 1, 409: 19 });
    expect(await pairRows(a, b)).toEqual([expect.objectContaining({ sender_id: a.id, receiver_id: b.id, status: 'pending' })]);
    expect(await noteCount(b, 'friend_request')).toBe(1);
    expect(await noteCount(a, 'friend_request')).toBe(0);
  });

  it('20 requests each way at once: one accepted row, one request and one accept notification, no 500', async () => {
    const [a, b] = [await member('RaceCrossA'), await member('RaceCrossB')];
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? a.client.post('/api/r/friends/request', { user_id: b.id }) : b.client.post('/api/r/friends/request', { user_id: a.id }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 2, 409: 38 });
    const rows = await pairRows(a, b);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
    const [sender, receiver] = row.sender_id === a.id ? [a, b] : [b, a];
    expect(await noteCount(receiver, 'friend_request')).toBe(1);
    expect(await noteCount(sender, 'friend_request')).toBe(0);
    expect(await noteCount(sender, 'friend_accepted')).toBe(1);
    expect(await noteCount(receiver, 'friend_accepted')).toBe(0);
    for (const m of [a, b]) {
      expect(await awardTitles(m)).toEqual(['First Friend']);
      expect(await noteCount(m, 'achievement')).toBe(1);
    }
  });

  it('20 accepts at once: exactly one succeeds, one friend_accepted notification, one award each', async () => {
    const [a, b] = [await member('RaceAcceptA'), await member('RaceAcceptB')];
    const id = (await a.client.post('/api/r/friends/request', { user_id: b.id })).json().data.friendship_id as number;
    const responses = await times(20, () => b.client.post(`/api/r/friends/${id}/accept`, {}));
    expect(statuses(responses)).toEqual({ 200: 1, 409: 19 });
    expect(await pairRows(a, b)).toEqual([expect.objectContaining({ id, status: 'accepted' })]);
    expect(await noteCount(a, 'friend_accepted')).toBe(1);
    for (const m of [a, b]) {
      expect(await awardTitles(m)).toEqual(['First Friend']);
      expect(await noteCount(m, 'achievement')).toBe(1);
    }
  });

  it('accepts racing a withdrawal end in one consistent state', async () => {
    const [a, b] = [await member('RaceWithdrawA'), await member('RaceWithdrawB')];
    const id = (await a.client.post('/api/r/friends/request', { user_id: b.id })).json().data.friendship_id as number;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? b.client.post(`/api/r/friends/${id}/accept`, {}) : a.client.delete(`/api/r/friends/${id}`))),
    );
    const tally = statuses(responses);
    expect(tally[500]).toBeUndefined();
    expect(tally[200]).toBe(1);
    const rows = await pairRows(a, b);
    if (rows.length === 1) {
      expect(rows[0].status).toBe('accepted');
      expect(await noteCount(a, 'friend_accepted')).toBe(1);
      expect(await awardTitles(b)).toEqual(['First Friend']);
    } else {
      expect(rows).toEqual([]);
      expect(await noteCount(a, 'friend_accepted')).toBe(0);
      expect(await awardTitles(b)).toEqual([]);
    }
  });

  it('a member accepting ten requests at once reaches ten friends and Social Butterfly', async () => {
    const hub = await member('RaceHub');
    const askers = await Promise.all(Array.from({ length: 10 }, (_, index) => member(`RaceWing${index}`)));
    const ids = await Promise.all(
      askers.map(async (m) => (await m.client.post('/api/r/friends/request', { user_id: hub.id })).json().data.friendship_id as number),
    );
    const responses = await Promise.all(ids.map((id) => hub.client.post(`/api/r/friends/${id}/accept`, {})));
    expect(statuses(responses)).toEqual({ 200: 10 });
    expect((await hub.client.get('/api/r/friends')).json().data).toHaveLength(10);
    expect(await awardTitles(hub)).toEqual(['First Friend', 'Social Butterfly']);
    expect(await noteCount(hub, 'achievement')).toBe(2);
  });

  it('members befriending in a ring at once all get First Friend, with no deadlock', async () => {
    const ring = await Promise.all(Array.from({ length: 10 }, (_, index) => member(`Ring${index}`)));
    const ids = await Promise.all(
      ring.map(async (m, index) => (await m.client.post('/api/r/friends/request', { user_id: ring[(index + 1) % ring.length].id })).json().data.friendship_id as number),
    );
    const responses = await Promise.all(ids.map((id, index) => ring[(index + 1) % ring.length].client.post(`/api/r/friends/${id}/accept`, {})));
    expect(statuses(responses)).toEqual({ 200: 10 });
    for (const m of ring) {
      expect(await awardTitles(m)).toEqual(['First Friend']);
      expect(await noteCount(m, 'achievement')).toBe(1);
    }
  });
});
