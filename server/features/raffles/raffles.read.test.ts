import { beforeAll, describe, expect, it } from 'vitest';
import { raffleDetailResponseSchema, raffleEntriesResponseSchema, raffleListResponseSchema, type Raffle } from '../../../common/contracts/raffles';
import type { RaffleFilter } from '../../../common/raffles';
import { useTestApp } from '../../test/app';
import { signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { addEntries, createRaffle, type TestRaffle } from './raffles.testkit';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** GET /api/r/raffles, /api/r/raffles/{id} and /api/r/raffles/{id}/entries (spec 2 §2, §3, §7). */
describe('reading raffles', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const visitor = () => new TestClient(t.app);
  let alice: SignedInMember;
  let bob: SignedInMember;
  const r = {} as Record<'upcoming' | 'free' | 'points' | 'timeUp' | 'closed' | 'announced', TestRaffle>;

  const list = async (filter?: RaffleFilter) => {
    const response = await visitor().get(`/api/r/raffles${filter ? `?filter=${filter}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return raffleListResponseSchema.parse(response.json()).data;
  };
  const detail = async (id: number, client = visitor()) => {
    const response = await client.get(`/api/r/raffles/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, data: raffleDetailResponseSchema.parse(response.json()).data };
  };
  const titles = (raffles: Raffle[]) => raffles.map((raffle) => raffle.title);

  /** A draw left by staff: entries closed and hashed, picks made (the second one replaced by a redraw). */
  async function drawn(raffle: TestRaffle, picks: { entryId: number; userId: number; replaced?: string }[]) {
    await db().updateTable('raffles').set({ entries_closed_at: at(-HOUR), entries_hash: 'e'.repeat(64), drawn_at: at(-HOUR) }).where('id', '=', raffle.id).execute();
    for (const [index, pick] of picks.entries()) {
      await db()
        .insertInto('raffle_picks')
        .values({
          raffle_id: raffle.id,
          position: index + 1,
          entry_id: pick.entryId,
          user_id: pick.userId,
          selected_at: at(-HOUR + index * 1000),
          replaced_at: pick.replaced ? at(-HOUR / 2) : null,
          replace_reason: pick.replaced ?? null,
        })
        .execute();
    }
  }

  beforeAll(async () => {
    alice = await signedInMember(t.app, 'AliceEnters');
    bob = await signedInMember(t.app, 'BobEnters');
    const created = (hoursAgo: number) => at(-hoursAgo * HOUR);
    r.announced = await createRaffle(db(), { title: 'Announced', free: true, winners_count: 2, created_at: created(60), end_datetime: at(-2 * HOUR), starts_at: created(60) });
    r.closed = await createRaffle(db(), { title: 'Closed early', free: true, created_at: created(50), entries_closed_at: at(-HOUR) });
    r.timeUp = await createRaffle(db(), { title: 'Time up', points_per_entry: 10, created_at: created(40), starts_at: created(40), end_datetime: at(-HOUR) });
    r.points = await createRaffle(db(), { title: 'Points and password', points_per_entry: 25, password: 'open sesame', max_entries: 5, prize_value: 1234.5, required_role: 'vip', requires_kick: true, created_at: created(30) });
    r.free = await createRaffle(db(), { title: 'Free for all', free: true, created_at: created(20) });
    r.upcoming = await createRaffle(db(), { title: 'Coming soon', free: true, starts_at: at(2 * HOUR), created_at: created(10) });
  });

  it('lists raffles newest first with the computed fields of spec 2 §3', async () => {
    const raffles = await list();
    expect(titles(raffles)).toEqual(['Coming soon', 'Free for all', 'Points and password', 'Time up', 'Closed early', 'Announced']);
    const byTitle = new Map(raffles.map((raffle) => [raffle.title, raffle]));
    expect(byTitle.get('Coming soon')).toMatchObject({ is_active: false, has_ended: false, is_accepting_entries: false, created_at_human: '10h ago' });
    expect(byTitle.get('Free for all')).toMatchObject({ is_active: true, has_ended: false, is_accepting_entries: true, is_free: true, entry_cost: 0, has_password_entry: false, prize_value: null });
    expect(byTitle.get('Points and password')).toMatchObject({
      is_free: false,
      allow_points_entry: true,
      points_per_entry: 25,
      entry_cost: 25,
      has_password_entry: true,
      max_entries: 5,
      prize_value: 1234.5,
      required_role: 'vip',
      requires_kick: true,
      winner_announced: false,
      winners: [],
    });
    expect(byTitle.get('Time up')).toMatchObject({ is_active: true, has_ended: true, is_accepting_entries: false, entry_cost: 10 });
    expect(byTitle.get('Closed early')).toMatchObject({ is_active: true, has_ended: true, is_accepting_entries: false });
    expect(JSON.stringify(raffles)).not.toMatch(/password_hash|scrypt|"seed"/);
  });

  it('filters Active (started, not ended), Ended (time up or closed) and Free Entry', async () => {
    expect(titles(await list('active'))).toEqual(['Free for all', 'Points and password']);
    expect(titles(await list('ended'))).toEqual(['Time up', 'Closed early', 'Announced']);
    expect(titles(await list('free'))).toEqual(['Coming soon', 'Free for all', 'Closed early', 'Announced']);
    expect(titles(await list('all'))).toHaveLength(6);
    const bad = await visitor().get('/api/r/raffles?filter=everything');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.filter).toEqual(['Filter by all, active, ended or free.']);
  });

  it('shows a visitor the raffle without any member figures, and a member their own share and entries', async () => {
    await addEntries(db(), r.free.id, alice.id, { type: 'passwordless', created_at: at(-3000) });
    await addEntries(db(), r.points.id, alice.id, { type: 'points', count: 3, points_each: 25, created_at: at(-2000) });
    await addEntries(db(), r.points.id, alice.id, { type: 'password', created_at: at(-1000) });
    await addEntries(db(), r.points.id, bob.id, { type: 'points', count: 4, points_each: 25 });

    const seen = (await detail(r.points.id)).data;
    expect(seen).toMatchObject({ id: r.points.id, total_entries: 8, entrants_count: 2, user_stats: null, user_entries: [] });

    const own = (await detail(r.points.id, alice.client)).data;
    expect(own.user_stats).toEqual({ win_percentage: 50, total_entries: 4, points_spent_total: 75, entry_breakdown: { passwordless: 0, points: 3, password: 1 } });
    expect(own.user_entries.map((entry) => entry.entry_type)).toEqual(['password', 'points', 'points', 'points']);
    expect(own.user_entries[0]).toMatchObject({ points_spent: 0, user: { id: alice.id, username: 'AliceEnters', kick_username: null, avatar_url: `/avatars/${alice.id}.svg` } });
    expect(own.user_entries[1]).toMatchObject({ points_spent: 25, created_at_human: 'Just now' });
    const ids = own.user_entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const stranger = (await detail(r.points.id, (await signedInMember(t.app, 'NoEntries')).client)).data;
    expect(stranger.user_stats).toEqual({ win_percentage: 0, total_entries: 0, points_spent_total: 0, entry_breakdown: { passwordless: 0, points: 0, password: 0 } });
  });

  it('publishes the seed hash always and the entries hash once closed, but the seed and picks only once announced', async () => {
    const [first] = await addEntries(db(), r.announced.id, alice.id, { type: 'passwordless' });
    const [second] = await addEntries(db(), r.announced.id, bob.id, { type: 'passwordless' });
    const carol = await signedInMember(t.app, 'CarolEnters');
    const [third] = await addEntries(db(), r.announced.id, carol.id, { type: 'passwordless' });
    const open = (await detail(r.free.id)).data.draw;
    expect(open).toEqual({ seed_hash: r.free.seed_hash, entries_hash: null, entries_closed_at: null, seed: null, announced_at: null, picks: [] });

    await drawn(r.announced, [{ entryId: second, userId: bob.id }, { entryId: first, userId: alice.id, replaced: 'Did not claim in time' }, { entryId: third, userId: carol.id }]);
    const before = await detail(r.announced.id, bob.client);
    expect(before.data.draw).toMatchObject({ seed_hash: r.announced.seed_hash, entries_hash: 'e'.repeat(64), seed: null, announced_at: null, picks: [] });
    expect(before.data.draw.entries_closed_at).not.toBeNull();
    expect(before.data).toMatchObject({ winner_announced: false, winners: [], has_ended: true });
    expect(before.body).not.toContain(r.announced.seed);
    const listed = (await list()).find((raffle) => raffle.id === r.announced.id)!;
    expect(listed.winners).toEqual([]);
    expect(JSON.stringify(listed)).not.toContain(r.announced.seed);

    await db().updateTable('raffles').set({ announced_at: at(-60_000) }).where('id', '=', r.announced.id).execute();
    const after = (await detail(r.announced.id)).data;
    expect(after.draw.seed).toBe(r.announced.seed);
    expect(after.draw.picks.map((pick) => [pick.position, pick.entry_id, pick.user.username, pick.replace_reason])).toEqual([
      [1, second, 'BobEnters', null],
      [2, first, 'AliceEnters', 'Did not claim in time'],
      [3, third, 'CarolEnters', null],
    ]);
    expect(after.winner_announced).toBe(true);
    expect(after.winners).toEqual([
      { user_id: bob.id, username: 'BobEnters', kick_username: null, avatar_url: `/avatars/${bob.id}.svg`, entry_type: 'passwordless', selected_at: after.draw.picks[0].selected_at },
      { user_id: carol.id, username: 'CarolEnters', kick_username: null, avatar_url: `/avatars/${carol.id}.svg`, entry_type: 'passwordless', selected_at: after.draw.picks[2].selected_at },
    ]);
    expect((await list('ended')).find((raffle) => raffle.id === r.announced.id)!.winners).toEqual(after.winners);
  });

  it('lists every entry oldest first (id order) with its member', async () => {
    const raffle = await createRaffle(db(), { title: 'Entry order', points_per_entry: 5 });
    await addEntries(db(), raffle.id, bob.id, { type: 'points', count: 2, points_each: 5, created_at: at(-5000) });
    await addEntries(db(), raffle.id, alice.id, { type: 'passwordless', created_at: at(-9000) });
    const response = await visitor().get(`/api/r/raffles/${raffle.id}/entries`);
    expect(response.statusCode).toBe(200);
    const entries = raffleEntriesResponseSchema.parse(response.json()).data;
    expect(entries.map((entry) => [entry.user.username, entry.entry_type, entry.points_spent])).toEqual([
      ['BobEnters', 'points', 5],
      ['BobEnters', 'points', 5],
      ['AliceEnters', 'passwordless', 0],
    ]);
    expect(entries[2].user).toEqual({ id: alice.id, username: 'AliceEnters', kick_username: null, avatar_url: `/avatars/${alice.id}.svg` });
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => a - b));
  });

  it('serves 10,000 entries from 200 members quickly', { timeout: 60_000 }, async () => {
    const raffle = await createRaffle(db(), { title: 'Crowded', points_per_entry: 1 });
    const members = await db()
      .insertInto('users')
      .values(Array.from({ length: 200 }, (_, i) => ({ discord_id: `crowd-${i}`, username: `Crowd${i}`, global_name: null, avatar: null, role: 'user' as const, created_at: at(0), updated_at: at(0) })))
      .returning('id')
      .execute();
    for (const member of members) await addEntries(db(), raffle.id, member.id, { count: 50 });
    const client = visitor();
    await client.get(`/api/r/raffles/${raffle.id}/entries`);
    const started = performance.now();
    const response = await client.get(`/api/r/raffles/${raffle.id}/entries`);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(10_000);
    // About 50 ms on either database here; the bound leaves room for a busy 2-core CI machine.
    expect(elapsed).toBeLessThan(1500);
  });

  it('answers unknown raffles with 404 and ids that are not ids with 422, never 500', async () => {
    for (const path of ['', '/entries']) {
      const unknown = await visitor().get(`/api/r/raffles/2147483647${path}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: 'Raffle not found.' });
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const bad = await visitor().get(`/api/r/raffles/${id}${path}`);
        expect(bad.statusCode, `${id}${path}`).toBe(422);
        expect(bad.json().errors).toHaveProperty('id');
      }
    }
  });
});
