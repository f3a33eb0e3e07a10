import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HUNT_EVENTS_PATH } from '../../common/bonus-hunts';
import type { Database } from '../db/database';
import { reject } from '../features/challenges/challenges-admin.testkit';
import { createChallenge, submitClaim } from '../features/challenges/challenges.testkit';
import { createItem, givePoints, redeem } from '../features/store/store.testkit';
import { staffReply } from '../features/tickets/tickets-admin.testkit';
import { categoryOf, createTicket, postReply } from '../features/tickets/tickets.testkit';
import { useTestApp } from './app';
import { signedIn, signedInMember, TestClient } from './client';

const PARAMS = ['1', '0', '-1', '1e309', 'abc', '..%2F..%2Fetc', '%00', '9'.repeat(40), '1.5'];
const BODIES: unknown[] = [{}, [], 'text', 42, null, { role: ['admin'], delta: '1e309', reason: { $gt: '' } }, { site_name: 'x'.repeat(100_000) }, { delta: 1e308, reason: 'x' }, { bio: 'nul\u0000', title: '\u0000', query: 'a\u0000' }];

type Route = { method: string; url: string };

/** Every route a caller can make a finite request to: the hunt event stream never ends (hunt-stream.test.ts gives it hostile input over HTTP), and /logout would end the caller's session. */
const fuzzedRoutes = (routes: readonly Route[]) => routes.filter((route) => route.method !== 'HEAD' && !route.url.includes('*') && route.url !== '/logout' && route.url !== HUNT_EVENTS_PATH);

/** The route's path with every placeholder filled with `value`. */
const withParams = (url: string, value: string) => url.replace(/:\w+/g, value);

/** Columns a read may write (the session's last sight, at most once a minute): not a change a refusal could make. */
const TOUCHED_ON_READ = new Set(['last_seen_at']);

/** Every row of every table of the site, hashed: the same before and after means the database did not change. */
async function fingerprint(database: Database): Promise<string> {
  const tables = (await database.db.introspection.getTables())
    .filter((table) => !table.isView && (database.dialect === 'sqlite' || table.schema === database.schema))
    .map((table) => table.name)
    .sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = await database.db.selectFrom(table as 'users').selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !TOUCHED_ON_READ.has(column)))).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

/** security-headers.ts on every answer, refusals included; only the pages OBS embeds may be framed. */
function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['content-security-policy'], label).toMatch(/default-src 'none'|default-src 'self'/);
  expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  if (!String(response.headers['content-security-policy']).includes('frame-ancestors *')) expect(response.headers['x-frame-options'], label).toBe('DENY');
}

/** Cookies are never readable by scripts (but the one-time toast), never sent by other sites' forms. */
function expectCookieFlags(response: LightMyRequestResponse, label: string) {
  for (const cookie of response.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[]) {
    expect(cookie.sameSite, `${label} ${cookie.name}`).toBe('Lax');
    if (cookie.name !== 'flash') expect(cookie.httpOnly, `${label} ${cookie.name}`).toBe(true);
  }
}

const VALIDATOR_JARGON = /Invalid input|expected \w+, received|Too (small|big)|Invalid option|Unrecognized key|Invalid (string|format)/i;

