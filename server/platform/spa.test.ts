import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../../common/routes';
import { buildTestApp, useTestApp } from '../test/app';
import { bootstrapOf, entryScriptOf, signedIn, TestClient } from '../test/client';

const OVERLAY = '/overlays/bonus-hunt';

describe('the page: the built app with its bootstrap data', () => {
  const t = useTestApp();

  it('serves every route of the route table with 200 and an anonymous bootstrap without a CSRF token (asked for on first write)', async () => {
    for (const pattern of SITE_PAGES.filter((page) => page !== OVERLAY)) {
      const path = pattern.replace(/:[a-zA-Z]+/g, '42');
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('csrf-token');
      expect(response.headers['set-cookie'], 'a first visit gets no cookie').toBeUndefined();
      expect(bootstrapOf(response.body)).toMatchObject({ user: null, csrf_token: '', site_name: 'NightSpin', local_auth: true });
      expect(response.body).toContain('<title>NightSpin</title>');
      expect(response.body, 'public pages never load the admin panel').not.toMatch(/assets\/admin-/);
    }
  });

  it('injects the signed-in member with the fields of spec 1 §3', async () => {
    const member = await signedIn(t.app, 'PageMember', 'vip');
    const user = bootstrapOf((await member.page('/store')).body).user;
    expect(user).toEqual({
      id: expect.any(Number),
      avatar: expect.stringMatching(/^\/avatars\/\d+\.svg$/),
      username: 'PageMember',
      kick_username: null,
      global_name: null,
      points: 0,
      role: 'vip',
    });
  });

  it('serves the OBS overlay as its own small page: no site bundle, no member data, never cached', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const overlay = await t.app.inject({ method: 'GET', url: `${OVERLAY}?poll-only=1` });
    expect(overlay.statusCode).toBe(200);
    expect(overlay.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(overlay.headers['cache-control']).toBe('no-store');
    expect(overlay.body).toContain('Loading Bonus Hunt...');
    expect(overlay.body).toMatch(/<script type="module" crossorigin src="\/assets\/overlay-[\w-]+\.js">/);
    const siteEntry = /src="(\/assets\/[^"]+\.js)"/.exec(site)![1];
    expect(overlay.body).not.toContain(siteEntry);
    expect(overlay.body).not.toContain('app-bootstrap');
    expect(overlay.body).not.toContain('csrf-token');
    expect(overlay.headers['set-cookie'], 'no session or CSRF cookie for OBS').toBeUndefined();
  });

  it('answers an unknown page with the app and 404, and unknown API paths with JSON 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    for (const url of ['/api/r/nothing', '/api/nothing', '/auth/nothing']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ success: false, message: `No such endpoint: GET ${url}` });
    }
  });

  it('never serves the raw HTML template', async () => {
    for (const url of ['/index.html', '/admin-new/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('<!--app-bootstrap-->');
    }
  });

  it('keeps bootstrap data inert even when a setting contains markup', async () => {
    const admin = await signedIn(t.app, 'MarkupAdmin', 'admin');
    const settings = (await admin.get('/admin-new/api/settings')).json();
    const { success: _success, ...current } = settings;
    const hostile = '</script><script>alert(1)</script><!--';
    expect((await admin.put('/admin-new/api/settings', { ...current, site_name: hostile.slice(0, 60) })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    // The bootstrap data, the splash's inline script and the app's entry: no script from the setting.
    expect(page.body.match(/<script/g)).toHaveLength(3);
    expect(bootstrapOf(page.body).site_name).toBe(hostile.slice(0, 60));
    expect(page.body).toContain('<title>&lt;/script&gt;');
    // The splash spells the name letter by letter, each one as text.
    expect(page.body).toContain('>&lt;</span><span');
    expect(page.body).not.toContain('><</span>');
    expect((await admin.put('/admin-new/api/settings', current)).statusCode).toBe(200);
  });

  it("writes a site name holding replacement patterns ($&, $') into the page as it is", async () => {
    const admin = await signedIn(t.app, 'PatternAdmin', 'admin');
    const { success: _success, ...current } = (await admin.get('/admin-new/api/settings')).json();
    const name = "Spin $& $' $$ Win";
    expect((await admin.put('/admin-new/api/settings', { ...current, site_name: name })).statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain('<title>Spin $&amp; $&#39; $$ Win</title>');
    expect(bootstrapOf(page).site_name).toBe(name);
    expect(page.match(/id="app-bootstrap"/g)).toHaveLength(1);
    expect((await admin.put('/admin-new/api/settings', current)).statusCode).toBe(200);
  });

  it("paints the first-visit splash from the page's HTML, with the one inline script the CSP allows by its hash", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const splash = /<template id="boot-splash-template">(.*?)<\/template><script>(.*?)<\/script>/s.exec(response.body);
    expect(splash).not.toBeNull();
    const [, markup, script] = splash!;
    expect(markup).toContain('role="progressbar"');
    expect(markup).toContain('aria-valuenow="0"');
    expect([...markup.matchAll(/<span[^>]*>([^<]*)<\/span>/g)].map((letter) => letter[1]).join('')).toBe('NightSpin');
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${hash};`);
    // The admin panel and the overlay never show it.
    const admin = await signedIn(t.app, 'SplashAdmin', 'admin');
    for (const page of [(await admin.get('/admin-new')).body, (await t.app.inject({ method: 'GET', url: OVERLAY })).body]) {
      expect(page).not.toContain('boot-splash');
    }
  });

  it('serves hashed assets with long caching and precompressed bodies', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const response = await t.app.inject({ method: 'GET', url: entryScriptOf(html), headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('security headers', () => {
  const t = useTestApp();

  it('sends a CSP that allows only what the site needs, and the other protective headers', async () => {
    for (const url of ['/', '/api/r/settings', '/no-such-page', '/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = response.headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('https://cdn.discordapp.com');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets OBS frame the overlay, and only the overlay', async () => {
    const overlay = await t.app.inject({ method: 'GET', url: OVERLAY });
    expect(overlay.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(overlay.headers['x-frame-options']).toBeUndefined();
  });

  it('adds HSTS and __Host- cookies behind https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://community.example' } });
    try {
      const client = new TestClient(secure.app);
      const page = await client.page('/login');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const session = await client.get('/api/r/session');
      const seed = (session.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === '__Host-csrf');
      expect(seed?.secure).toBe(true);
      const signIn = await client.post('/auth/local', { username: 'SecureOne', role: 'user' });
      const sid = (signIn.cookies as { name: string; secure?: boolean; httpOnly?: boolean }[]).find((c) => c.name === '__Host-sid');
      expect(sid).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await secure.close();
    }
  });
});

describe('the admin panel page', () => {
  const t = useTestApp();

  it('sends anonymous visitors to sign in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-new/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('refuses members who are not staff with 403 and the site page, never the admin app', async () => {
    for (const role of ['user', 'vip'] as const) {
      const member = await signedIn(t.app, `NotStaff_${role}`, role);
      for (const url of ['/admin-new', '/admin-new/', '/admin-new/members']) {
        const response = await member.get(url);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.body).not.toMatch(/assets\/admin-/);
      }
    }
  });

  it('serves the admin app to moderators and admins', async () => {
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await signedIn(t.app, `Staff_${role}`, role);
      const response = await staff.get('/admin-new/members');
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/assets\/admin-[\w-]+\.js/);
      expect(response.body).toContain('<title>Admin · NightSpin</title>');
    }
  });
});

describe('health check', () => {
  it('reports the database, and 503 when it is gone', async () => {
    const t = await buildTestApp();
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(ok.json()).toEqual({ status: 'ok', database: t.database.dialect });
    await t.database.db.destroy();
    const down = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', message: 'The database is unreachable.' });
    await t.close();
  });
});
