import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminRaffleEntriesSchema, adminRaffleListSchema, type AdminRaffle, type RaffleInput } from '../../../common/contracts/raffles-admin';
import { seedCommitment } from '../../../common/raffle-draw';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, type TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { act, createByApi, enter, hoursFromNow, RAFFLES, raffleOf, raffleSnapshot } from './raffles-admin.testkit';
import { addEntries, createRaffle } from './raffles.testkit';

/** A full form as the admin page sends it: every field, taken from a raffle as staff see it. */
const formOf = (raffle: AdminRaffle): RaffleInput => ({
  title: raffle.title,
  description: raffle.description,
  image: raffle.image,
  prize_value: raffle.prize_value,
  allow_passwordless_entry: raffle.allow_passwordless_entry,
  allow_points_entry: raffle.allow_points_entry,
  points_per_entry: raffle.points_per_entry,
  has_password_entry: raffle.has_password_entry,
  max_entries: raffle.max_entries,
  winners_count: raffle.winners_count,
  starts_at: raffle.starts_at,
  end_datetime: raffle.end_datetime,
  auto_draw: raffle.auto_draw,
  required_role: raffle.required_role,
  requires_kick: raffle.requires_kick,
});

/** Staff creating and editing raffles (decision 019): every field checked, entry rules fixed once anyone entered. */
describe('raffles admin: create, edit, delete, entries', () => {
  const t = useTestApp();
  let staff: TestClient;
  const db = () => t.database.db;

  beforeAll(async () => {
    staff = await signedIn(t.app, 'RaffleKeeper', 'moderator');
  });

  it('creates a raffle that commits to its draw: the seed stays secret, its SHA-256 is published', async () => {
    const end = hoursFromNow(48);
    const response = await staff.post(RAFFLES, {
      title: '  Hoodie giveaway  ', description: 'One hoodie.', prize_value: 79.99, allow_points_entry: true, points_per_entry: 50,
      has_password_entry: true, password: ' moonlight ', max_entries: 20, winners_count: 3, end_datetime: end, auto_draw: true, required_role: 'vip', requires_kick: true,
    });
    expect(response.json().message).toBe('Raffle created.');
    const raffle = raffleOf(response);
    expect(raffle).toMatchObject({
      title: 'Hoodie giveaway', description: 'One hoodie.', image: null, prize_value: 79.99, status: 'open', is_active: true, has_ended: false, is_accepting_entries: true,
      is_free: false, allow_points_entry: true, points_per_entry: 50, entry_cost: 50, has_password_entry: true, max_entries: 20, winners_count: 3,
      end_datetime: end, auto_draw: true, required_role: 'vip', requires_kick: true, total_entries: 0, entrants_count: 0,
      entries_hash: null, entries_closed_at: null, drawn_at: null, announced_at: null, picks: [],
    });
    const row = await db().selectFrom('raffles').selectAll().where('id', '=', raffle.id).executeTakeFirstOrThrow();
    expect(raffle.seed_hash).toBe(await seedCommitment(row.seed));
    expect(row.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(response.body).not.toContain(row.seed);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.prize_value_cents).toBe(7999);
  });

  it('refuses bad input field by field with 422, changing nothing', async () => {
    const good = { title: 'Good', end_datetime: hoursFromNow(5), allow_passwordless_entry: true };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab' }, 'title'],
      [{ title: undefined }, 'title'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ prize_value: -1 }, 'prize_value'],
      [{ prize_value: 1.234 }, 'prize_value'],
      [{ allow_passwordless_entry: false }, 'allow_passwordless_entry'],
      [{ allow_points_entry: true, points_per_entry: 0 }, 'points_per_entry'],
      [{ points_per_entry: 1.5 }, 'points_per_entry'],
      [{ max_entries: 0 }, 'max_entries'],
      [{ winners_count: 101 }, 'winners_count'],
      [{ end_datetime: 'tomorrow' }, 'end_datetime'],
      [{ end_datetime: hoursFromNow(-1) }, 'end_datetime'],
      [{ starts_at: hoursFromNow(6) }, 'end_datetime'],
      [{ required_role: 'owner' }, 'required_role'],
      [{ requires_kick: 'yes' }, 'requires_kick'],
      [{ has_password_entry: true }, 'password'],
      [{ password: 'secret' }, 'password'],
      [{ has_password_entry: true, password: '   ' }, 'password'],
      [{ image: 'store/0123456789abcdef0123456789abcdef.webp' }, 'image'],
      [{ image: '../etc/passwd' }, 'image'],
    ];
    const before = await raffleSnapshot(t);
    for (const [change, field] of cases) {
      const response = await staff.post(RAFFLES, { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors, JSON.stringify(change)).toHaveProperty(field);
      expect(response.json().message).toMatch(/\.$/);
    }
    // An edit is the same form: refused the same way, and an unknown raffle is 404.
    const raffle = await createByApi(staff, good);
    for (const [change, field] of cases) {
      const response = await staff.put(`${RAFFLES}/${raffle.id}`, { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors, JSON.stringify(change)).toHaveProperty(field);
    }
    expect((await staff.put(`${RAFFLES}/2147483647`, good)).json()).toEqual({ success: false, message: 'Raffle not found.' });
    const others = await db().selectFrom('raffles').selectAll().where('id', '!=', raffle.id).orderBy('id').execute();
    expect(others).toEqual(before.raffles);
    expect(await db().selectFrom('raffles').select(['title', 'updated_at']).where('id', '=', raffle.id).executeTakeFirst()).toEqual({ title: 'Good', updated_at: raffle.updated_at });
  });

  it('uploads an image by content (re-encoded), refuses what is not an image, and saves the path on the raffle', async () => {
    const upload = async (name: string, data: Buffer | string) => {
      const { payload, headers } = await multipart([{ name, type: 'image/png', data }]);
      return staff.post(`${RAFFLES}/images`, payload, { headers });
    };
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#50f' } }).png().toBuffer();
    const uploaded = await upload('prize.png', png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const path = uploaded.json().path as string;
    expect(path).toMatch(/^raffles\/[0-9a-f]{32}\.webp$/);
    expect((await staff.get(`/storage/${path}`)).headers['content-type']).toBe('image/webp');
    const refused = await upload('fake.png', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('File fake.png is not an image.');
    expect((await createByApi(staff, { title: 'With a picture', image: path })).image).toBe(path);
  });

  it('edits anything before anyone entered; after entries only the title, description, image, prize, end and auto draw', async () => {
    const raffle = await createByApi(staff, { title: 'Editable', allow_points_entry: true, points_per_entry: 10 });
    const renamed = raffleOf(await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(raffle), title: 'Renamed', points_per_entry: 20, has_password_entry: true, password: 'open' }));
    expect(renamed).toMatchObject({ title: 'Renamed', points_per_entry: 20, has_password_entry: true });

    const member = await signedInMember(t.app, 'EarlyEntrant');
    await enter(member.client, raffle.id);
    const entered = raffleOf(await staff.get(`${RAFFLES}/${raffle.id}`));
    const before = await raffleSnapshot(t);
    const rules: Partial<RaffleInput>[] = [
      { allow_passwordless_entry: false }, { allow_points_entry: false }, { points_per_entry: 5 }, { has_password_entry: false }, { password: 'another' },
      { max_entries: 3 }, { winners_count: 2 }, { required_role: 'vip' }, { requires_kick: true }, { starts_at: hoursFromNow(-5) },
    ];
    for (const change of rules) {
      const response = await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(entered), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json().message).toMatch(/^Members have entered this raffle, so its entry rules .* can no longer change\.$/);
    }
    expect(await raffleSnapshot(t)).toEqual(before);

    // The same password typed again, or left out, is no change.
    const end = hoursFromNow(72);
    const edited = raffleOf(
      await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(entered), password: 'open', title: 'Still open', description: 'More prizes.', prize_value: 25, end_datetime: end, auto_draw: true }),
    );
    expect(edited).toMatchObject({ title: 'Still open', description: 'More prizes.', prize_value: 25, end_datetime: end, auto_draw: true, has_password_entry: true, total_entries: 1 });
    const started = await createByApi(staff, { title: 'Started earlier', starts_at: hoursFromNow(-5) });
    const moveToPast = await staff.put(`${RAFFLES}/${started.id}`, { ...formOf(started), end_datetime: hoursFromNow(-1) });
    expect(moveToPast.statusCode).toBe(422);
    expect(moveToPast.json().errors.end_datetime).toEqual(['The end must be in the future. To end the raffle now, close its entries.']);
  });

  it('fixes the entry rules and the end once entries are closed, even with no entries', async () => {
    const raffle = await createByApi(staff, { title: 'Closed early' });
    const closed = raffleOf(await act(staff, raffle.id, 'close'));
    const before = await raffleSnapshot(t);
    const rule = await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(closed), winners_count: 2 });
    expect(rule.statusCode).toBe(409);
    expect(rule.json().message).toMatch(/^Entries are closed, so the entry rules/);
    const end = await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(closed), end_datetime: hoursFromNow(100) });
    expect(end.json()).toEqual({ success: false, message: 'Entries are closed, so the end time can no longer move.' });
    expect(await raffleSnapshot(t)).toEqual(before);
    expect(raffleOf(await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(closed), title: 'Closed, renamed' })).title).toBe('Closed, renamed');
  });

  it('keeps the stored password when none is typed, needs one to turn password entry on, and drops it when turned off', async () => {
    const raffle = await createByApi(staff, { title: 'Password rules', has_password_entry: true, password: 'first' });
    const hash = async () => (await db().selectFrom('raffles').select('password_hash').where('id', '=', raffle.id).executeTakeFirstOrThrow()).password_hash;
    const stored = await hash();
    raffleOf(await staff.put(`${RAFFLES}/${raffle.id}`, formOf(raffle)));
    expect(await hash()).toBe(stored);
    raffleOf(await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(raffle), has_password_entry: false }));
    expect(await hash()).toBeNull();
    const needed = await staff.put(`${RAFFLES}/${raffle.id}`, { ...formOf(raffle), has_password_entry: true });
    expect(needed.json()).toEqual({ success: false, message: 'Enter the password members must type.', errors: { password: ['Enter the password members must type.'] } });
  });

  it('deletes only a raffle nobody entered', async () => {
    const empty = await createByApi(staff, { title: 'Nobody came' });
    expect((await staff.delete(`${RAFFLES}/${empty.id}`)).json()).toEqual({ success: true, message: 'Raffle deleted.' });
    expect((await staff.get(`${RAFFLES}/${empty.id}`)).statusCode).toBe(404);
    const busy = await createByApi(staff, { title: 'Popular' });
    await enter((await signedInMember(t.app, 'DeleteBlocker')).client, busy.id);
    const before = await raffleSnapshot(t);
    expect((await staff.delete(`${RAFFLES}/${busy.id}`)).json()).toEqual({ success: false, message: 'Members made 1 entry in this raffle, so it cannot be deleted.' });
    expect(await raffleSnapshot(t)).toEqual(before);
  });

  it('lists raffles newest first, by status and title search, a page at a time', async () => {
    const at = (hours: number) => hoursFromNow(hours);
    const made = {
      upcoming: await createRaffle(db(), { title: 'Zeta upcoming', starts_at: at(2) }),
      open: await createRaffle(db(), { title: 'Zeta open' }),
      closed: await createRaffle(db(), { title: 'Zeta time up', starts_at: at(-5), end_datetime: at(-1) }),
      drawn: await createRaffle(db(), { title: 'Zeta drawn' }),
      announced: await createRaffle(db(), { title: 'Zeta 100% announced' }),
    };
    const entrant = await signedInMember(t.app, 'ListEntrant');
    for (const key of ['drawn', 'announced'] as const) {
      await addEntries(db(), made[key].id, entrant.id, { count: 2 });
      raffleOf(await act(staff, made[key].id, 'draw'));
    }
    raffleOf(await act(staff, made.announced.id, 'announce'));
    const list = async (query: string) => adminRaffleListSchema.parse((await staff.get(`${RAFFLES}?${query}`)).json());
    const zeta = await list('search=zeta');
    expect(zeta.data.map((raffle) => [raffle.title, raffle.status])).toEqual([
      ['Zeta 100% announced', 'announced'], ['Zeta drawn', 'drawn'], ['Zeta time up', 'closed'], ['Zeta open', 'open'], ['Zeta upcoming', 'upcoming'],
    ]);
    expect(zeta.data[0]).toMatchObject({ entrants_count: 1, total_entries: 2, picks: [{ position: 1, user: { id: entrant.id } }] });
    for (const status of ['upcoming', 'open', 'closed', 'drawn', 'announced'] as const) {
      const page = await list(`search=ZETA&status=${status}`);
      expect(page.data.map((raffle) => raffle.id), status).toEqual([made[status].id]);
    }
    expect((await list('search=100%25')).data.map((raffle) => raffle.title)).toEqual(['Zeta 100% announced']);
    const all = await list('');
    expect(all).toMatchObject({ page: 1, pages: Math.ceil(all.total / 20) });
    const bad = await staff.get(`${RAFFLES}?status=lost&page=0`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'status']);
  });

  it('pages through the entries, oldest first, searchable by member name', async () => {
    const raffle = await createRaffle(db(), { title: 'Crowded', points_per_entry: 1 });
    const ann = await signedInMember(t.app, 'AnnEntrant');
    const ben = await signedInMember(t.app, 'BenEntrant');
    await addEntries(db(), raffle.id, ann.id, { count: 30 });
    await addEntries(db(), raffle.id, ben.id, { count: 30 });
    const page = async (query: string) => adminRaffleEntriesSchema.parse((await staff.get(`${RAFFLES}/${raffle.id}/entries?${query}`)).json());
    const first = await page('');
    expect(first).toMatchObject({ page: 1, pages: 2, total: 60 });
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toMatchObject({ entry_type: 'points', points_spent: 1, user: { id: ann.id, username: 'AnnEntrant' } });
    expect((await page('page=2')).data.map((entry) => entry.user.username)).toEqual(Array(10).fill('BenEntrant'));
    const bens = await page('search=benent');
    expect(bens).toMatchObject({ total: 30, pages: 1 });
    expect(new Set(bens.data.map((entry) => entry.user.id))).toEqual(new Set([ben.id]));
    expect((await page('search=nobody')).data).toEqual([]);
    expect((await staff.get(`${RAFFLES}/${raffle.id}/entries?search=${'x'.repeat(121)}`)).statusCode).toBe(422);
  });
});
