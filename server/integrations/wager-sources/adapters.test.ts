import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { genericOptionsSchema } from '../../../common/contracts/wager-sources';
import { FAKE_PARTNER_KEYS, startFakePartners, type FakePartners, type PartnerFailure } from '../../test/fake-partners';
import { partnerRequest, wagerRow } from './http';
import { createWagerAdapter, WagerSourceError, type SourceSettings, type WagerRow } from './index';

/** Every adapter against the fake partner server, in the partners' own shapes and failure modes. */
describe('wager source adapters', () => {
  let fake: FakePartners;
  const window = { start: new Date('2026-11-01T00:00:00.000Z'), end: new Date('2026-11-08T00:00:00.000Z') };
  const players = [
    { username: 'HighRoller', wagered: 125_000.5, weighted: 60_000.25 },
    { username: 'SpinQueen', wagered: 98_765.43, weighted: 90_000 },
    { username: 'Idle', wagered: 0 },
    { username: 'CodeHopper', wagered: 500, campaignCode: 'someoneelse' },
  ];

  beforeAll(async () => {
    fake = await startFakePartners();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.recover();
    fake.state.players = players;
    fake.state.requests.length = 0;
  });

  /** The "creator get-stats" family (Upgrader, Hype.bet) described to the generic adapter. */
  const upgraderOptions = (url: string) => genericOptionsSchema.parse({
    method: 'POST',
    url: `${url}/affiliate/creator/get-stats`,
    body: '{"apikey":"{secret}","from":"{start}","to":"{end}"}',
    date_format: 'yyyy-MM-dd',
    rows_path: 'data.summarizedBets',
    fields: { username: 'user.username', wagered: 'wager' },
    amount_scale: 0.01,
    error_flag_path: 'error',
    error_message_path: 'msg',
  });

  const sources = () => ({
    roobet: { kind: 'roobet' as const, base_url: fake.url, secret: fake.roobetToken, rank_on: 'wagered' as const, options: {} },
    shuffle: { kind: 'shuffle' as const, base_url: fake.url, secret: FAKE_PARTNER_KEYS.shuffle as string, rank_on: 'wagered' as const, options: {} },
    rainbet: { kind: 'rainbet' as const, base_url: fake.url, secret: FAKE_PARTNER_KEYS.rainbet as string, rank_on: 'wagered' as const, options: {} },
    packdraw: { kind: 'packdraw' as const, base_url: fake.url, secret: FAKE_PARTNER_KEYS.packdraw as string, rank_on: 'wagered' as const, options: {} },
    generic: { kind: 'generic' as const, base_url: null, secret: FAKE_PARTNER_KEYS.upgrader as string, rank_on: 'wagered' as const, options: upgraderOptions(fake.url) },
  });

  const fetchRows = (source: SourceSettings, timeoutMs = 2000) => createWagerAdapter(source, { allowPrivateAddresses: true }).fetch(window, AbortSignal.timeout(timeoutMs));
  const byName = (rows: WagerRow[]) => Object.fromEntries(rows.map((row) => [row.username, row.wagered]));
  async function failure(source: SourceSettings, timeoutMs = 2000): Promise<WagerSourceError> {
    const error = await fetchRows(source, timeoutMs).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof WagerSourceError)) throw new Error(`expected a WagerSourceError, got ${String(error)}`);
    return error;
  }

  it('Roobet: Bearer token, user id from the token, full ISO window; a bare list with weighted wagers', async () => {
    const rows = await fetchRows(sources().roobet);
    expect(byName(rows)).toEqual({ HighRoller: 125_000.5, SpinQueen: 98_765.43, CodeHopper: 500 });
    expect(rows.find((row) => row.username === 'HighRoller')?.weighted).toBe(60_000.25);
    const [sent] = fake.state.requests;
    expect(sent.query).toMatchObject({ userId: FAKE_PARTNER_KEYS.roobetUserId, startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-07T23:59:59.999Z' });
    expect(sent.headers.authorization).toBe(`Bearer ${fake.roobetToken}`);
  });

  it('Roobet: categories are sent when set; a string body is an error', async () => {
    await fetchRows({ ...sources().roobet, options: { categories: 'slots,provably fair' } });
    expect(fake.state.requests[0].query.categories).toBe('slots,provably fair');
    const wrongUser = await failure({ ...sources().roobet, options: { user_id: 'someone-else' } });
    expect(wrongUser.message).toMatch(/reported an error: Invalid userId/);
  });

  it('Shuffle: the key in the path, a unix-seconds window, the campaign code filter, /wager/ for weighted', async () => {
    const rows = await fetchRows({ ...sources().shuffle, options: { campaign_code: 'NightSpin' } });
    expect(byName(rows)).toEqual({ HighRoller: 125_000.5, SpinQueen: 98_765.43 });
    const [sent] = fake.state.requests;
    expect(sent.path).toBe(`/stats/${FAKE_PARTNER_KEYS.shuffle}`);
    expect(sent.query).toEqual({ startTime: String(Date.parse('2026-11-01T00:00:00Z') / 1000), endTime: String(Date.parse('2026-11-08T00:00:00Z') / 1000) });
    const weighted = await fetchRows({ ...sources().shuffle, rank_on: 'weighted' });
    expect(fake.state.requests[1].path).toBe(`/wager/${FAKE_PARTNER_KEYS.shuffle}`);
    expect(weighted.find((row) => row.username === 'SpinQueen')?.weighted).toBe(90_000);
  });

  it('Shuffle: a rate limit inside an HTTP 200 is a transient error; a bad key inside a 200 is not', async () => {
    fake.state.failure = 'error200';
    const limited = await failure(sources().shuffle);
    expect(limited.message).toMatch(/TOO_MANY_REQUEST/);
    expect(limited.transient).toBe(true);
    fake.recover();
    const badKey = await failure({ ...sources().shuffle, secret: 'wrong' });
    expect(badKey.message).toMatch(/INVALID_API_KEY/);
    expect(badKey.transient).toBe(false);
  });

  it('Rainbet: whole days and the key in the query; string amounts parsed', async () => {
    const rows = await fetchRows(sources().rainbet);
    expect(byName(rows)).toEqual({ HighRoller: 125_000.5, SpinQueen: 98_765.43, CodeHopper: 500 });
    expect(fake.state.requests[0].query).toEqual({ start_at: '2026-11-01', end_at: '2026-11-07', key: FAKE_PARTNER_KEYS.rainbet });
  });

  it('Packdraw: month-day-year dates without padding', async () => {
    const rows = await fetchRows(sources().packdraw);
    expect(byName(rows)).toEqual({ HighRoller: 125_000.5, SpinQueen: 98_765.43, CodeHopper: 500 });
    expect(fake.state.requests[0].query).toEqual({ after: '11-1-2026', before: '11-7-2026', apiKey: FAKE_PARTNER_KEYS.packdraw });
  });

  it('generic: a POST body with placeholders, rows at a path, amounts in cents, errors flagged inside a 200', async () => {
    const rows = await fetchRows(sources().generic);
    expect(byName(rows)).toEqual({ HighRoller: 125_000.5, SpinQueen: 98_765.43, CodeHopper: 500 });
    expect(JSON.parse(fake.state.requests[0].body)).toEqual({ apikey: FAKE_PARTNER_KEYS.upgrader, from: '2026-11-01', to: '2026-11-07' });
    fake.state.failure = 'error200';
    const limited = await failure(sources().generic);
    expect(limited.message).toBe('The partner reported an error: Rate limit exceeded. Please try again in 30 seconds.');
    expect(limited.transient).toBe(true);
    fake.recover();
    const refused = await failure({ ...sources().generic, secret: 'nope' });
    expect(refused.message).toMatch(/Invalid API key format/);
    expect(refused.transient).toBe(false);
  });

  it('drops rows no partner can mean: wagers past $1,000,000,000 (1e306 reached pages as Infinity) and names past 64 characters', () => {
    for (const wagered of [1e306, '1e20', 1_000_000_000.01]) expect(wagerRow('whale', wagered), String(wagered)).toBeNull();
    expect(wagerRow('x'.repeat(65), 10)).toBeNull();
    expect(wagerRow('whale', 1_000_000_000)).toEqual({ username: 'whale', wagered: 1_000_000_000 });
    expect(wagerRow('x'.repeat(64), '10.5', 1e306)).toEqual({ username: 'x'.repeat(64), wagered: 10.5 });
  });

  it('generic: a GET with the key and dates in the address, a bare-path list', async () => {
    const options = genericOptionsSchema.parse({
      url: `${fake.url}/v1/external/affiliates?start_at={start}&end_at={end}&key={secret}`,
      date_format: 'yyyy-MM-dd',
      rows_path: 'affiliates',
      fields: { username: 'username', wagered: 'wagered_amount' },
    });
    const rows = await fetchRows({ kind: 'generic', base_url: null, secret: FAKE_PARTNER_KEYS.rainbet, rank_on: 'wagered', options });
    expect(byName(rows)).toEqual({ HighRoller: 125_000.5, SpinQueen: 98_765.43, CodeHopper: 500 });
  });

  const transientModes: [PartnerFailure, RegExp][] = [
    ['http429', /rate limiting us \(HTTP 429\)/],
    ['http500', /partner failed \(HTTP 500\)/],
    ['html', /web page instead of data/],
    ['garbage', /something other than JSON/],
  ];
  it.each(transientModes)('every partner: %s is a transient error with a clear message', async (mode, message) => {
    for (const source of Object.values(sources()) as SourceSettings[]) {
      fake.state.failure = mode;
      const error = await failure(source);
      expect(error.message, source.kind).toMatch(message);
      expect(error.transient, source.kind).toBe(true);
    }
  });

  it('a partner that never answers fails at the timeout', async () => {
    fake.state.failure = 'hang';
    const started = Date.now();
    const error = await failure(sources().rainbet, 300);
    expect(error.message).toBe('No answer before the timeout.');
    expect(error.transient).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an answer longer than 10 MB is refused without being read whole', async () => {
    fake.state.players = Array.from({ length: 100_000 }, (_, index) => ({ username: `${'w'.repeat(60)}${index}`, wagered: 1 }));
    const error = await failure(sources().rainbet);
    expect(error.message).toBe("The partner's answer is longer than 10 MB; it was not read.");
    expect(error.transient).toBe(false);
  });

  it('reads answers as a browser would: a byte-order mark before the JSON is dropped; a declared length past 10 MB is not read', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/bom') response.writeHead(200, { 'content-type': 'application/json' }).end('\uFEFF[{"username":"Zoë","wagered":5}]');
      else response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(20 * 1024 * 1024) }).write('[');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await partnerRequest(`${base}/bom`, {}, AbortSignal.timeout(2000))).toEqual([{ username: 'Zoë', wagered: 5 }]);
      await expect(partnerRequest(`${base}/huge`, {}, AbortSignal.timeout(2000))).rejects.toThrow("The partner's answer is longer than 10 MB; it was not read.");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a refused key (401) is not retried', async () => {
    for (const kind of ['roobet', 'rainbet', 'packdraw'] as const) {
      // A Roobet token must still name a user to be sent at all.
      const error = await failure({ ...sources()[kind], secret: kind === 'roobet' ? `${fake.roobetToken}x` : 'wrong-key' });
      expect(error.message, kind).toMatch(/refused the key \(HTTP 401\)/);
      expect(error.transient, kind).toBe(false);
    }
  });
});
