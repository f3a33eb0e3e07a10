import { describe, expect, it } from 'vitest';
import { raffleEnterResponseSchema } from '../../../common/contracts/raffles';
import { profileSchema } from '../../../common/contracts/profiles';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { RAFFLE_MESSAGES } from './raffles.service';
import { addEntries, createRaffle, type RaffleSpec } from './raffles.testkit';

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** POST /api/r/raffles/{id}/enter (spec 2 §5, §7, §8; decision 019): every rule, every refusal, and what a refusal leaves. */
describe('entering raffles', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const enter = (client: TestClient, raffleId: number, body: unknown) => client.post(`/api/r/raffles/${raffleId}/enter`, body);
  const raffle = (spec: RaffleSpec) => createRaffle(db(), spec);

  async function member(name: string, points = 0) {
    const made = await signedInMember(t.app, name);
    if (points) await t.app.services.points.apply({ userId: made.id, delta: points, reason: 'test' });
    return made;
  }

  /** Everything an entry may change for one member and one raffle. */
  async function state(m: SignedInMember, raffleId: number) {
    const [user, ledger, entries] = await Promise.all([
      db().selectFrom('users').select('points').where('id', '=', m.id).executeTakeFirstOrThrow(),
      db().selectFrom('points_ledger').select(['delta', 'reason', 'reference', 'note', 'balance_after']).where('user_id', '=', m.id).orderBy('id').execute(),
      db().selectFrom('raffle_entries').select(['user_id', 'entry_type', 'points_spent']).where('raffle_id', '=', raffleId).orderBy('id').execute(),
    ]);
    return { balance: Number(user.points), total: entries.length, ledger, entries };
  }

  /** A refusal: its status and message (and field), and nothing changed. */
  async function refused(m: SignedInMember, raffleId: number, body: unknown, status: number, message: string, field?: string) {
    const before = await state(m, raffleId);
    const response = await enter(m.client, raffleId, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    if (field) expect(response.json().errors[field]).toEqual([message]);
    expect(await state(m, raffleId)).toEqual(before);
  }

  async function entered(m: SignedInMember, raffleId: number, body: unknown) {
    const response = await enter(m.client, raffleId, body);
    expect(response.statusCode, response.body).toBe(200);
    return raffleEnterResponseSchema.parse(response.json());
  }

  it('takes one free entry per member', async () => {
    const free = await raffle({ title: 'Free Spins Friday', free: true });
    const m = await member('FreeRider', 40);
    const other = await member('OtherRider');
    await addEntries(db(), free.id, other.id, { type: 'passwordless' });
    expect(await entered(m, free.id, { entry_type: 'passwordless' })).toEqual({
      success: true,
      message: 'You entered “Free Spins Friday”!',
      user_stats: { win_percentage: 50, total_entries: 1, points_spent_total: 0, entry_breakdown: { passwordless: 1, points: 0, password: 0 } },
      entries_added: 1,
      balance: 40,
    });
    await refused(m, free.id, { entry_type: 'passwordless' }, 409, RAFFLE_MESSAGES.freeTaken);
    expect(await state(m, free.id)).toMatchObject({ balance: 40, total: 2, ledger: [{ reason: 'test' }] });
  });

  it('takes one password entry with the right password, stored only as a hash', async () => {
    const locked = await raffle({ title: 'Chat Secret', password: 'Golden Goose' });
    const stored = await db().selectFrom('raffles').select('password_hash').where('id', '=', locked.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    const m = await member('Whisperer');
    await refused(m, locked.id, { entry_type: 'password', password: 'golden goose' }, 422, 'Wrong password.', 'password');
    const ok = await entered(m, locked.id, { entry_type: 'password', password: ' Golden Goose ' });
    expect(ok).toMatchObject({ message: 'You entered “Chat Secret”!', entries_added: 1, user_stats: { win_percentage: 100, entry_breakdown: { password: 1 } } });
    await refused(m, locked.id, { entry_type: 'password', password: 'Golden Goose' }, 409, RAFFLE_MESSAGES.passwordTaken);

    // Once someone typed it right, others are checked against that first; near misses still fail.
    const next = await member('SecondWhisperer');
    for (const wrong of ['Golden Goos', 'Golden Goose!', 'GOLDEN GOOSE']) {
      await refused(next, locked.id, { entry_type: 'password', password: wrong }, 422, 'Wrong password.', 'password');
    }
    expect((await entered(next, locked.id, { entry_type: 'password', password: 'Golden Goose' })).user_stats.win_percentage).toBe(50);
  });

  it('sells points entries in whole multiples of the price, through the ledger', async () => {
    const paid = await raffle({ title: 'Big Bass Bonanza', points_per_entry: 25 });
    const m = await member('Buyer', 100);
    const ok = await entered(m, paid.id, { entry_type: 'points', points_spent: 75 });
    expect(ok).toEqual({
      success: true,
      message: 'You bought 3 entries in “Big Bass Bonanza”!',
      user_stats: { win_percentage: 100, total_entries: 3, points_spent_total: 75, entry_breakdown: { passwordless: 0, points: 3, password: 0 } },
      entries_added: 3,
      balance: 25,
    });
    const after = await state(m, paid.id);
    expect(after.entries).toEqual(Array.from({ length: 3 }, () => ({ user_id: m.id, entry_type: 'points', points_spent: 25 })));
    expect(after.ledger.at(-1)).toEqual({ delta: -75, reason: 'raffle_entry', reference: `raffle:${paid.id}`, note: 'Big Bass Bonanza', balance_after: 25 });
    expect(after.total).toBe(3);

    await refused(m, paid.id, { entry_type: 'points', points_spent: 30 }, 422, 'Spend a multiple of 25 points: one entry costs 25.', 'points_spent');
    await refused(m, paid.id, { entry_type: 'points', points_spent: 50 }, 409, 'You need 50 points for 2 entries; you have 25.');
    expect((await entered(m, paid.id, { entry_type: 'points', points_spent: 25 })).message).toBe('You bought 1 entry in “Big Bass Bonanza”!');
    await refused(m, paid.id, { entry_type: 'points', points_spent: 25 }, 409, 'You need 25 points for 1 entry; you have 0.');
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });

  it('refuses entry types the raffle does not offer, each with its own sentence', async () => {
    const free = await raffle({ title: 'Only Free', free: true });
    const paid = await raffle({ title: 'Only Points', points_per_entry: 10 });
    const m = await member('Chooser', 100);
    await refused(m, paid.id, { entry_type: 'passwordless' }, 409, 'This raffle has no free entry.');
    await refused(m, free.id, { entry_type: 'points', points_spent: 10 }, 409, 'This raffle does not take points entries.');
    await refused(m, free.id, { entry_type: 'password', password: 'anything' }, 409, 'This raffle has no password entry.');
  });

  it('caps a member’s entries of every type together at max_entries and says how many remain', async () => {
    const capped = await raffle({ title: 'Five Max', free: true, points_per_entry: 10, password: 'pw', max_entries: 5 });
    const m = await member('Capper', 1000);
    await entered(m, capped.id, { entry_type: 'passwordless' });
    await entered(m, capped.id, { entry_type: 'points', points_spent: 20 });
    await refused(m, capped.id, { entry_type: 'points', points_spent: 30 }, 409, 'You can add only 2 more entries to this raffle (the limit is 5 entries per member).');
    await entered(m, capped.id, { entry_type: 'password', password: 'pw' });
    await refused(m, capped.id, { entry_type: 'points', points_spent: 20 }, 409, 'You can add only 1 more entry to this raffle (the limit is 5 entries per member).');
    await entered(m, capped.id, { entry_type: 'points', points_spent: 10 });
    await refused(m, capped.id, { entry_type: 'points', points_spent: 10 }, 409, 'You have reached the limit of 5 entries in this raffle.');
    expect(await state(m, capped.id)).toMatchObject({ balance: 970, total: 5 });
  });

  it('refuses raffles that are not accepting entries, and unknown raffles', async () => {
    const m = await member('TooEarly', 100);
    const upcoming = await raffle({ free: true, starts_at: at(HOUR) });
    const timeUp = await raffle({ free: true, starts_at: at(-2 * HOUR), end_datetime: at(-1000) });
    const closed = await raffle({ free: true, entries_closed_at: at(-1000) });
    for (const id of [upcoming.id, timeUp.id, closed.id]) await refused(m, id, { entry_type: 'passwordless' }, 409, 'This raffle is not accepting entries');
    const unknown = await enter(m.client, 2_147_483_647, { entry_type: 'passwordless' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Raffle not found.');
  });

  it('tells members below the required role, or without a linked Kick account, what they lack', async () => {
    const vipOnly = await raffle({ title: 'VIP Night', free: true, required_role: 'vip' });
    const kickOnly = await raffle({ title: 'Kick Viewers', free: true, requires_kick: true });
    const m = await member('PlainUser');
    await refused(m, vipOnly.id, { entry_type: 'passwordless' }, 403, 'This raffle is open to the VIP role and above; your role is User.');
    await refused(m, kickOnly.id, { entry_type: 'passwordless' }, 403, 'Link your Kick account in Settings to enter this raffle.');

    const vip = await signedInMember(t.app, 'VipMember', 'vip');
    expect((await entered(vip, vipOnly.id, { entry_type: 'passwordless' })).message).toBe('You entered “VIP Night”!');
    await db().updateTable('users').set({ kick_user_id: '4242', kick_username: 'plainuser_kick' }).where('id', '=', m.id).execute();
    expect((await entered(m, kickOnly.id, { entry_type: 'passwordless' })).entries_added).toBe(1);
  });

  it('asks visitors to sign in before looking at the form, and refuses a request without the page’s CSRF token', async () => {
    const free = await raffle({ free: true });
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    for (const body of [{ entry_type: 'passwordless' }, { entry_type: 'points', points_spent: 'lots' }, {}]) {
      const response = await enter(visitor, free.id, body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Please sign in to enter raffles' });
    }
    const m = await member('NoToken');
    const before = await state(m, free.id);
    const forged = await m.client.post(`/api/r/raffles/${free.id}/enter`, { entry_type: 'passwordless' }, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(await state(m, free.id)).toEqual(before);
  });

  it('explains each wrong field with a 422 and changes nothing', async () => {
    const all = await raffle({ free: true, points_per_entry: 5, password: 'x' });
    const m = await member('Sloppy', 100);
    const cases: [unknown, string, string][] = [
      [{}, 'entry_type', 'Choose an entry type: passwordless, points or password.'],
      [{ entry_type: 'bribe' }, 'entry_type', 'Choose an entry type: passwordless, points or password.'],
      [{ entry_type: 'points' }, 'points_spent', 'Enter the points to spend.'],
      [{ entry_type: 'points', points_spent: '10' }, 'points_spent', 'Enter the points to spend.'],
      [{ entry_type: 'points', points_spent: 7.5 }, 'points_spent', 'Spend a whole number of points.'],
      [{ entry_type: 'points', points_spent: 0 }, 'points_spent', 'Spend at least one entry’s worth of points.'],
      [{ entry_type: 'points', points_spent: -5 }, 'points_spent', 'Spend at least one entry’s worth of points.'],
      [{ entry_type: 'points', points_spent: 1e12 }, 'points_spent', 'That is more points than anyone has.'],
      [{ entry_type: 'password' }, 'password', 'Enter the raffle password.'],
      [{ entry_type: 'password', password: '' }, 'password', 'Enter the raffle password.'],
    ];
    const before = await state(m, all.id);
    for (const [body, field, message] of cases) {
      const response = await enter(m.client, all.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await state(m, all.id)).toEqual(before);
  });

  it('refuses more entries than any member may hold, even without max_entries, changing nothing', async () => {
    const cheap = await raffle({ points_per_entry: 1 });
    const m = await member('Whale', 20_000);
    await refused(m, cheap.id, { entry_type: 'points', points_spent: 10_001 }, 409, 'You can add only 10,000 more entries to this raffle (the limit is 10,000 entries per member).');
    expect((await entered(m, cheap.id, { entry_type: 'points', points_spent: 10_000 })).entries_added).toBe(10_000);
    expect(await state(m, cheap.id)).toMatchObject({ balance: 10_000, total: 10_000 });
  });

  it('counts entries on the member’s profile, lists them newest first and awards raffle achievements', async () => {
    const admin = await signedIn(t.app, 'RaffleStaff', 'admin');
    const badge = { title: 'Ticket Holder', description: 'Hold three raffle entries.', category: 'special', icon: 'gift', rule_kind: 'raffle_entries', rule_threshold: 3 };
    const created = await admin.post('/admin-new/api/achievements', badge);
    expect(created.statusCode, created.body).toBe(200);
    const first = await raffle({ title: 'First Draw', free: true });
    const second = await raffle({ title: 'Second Draw', points_per_entry: 2 });
    const m = await member('Collector', 10);
    await entered(m, first.id, { entry_type: 'passwordless' });
    let profile = profileSchema.parse((await m.client.get('/api/r/user/Collector')).json().data);
    expect(profile.stats.raffle_entries).toBe(1);
    expect(profile.achievements.map((a) => a.title)).not.toContain('Ticket Holder');

    await entered(m, second.id, { entry_type: 'points', points_spent: 4 });
    profile = profileSchema.parse((await new TestClient(t.app).get('/api/r/user/Collector')).json().data);
    expect(profile.stats.raffle_entries).toBe(3);
    expect(profile.recent_activity.raffle_entries).toEqual([
      expect.objectContaining({ entry_type: 'points', points_spent: 2, raffle: { title: 'Second Draw', is_active: true } }),
      expect.objectContaining({ entry_type: 'points', points_spent: 2, raffle: { title: 'Second Draw', is_active: true } }),
      expect.objectContaining({ entry_type: 'passwordless', points_spent: 0, raffle: { title: 'First Draw', is_active: true } }),
    ]);
    expect(profile.achievements.map((a) => a.title)).toContain('Ticket Holder');

    await db().updateTable('raffles').set({ entries_closed_at: at(0) }).where('id', '=', second.id).execute();
    profile = profileSchema.parse((await m.client.get('/api/r/user/Collector')).json().data);
    expect(profile.recent_activity.raffle_entries[0].raffle).toEqual({ title: 'Second Draw', is_active: false });
  });

  it('lets a member make 60 entry calls a minute and no more', async () => {
    const upcoming = await raffle({ free: true, starts_at: at(HOUR) });
    const m = await member('Hammer');
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await enter(m.client, upcoming.id, { entry_type: 'passwordless' })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 409)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});

describe('entering raffles while a copy of the raffle is kept', () => {
  // The app's clock stands still here, so the copy the checks read is kept for the whole test.
  const frozen = new Date();
  const t = useTestApp({ now: () => frozen });
  const db = () => t.database.db;

  it('enters under the rules as they are when the entry is written, not as the kept copy had them', async () => {
    const paid = await createRaffle(db(), { title: 'Moving Price', points_per_entry: 10, password: 'first words' });
    const m = await signedInMember(t.app, 'RuleWatcher');
    await t.app.services.points.apply({ userId: m.id, delta: 200, reason: 'test' });
    const enter = (body: unknown) => m.client.post(`/api/r/raffles/${paid.id}/enter`, body);
    expect((await enter({ entry_type: 'points', points_spent: 10 })).json()).toMatchObject({ entries_added: 1, balance: 190 });

    // Changed where this instance did not see it (another instance, or by hand): the entry reads the row again
    // under its lock and judges the call by it.
    await db().updateTable('raffles').set({ points_per_entry: 20 }).where('id', '=', paid.id).execute();
    expect((await enter({ entry_type: 'points', points_spent: 40 })).json()).toMatchObject({ message: 'You bought 2 entries in “Moving Price”!', entries_added: 2, balance: 150 });
    const spent = await db().selectFrom('raffle_entries').select('points_spent').where('raffle_id', '=', paid.id).orderBy('id').execute();
    expect(spent.map((entry) => entry.points_spent)).toEqual([10, 20, 20]);

    await db().updateTable('raffles').set({ allow_points_entry: 0 }).where('id', '=', paid.id).execute();
    const noPoints = await enter({ entry_type: 'points', points_spent: 20 });
    expect([noPoints.statusCode, noPoints.json().message]).toEqual([409, RAFFLE_MESSAGES.noPointsEntry]);

    // A password checked against the kept copy's cannot be checked again under the lock: that call is refused.
    const other = await createRaffle(db(), { password: 'second words' });
    const { password_hash } = await db().selectFrom('raffles').select('password_hash').where('id', '=', other.id).executeTakeFirstOrThrow();
    await db().updateTable('raffles').set({ password_hash }).where('id', '=', paid.id).execute();
    const stale = await enter({ entry_type: 'password', password: 'first words' });
    expect([stale.statusCode, stale.json().message]).toEqual([409, RAFFLE_MESSAGES.changed]);
    expect(await db().selectFrom('raffle_entries').select('id').where('raffle_id', '=', paid.id).execute()).toHaveLength(3);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  });
});