/** Every route, every kind of caller, malformed input: a 4xx with a message, never a 500, and a refusal changes nothing. */
describe('hostile input on every endpoint', () => {
  const t = useTestApp();

  it('never answers 500, always explains a refusal, changes nothing when it refuses, and sends the security headers', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.page('/');
    const callers = [anonymous, await signedIn(t.app, 'FuzzUser'), await signedIn(t.app, 'FuzzAdmin', 'admin')];
    const routes = fuzzedRoutes(t.app.routeTable);
    let requests = 0;
    let unchangedChecks = 0;
    let before = await fingerprint(t.database);
    for (const caller of callers) {
      for (const route of routes) {
        const urls = route.url.includes(':') ? PARAMS.map((value) => withParams(route.url, value)) : [route.url, `${route.url}?page=-1&search=%25%27&role[]=x`, `${route.url}?query=%00&search=a%00b`];
        let accepted = false;
        for (const url of urls) {
          const bodies = route.method === 'GET' ? [undefined] : BODIES;
          for (const body of bodies) {
            const response = await caller.request(route.method as 'GET', url, {
              payload: body === undefined ? undefined : JSON.stringify(body),
              headers: body === undefined ? {} : { 'content-type': 'application/json' },
            });
            requests++;
            const label = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
            expect(response.statusCode, label).toBeLessThan(500);
            if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
              const refusal = response.json() as { message: unknown; errors?: Record<string, string[]> };
              expect(refusal.message, label).toEqual(expect.any(String));
              // In words for people: never the validator's own ("Invalid input: expected string, received number").
              for (const text of [refusal.message, ...Object.values(refusal.errors ?? {}).flat()]) expect(text, label).not.toMatch(VALIDATOR_JARGON);
            }
            if (response.statusCode < 400) accepted = true;
            expectSecurityHeaders(response, label);
            expectCookieFlags(response, label);
          }
        }
        const after = await fingerprint(t.database);
        if (!accepted) {
          expect(after, `${route.method} ${route.url}: refused every time, yet the database changed`).toBe(before);
          unchangedChecks++;
        }
        before = after;
      }
    }
    const malformed = await callers[2].request('PUT', '/admin-new/api/settings', { payload: '{"site_name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');
    const wrongType = await callers[2].request('PUT', '/admin-new/api/settings', { payload: '<xml/>', headers: { 'content-type': 'application/xml' } });
    expect(wrongType.statusCode).toBe(415);
    expect(requests).toBeGreaterThan(300);
    expect(unchangedChecks).toBeGreaterThan(routes.length);
    expect(await t.app.services.points.mismatches()).toEqual([]);
  }, 180_000);
});

/**
 * A member's private records (a ticket and its replies, the notes on their challenge claim, a redeemed code): no other member and no
 * visitor gets them from any route, whatever id they put in the path. Staff and the owner do, which shows the search can find them.
 */
describe("nobody reads someone else's records", () => {
  const t = useTestApp();

  it('no route answers another member or a visitor with them', async () => {
    const secret = `PRIVATE${randomBytes(6).toString('hex')}`;
    const owner = await signedInMember(t.app, 'SecretOwner');
    const staff = await signedIn(t.app, 'SecretStaff', 'admin');

    const ticket = await createTicket(owner.client, { title: `${secret} title`, description: `${secret} description`, category_id: await categoryOf(t.database.db, 'Account') });
    expect((await postReply(owner.client, ticket.id, `${secret} member reply`)).statusCode).toBe(201);
    expect((await staffReply(staff, ticket.id, `${secret} staff reply`)).statusCode).toBe(201);

    const challenge = await createChallenge(t.database.db);
    // A claim's description is public (spec 1: Challenge Details lists the claims); the notes of its review are the member's.
    const claim = await submitClaim(owner.client, challenge.id);
    expect(claim.statusCode).toBe(201);
    expect((await reject(staff, claim.json().data.id, `${secret} review notes`)).statusCode).toBe(200);

    const item = await createItem(staff, { name: 'Secret code', cost: 10, uses_codes: true, new_codes: `${secret}CODE` });
    await givePoints(t.app, owner.id, 10);
    const redemption = await redeem(owner.client, item.id);
    expect(redemption.body).toContain(`${secret}CODE`);

    const routes = fuzzedRoutes(t.app.routeTable);
    const ids = ['1', '2', '3', String(ticket.id), String(challenge.id)];
    /** The routes that answer `caller` with the secret; `readsOnly` for the callers that may see it, so they change nothing. */
    const leaks = async (caller: TestClient, readsOnly = false) => {
      const found: string[] = [];
      for (const route of routes.filter((candidate) => !readsOnly || candidate.method === 'GET')) {
        for (const url of route.url.includes(':') ? ids.map((id) => withParams(route.url, id)) : [route.url]) {
          const response = await caller.request(route.method as 'GET', url, route.method === 'GET' ? {} : { payload: '{}', headers: { 'content-type': 'application/json' } });
          if (response.body.includes(secret)) found.push(`${route.method} ${url}`);
        }
      }
      return found;
    };

    const visitor = new TestClient(t.app);
    await visitor.page('/');
    expect(await leaks(visitor)).toEqual([]);
    expect(await leaks(await signedIn(t.app, 'SecretSnooper'))).toEqual([]);
    expect(await leaks(await signedIn(t.app, 'SecretModerator', 'moderator'), true)).toEqual(expect.arrayContaining([expect.stringMatching(/tickets/)]));
    expect(await leaks(owner.client, true)).toEqual(expect.arrayContaining([expect.stringMatching(/tickets/), expect.stringMatching(/challenges/), expect.stringMatching(/store/)]));
  }, 180_000);
});
