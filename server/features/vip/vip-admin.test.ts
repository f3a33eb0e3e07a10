import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminVipTierSchema } from '../../../common/contracts/vip';
import { useTestApp, type TestApp } from '../../test/app';
import { signedIn, signedInMember, type SignedInMember, TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { ADMIN, createBoard, importWagers } from '../leaderboards/leaderboards.testkit';

const TIERS = `${ADMIN}/vip/tiers`;
const CLAIMS = `${ADMIN}/vip/claims`;
type Claim = { id: number; status: string; tier: { name: string }; user: { username: string } };

/** Staff, a Roobet board with wagers for the members named, and a member signed in per name. */
async function setUp(t: TestApp, players: string[]) {
  const admin = await signedIn(t.app, 'TierAdmin', 'admin');
  const moderator = await signedInMember(t.app, 'TierModerator', 'moderator');
  const board = await createBoard(admin, { name: 'Roobet', slug: 'roobet', casino_slot: 1 });
  await importWagers(admin, board.periodId, players.map((name): [string, number] => [name, 10_000]));
  const members: Record<string, SignedInMember> = {};
  for (const name of players) {
    members[name] = await signedInMember(t.app, name);
    expect((await members[name].client.post('/api/r/profile/update', { crypto: name })).statusCode).toBe(200);
  }
  const tiers = async () => adminVipTierSchema.array().parse((await admin.get(TIERS)).json().data);
  const createTier = async (fields: Record<string, unknown>) => {
    const response = await admin.post(TIERS, { platform_id: board.platform.id, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return (await tiers()).find((tier) => tier.name === fields.name)!;
  };
  return { admin, moderator, platformId: board.platform.id, members, tiers, createTier };
}

const uploadImage = async (client: TestClient, name = 'tier.png', data?: Buffer | string) => {
  const png = data ?? (await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fc0' } }).png().toBuffer());
  const { payload, headers } = await multipart([{ name, type: 'image/png', data: png }]);
  return client.post(`${ADMIN}/vip/images`, payload, { headers });
};

/** Admin VIP tiers (docs/decisions/015-vip-rewards.md): admins define them, moderators only read. */
describe('VIP tiers in the admin API', () => {
  const t = useTestApp();
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(t, ['TierClaimer']);
  });

  it('creates, lists, edits and deletes tiers with their defaults', async () => {
    const created = await s.admin.post(TIERS, { platform_id: s.platformId, name: '  Diamond  ', description: 'Top spenders.', reward_type: 'cash', reward_amount: 12.34, min_wagered: 5000.5, count_wager_after_date: '2026-01-01', display_order: 7 });
    expect(created.json()).toEqual({ success: true, message: 'Tier “Diamond” added.' });
    const diamond = (await s.tiers()).find((tier) => tier.name === 'Diamond')!;
    expect(diamond).toEqual({
      id: diamond.id, platform: { id: s.platformId, name: 'Roobet' }, name: 'Diamond', description: 'Top spenders.', image: null, reward_type: 'cash',
      reward_amount: 12.34, min_wagered: 5000.5, count_wager_after_date: '2026-01-01', display_order: 7, is_active: true, claims_count: 0,
    });
    // Another kind of reward has no amount, whatever the form sent.
    const hoodie = await s.createTier({ name: 'Hoodie', reward_type: 'other', reward_amount: 99, min_wagered: 10 });
    expect(hoodie).toMatchObject({ description: '', image: null, reward_type: 'other', reward_amount: 0, count_wager_after_date: null, display_order: 0, is_active: true });

    const edit = { platform_id: s.platformId, name: 'Diamond Plus', reward_type: 'points', reward_amount: 2500, min_wagered: 6000, is_active: false };
    expect((await s.admin.put(`${TIERS}/${diamond.id}`, edit)).json()).toEqual({ success: true, message: 'Tier “Diamond Plus” saved.' });
    expect((await s.tiers()).find((tier) => tier.id === diamond.id)).toMatchObject({ name: 'Diamond Plus', description: '', reward_type: 'points', reward_amount: 2500, min_wagered: 6000, count_wager_after_date: null, is_active: false });

    expect((await s.admin.delete(`${TIERS}/${diamond.id}`)).json()).toEqual({ success: true, message: 'Tier deleted.' });
    expect((await s.tiers()).map((tier) => tier.name)).toEqual(['Hoodie']);
    // The id of a tier that is gone, or of nothing at all.
    for (const response of [await s.admin.put(`${TIERS}/${diamond.id}`, edit), await s.admin.delete(`${TIERS}/${diamond.id}`), await s.admin.delete(`${TIERS}/${hoodie.id + 1000}`)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Tier not found.' });
    }
  });

  it('names what is wrong with each field and saves nothing', async () => {
    const before = await s.tiers();
    const valid = { platform_id: s.platformId, name: 'Valid', reward_type: 'points', reward_amount: 10, min_wagered: 100 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ platform_id: undefined }, 'platform_id', 'Choose a platform.'],
      [{ platform_id: 0 }, 'platform_id', 'Choose a platform.'],
      [{ platform_id: 'Roobet' }, 'platform_id', 'Choose a platform.'],
      [{ platform_id: 2_147_483_648 }, 'platform_id', 'Choose a platform.'],
      [{ platform_id: s.platformId + 500 }, 'platform_id', 'Choose a platform.'],
      [{ name: undefined }, 'name', 'Give the tier a name.'],
      [{ name: '  A ' }, 'name', 'Give the tier a name of at least 2 characters.'],
      [{ name: 'x'.repeat(61) }, 'name', 'At most 60 characters.'],
      [{ description: 'x'.repeat(301) }, 'description', 'At most 300 characters.'],
      [{ reward_type: 'gift' }, 'reward_type', 'Choose points, cash or another reward.'],
      [{ reward_amount: 'ten' }, 'reward_amount', 'Enter the reward as a number.'],
      [{ reward_type: 'other', reward_amount: -1 }, 'reward_amount', 'The reward cannot be negative.'],
      [{ reward_amount: 10_000_001 }, 'reward_amount', 'The reward can be at most 10,000,000.'],
      [{ reward_type: 'cash', reward_amount: 1.234 }, 'reward_amount', 'The reward can have at most two decimals.'],
      [{ reward_amount: 2.5 }, 'reward_amount', 'A points reward is a whole number of at least 1.'],
      [{ reward_amount: 0 }, 'reward_amount', 'A points reward is a whole number of at least 1.'],
      [{ reward_type: 'cash', reward_amount: undefined }, 'reward_amount', 'A cash reward must be more than $0.'],
      [{ reward_type: 'cash', reward_amount: 1e-9 }, 'reward_amount', 'A cash reward must be more than $0.'],
      [{ min_wagered: undefined }, 'min_wagered', 'Enter the wager needed as a number.'],
      [{ min_wagered: -5 }, 'min_wagered', 'The wager needed cannot be negative.'],
      [{ min_wagered: 1_000_000_001 }, 'min_wagered', 'The wager needed can be at most 1,000,000,000.'],
      [{ min_wagered: 0.001 }, 'min_wagered', 'The wager needed can have at most two decimals.'],
      [{ count_wager_after_date: '01/02/2026' }, 'count_wager_after_date', 'Enter the date as YYYY-MM-DD.'],
      [{ count_wager_after_date: '2026-02-30' }, 'count_wager_after_date', 'Enter a real date.'],
      [{ count_wager_after_date: '2026-13-01' }, 'count_wager_after_date', 'Enter a real date.'],
      [{ display_order: 1.5 }, 'display_order', 'Enter a whole number.'],
      [{ display_order: -1 }, 'display_order', 'Must be 0 or more.'],
      [{ display_order: 1001 }, 'display_order', 'At most 1,000.'],
      [{ is_active: 'yes' }, 'is_active', 'Choose yes or no.'],
      [{ image: `store/${'a'.repeat(32)}.webp` }, 'image', 'Upload the image again.'],
      [{ image: '../../etc/passwd' }, 'image', 'Upload the image again.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await s.admin.post(TIERS, { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      // The form shows a field's first message.
      const body = response.json<{ success: boolean; message: string; errors: Record<string, string[]> }>();
      expect([body.success, body.message, Object.keys(body.errors), body.errors[field][0]], JSON.stringify(change)).toEqual([false, message, [field], message]);
    }
    const empty = (await s.admin.post(TIERS, {})).json();
    expect(empty.errors).toMatchObject({ platform_id: ['Choose a platform.'], name: ['Give the tier a name.'], reward_type: ['Choose points, cash or another reward.'], min_wagered: ['Enter the wager needed as a number.'] });
    const [tier] = before;
    expect((await s.admin.put(`${TIERS}/${tier.id}`, { ...valid, name: 'B' })).json().errors).toEqual({ name: ['Give the tier a name of at least 2 characters.'] });
    expect(await s.tiers()).toEqual(before);
  });

  it('stores an uploaded picture, shows it to members, and removes the files it replaces or leaves', async () => {
    const first = (await uploadImage(s.admin)).json().path as string;
    expect(first).toMatch(/^vip\/[0-9a-f]{32}\.webp$/);
    const served = await s.admin.get(`/storage/${first}`);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const tier = await s.createTier({ name: 'Pictured', reward_type: 'points', reward_amount: 5, min_wagered: 1, image: first });
    expect(tier.image).toBe(first);
    const member = s.members.TierClaimer.client;
    const seen = (await member.get('/api/r/vip-rewards')).json().data.tiers_by_platform.Roobet.tiers;
    expect(seen.find((row: { id: number }) => row.id === tier.id).image).toBe(first);

    const second = (await uploadImage(s.admin)).json().path as string;
    expect((await s.admin.put(`${TIERS}/${tier.id}`, { platform_id: s.platformId, name: 'Pictured', reward_type: 'points', reward_amount: 5, min_wagered: 1, image: second })).statusCode).toBe(200);
    expect((await s.admin.get(`/storage/${first}`)).statusCode).toBe(404);
    expect((await s.admin.get(`/storage/${second}`)).statusCode).toBe(200);
    expect((await s.admin.delete(`${TIERS}/${tier.id}`)).statusCode).toBe(200);
    expect((await s.admin.get(`/storage/${second}`)).statusCode).toBe(404);

    expect((await uploadImage(s.admin, 'notes.png', 'just some text')).json()).toEqual({ success: false, message: 'File notes.png is not an image.' });
    const { payload, headers } = await multipart([]);
    expect((await s.admin.post(`${ADMIN}/vip/images`, payload, { headers })).json()).toMatchObject({ success: false, message: 'Choose an image to upload.' });
  });

  it('keeps a tier members claimed: it cannot be deleted, only switched off (and members stop seeing it)', async () => {
    const tier = await s.createTier({ name: 'Claimed once', reward_type: 'points', reward_amount: 5, min_wagered: 1 });
    const member = s.members.TierClaimer.client;
    expect((await member.post(`/api/r/vip-rewards/${tier.id}/claim`, {})).statusCode).toBe(200);
    const refused = await s.admin.delete(`${TIERS}/${tier.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Members have claimed this tier, so it cannot be deleted. Switch it off instead.' });
    const off = { platform_id: s.platformId, name: 'Claimed once', reward_type: 'points', reward_amount: 5, min_wagered: 1, is_active: false };
    expect((await s.admin.put(`${TIERS}/${tier.id}`, off)).statusCode).toBe(200);
    expect((await s.tiers()).find((row) => row.id === tier.id)).toMatchObject({ is_active: false, claims_count: 1 });
    const seen = (await member.get('/api/r/vip-rewards')).json().data.tiers_by_platform.Roobet?.tiers ?? [];
    expect(seen.map((row: { name: string }) => row.name)).not.toContain('Claimed once');
    expect((await member.get('/api/r/vip-rewards/history')).json().data.map((row: { tier: { name: string } }) => row.tier.name)).toEqual(['Claimed once']);
  });

  it('lets moderators read but not change tiers: refused before the form is checked; members not even that', async () => {
    const moderator = s.moderator.client;
    const [tier] = await s.tiers();
    expect((await moderator.get(TIERS)).json().data).toEqual(await s.tiers());
    const adminsOnly = { success: false, message: 'Only admins can do that.' };
    for (const response of [
      await moderator.post(TIERS, {}),
      await moderator.post(TIERS, { platform_id: s.platformId, name: 'Sneaky', reward_type: 'points', reward_amount: 1, min_wagered: 1 }),
      await moderator.put(`${TIERS}/${tier.id}`, { name: '' }),
      await moderator.put(`${TIERS}/999999`, {}),
      await moderator.delete(`${TIERS}/${tier.id}`),
      await uploadImage(moderator),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(adminsOnly);
    }
    const member = s.members.TierClaimer.client;
    for (const response of [await member.get(TIERS), await member.post(TIERS, {}), await member.get(CLAIMS), await new TestClient(t.app).get(TIERS)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Staff access required.' });
    }
    expect((await s.tiers()).map((row) => row.name)).not.toContain('Sneaky');
  });
});

/** The claims queue: all staff work it; each claim moves on once, processed (cash paid out) or rejected with a reason. */
describe('VIP claims queue in the admin API', () => {
  const t = useTestApp();
  let s: Awaited<ReturnType<typeof setUp>>;
  const queue = async (query = '') => {
    const response = await s.admin.get(`${CLAIMS}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Claim[]; meta: { page: number; per_page: number; total: number } }>();
  };
  const notes = async (client: TestClient) => (await client.get('/api/notifications')).json<{ type: string; data: { message?: string; link?: string } }[]>();
  const paid = () => t.database.db.selectFrom('payouts').select(['source', 'reference', 'user_id', 'amount_cents']).where('source', '=', 'vip').execute();
  const givenAway = async () => (await s.admin.get('/api/r/stats/total-given-away')).json<{ total: number }>().total;
  const claimOf = async (member: string, tier: string) => (await queue('?status=all')).data.find((row) => row.user.username === member && row.tier.name === tier)!;

  beforeAll(async () => {
    s = await setUp(t, ['QueueA', 'QueueB', 'QueueC']);
    for (let n = 1; n <= 10; n++) await s.createTier({ name: `Perk ${n}`, reward_type: 'other', min_wagered: 1, display_order: n });
    await s.createTier({ name: 'Cash', reward_type: 'cash', reward_amount: 10.5, min_wagered: 100 });
    // 10 perks for each of three members, one after the other: 30 claims, oldest first.
    for (const name of ['QueueA', 'QueueB', 'QueueC']) {
      for (const tier of (await s.tiers()).filter((row) => row.name.startsWith('Perk'))) {
        expect((await s.members[name].client.post(`/api/r/vip-rewards/${tier.id}/claim`, {})).statusCode).toBe(200);
      }
    }
  });

  it('pages pending claims oldest first, 25 a page, and filters by status', async () => {
    const first = await queue();
    expect(first.meta).toEqual({ page: 1, per_page: 25, total: 30 });
    expect(first.data.map((row) => `${row.user.username} ${row.tier.name}`).slice(0, 2)).toEqual(['QueueA Perk 1', 'QueueA Perk 2']);
    const second = await queue('?page=2');
    expect([second.meta, second.data.length]).toEqual([{ page: 2, per_page: 25, total: 30 }, 5]);
    const ids = [...first.data, ...second.data].map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(30);
    expect((await queue('?page=3')).data).toEqual([]);

    for (const id of ids.slice(0, 3)) expect((await s.admin.post(`${CLAIMS}/${id}/process`, {})).statusCode).toBe(200);
    for (const id of ids.slice(3, 5)) expect((await s.admin.post(`${CLAIMS}/${id}/reject`, { reason: 'Out of stock.' })).statusCode).toBe(200);
    const processed = await queue('?status=processed');
    expect([processed.meta.total, processed.data.map((row) => row.id)]).toEqual([3, ids.slice(0, 3).reverse()]);
    expect((await queue('?status=rejected')).data.map((row) => [row.id, row.status])).toEqual(ids.slice(3, 5).reverse().map((id) => [id, 'rejected']));
    expect((await queue('?status=pending')).meta.total).toBe(25);
    const all = await queue('?status=all&page=2');
    expect([all.meta.total, all.data.length]).toEqual([30, 5]);

    const wrong = await s.admin.get(`${CLAIMS}?status=done`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([422, 'Choose pending, processed, rejected or all.']);
    for (const page of ['0', 'abc', '1.5']) expect((await s.admin.get(`${CLAIMS}?page=${page}`)).statusCode).toBe(422);
  });

  it('leaves a staff member’s own claim to another staff member', async () => {
    const cash = (await s.tiers()).find((row) => row.name === 'Cash')!;
    // Staff are members too: the moderator's own pending claim, as a claim of theirs would be stored.
    const { id } = await t.database.db
      .insertInto('vip_claims')
      .values({ tier_id: cash.id, user_id: s.moderator.id, reward_type: 'cash', reward_amount: 1050, wagered_cents_at_claim: 1_000_000, casino_username: 'ModRoller', status: 'pending', created_at: new Date().toISOString(), processed_at: null, processed_by: null, reject_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [action, body] of [['process', {}], ['reject', { reason: 'Not mine to give.' }]] as const) {
      const refused = await s.moderator.client.post(`${CLAIMS}/${id}/${action}`, body);
      expect([refused.statusCode, refused.json().message], action).toEqual([403, 'You cannot handle your own claim; another staff member has to.']);
    }
    expect(await claimOf('TierModerator', 'Cash')).toMatchObject({ id, status: 'pending' });
    expect(await paid()).toEqual([]);
    expect((await s.admin.post(`${CLAIMS}/${id}/reject`, { reason: 'Staff rewards go through the streamer.' })).statusCode).toBe(200);
  });

  it('processes a cash claim once: the payout is recorded, the total given away grows, the member is told', async () => {
    const member = s.members.QueueA;
    const cash = (await s.tiers()).find((row) => row.name === 'Cash')!;
    expect((await member.client.post(`/api/r/vip-rewards/${cash.id}/claim`, {})).statusCode).toBe(200);
    const claim = await claimOf('QueueA', 'Cash');
    const before = await givenAway();
    const done = await s.moderator.client.post(`${CLAIMS}/${claim.id}/process`, {});
    expect(done.json()).toEqual({ success: true, message: 'Marked as processed. The member has been notified.' });
    expect(await claimOf('QueueA', 'Cash')).toMatchObject({ status: 'processed', processed_at: expect.any(String), processed_by: { id: s.moderator.id, username: 'TierModerator' }, reject_reason: null });
    expect(await paid()).toEqual([{ source: 'vip', reference: `vip_claim:${claim.id}`, user_id: member.id, amount_cents: 1050 }]);
    expect(await givenAway()).toBe(before + 10.5);
    expect((await notes(member.client)).filter((note) => note.type === 'vip_processed' && note.data.message?.includes('“Cash”')).map((note) => note.data)).toEqual([
      { message: 'Your VIP reward “Cash” ($10.50) has been processed.', link: '/vip-rewards' },
    ]);
    for (const action of ['process', 'reject']) {
      const again = await s.admin.post(`${CLAIMS}/${claim.id}/${action}`, action === 'reject' ? { reason: 'Changed my mind.' } : {});
      expect([again.statusCode, again.json().message]).toEqual([409, 'This claim was already processed.']);
    }
    expect(await paid()).toHaveLength(1);
  });

  it('rejects with a reason the member reads (in history and a notification), once, and pays nothing', async () => {
    const member = s.members.QueueB;
    const claim = await claimOf('QueueB', 'Perk 7');
    for (const [body, message] of [[{}, 'Say why the claim is rejected.'], [{ reason: '  ab  ' }, 'Say why the claim is rejected (at least 3 characters).'], [{ reason: 'x'.repeat(301) }, 'At most 300 characters.']] as const) {
      const response = await s.admin.post(`${CLAIMS}/${claim.id}/reject`, body);
      expect(response.json()).toEqual({ success: false, message, errors: { reason: [message] } });
    }
    const done = await s.moderator.client.post(`${CLAIMS}/${claim.id}/reject`, { reason: '  Perk 7 is gone for the season.  ' });
    expect(done.json()).toEqual({ success: true, message: 'Claim rejected. The member has been told why.' });
    const item = (await member.client.get('/api/r/vip-rewards/history')).json().data.find((row: { id: number }) => row.id === claim.id);
    expect(item).toMatchObject({ status: 'rejected', processed: false, processed_at: expect.any(String), reject_reason: 'Perk 7 is gone for the season.' });
    expect((await notes(member.client)).filter((note) => note.type === 'vip_rejected').map((note) => note.data)).toEqual([
      { message: 'Your VIP reward claim “Perk 7” was not approved: Perk 7 is gone for the season.', link: '/vip-rewards' },
    ]);
    for (const action of ['process', 'reject']) {
      const again = await s.admin.post(`${CLAIMS}/${claim.id}/${action}`, action === 'reject' ? { reason: 'Again, no.' } : {});
      expect([again.statusCode, again.json().message]).toEqual([409, 'This claim was already rejected.']);
    }
    expect((await paid()).filter((row) => row.user_id === member.id)).toEqual([]);
  });

  it('lets only one of ten staff clicks at the same moment decide a claim', async () => {
    const claim = await claimOf('QueueC', 'Perk 9');
    const clicks = Array.from({ length: 10 }, (_, index) =>
      index % 2 ? s.admin.post(`${CLAIMS}/${claim.id}/process`, {}) : s.moderator.client.post(`${CLAIMS}/${claim.id}/reject`, { reason: 'Duplicate request.' }),
    );
    const responses = await Promise.all(clicks);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const notified = (await notes(s.members.QueueC.client)).filter((note) => note.data.message?.includes('“Perk 9”'));
    expect(notified).toHaveLength(1);
  });

  it('answers 404 for claims that do not exist and 422 for ids that are not numbers', async () => {
    const last = Math.max(...(await queue('?status=all')).data.map((row) => row.id));
    for (const response of [await s.admin.post(`${CLAIMS}/${last + 1}/process`, {}), await s.moderator.client.post(`${CLAIMS}/${last + 50}/reject`, { reason: 'Not real.' })]) {
      expect([response.statusCode, response.json().message]).toEqual([404, 'Claim not found.']);
    }
    expect((await s.admin.post(`${CLAIMS}/abc/process`, {})).statusCode).toBe(422);
    // Ids are written in digits only: a hex or exponent spelling of a real claim's id is no id.
    for (const spelling of [`0x${last.toString(16)}`, `${last}e0`, `%20${last}`, `${last}.0`]) {
      const response = await s.admin.post(`${CLAIMS}/${spelling}/process`, {});
      expect([response.statusCode, response.json().message], spelling).toEqual([422, 'id: must be a whole number']);
    }
    const tooLarge = await s.admin.post(`${CLAIMS}/${'9'.repeat(12)}/process`, {});
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([422, 'id: is too large']);
  });
});
