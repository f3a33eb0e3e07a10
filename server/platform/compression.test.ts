import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HUNT_EVENTS_PATH } from '../../common/bonus-hunts';
import { useTestApp } from '../test/app';
import { bootstrapOf, entryScriptOf, signedIn } from '../test/client';
import { keptTexts } from './compressed-text';

/** A JSON answer longer than the 1 KB threshold on an otherwise empty site: a public profile with a long bio. */
const JSON_PATH = '/api/r/user/LongBio';

describe('compression of pages and API answers', () => {
  const t = useTestApp();

  it('sends the page brotli- or gzip-compressed when the browser asks, and plain when it does not', async () => {
    const member = await signedIn(t.app, 'SqueezedMember');
    const plain = await member.get('/store');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(bootstrapOf(plain.body).user).toMatchObject({ username: 'SqueezedMember' });

    const br = await member.get('/store', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(bootstrapOf(html).user).toMatchObject({ username: 'SqueezedMember' });
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('id="app-bootstrap"');
    // The refusal and not-found pages too.
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
  });

  it('sends JSON answers compressed when asked and plain when not', async () => {
    const author = await signedIn(t.app, 'LongBio');
    expect((await author.post('/api/r/profile/update', { bio: 'Slots by night, bonus hunts by day. '.repeat(13) })).statusCode).toBe(200);
    const plain = await t.app.inject({ method: 'GET', url: JSON_PATH });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const expected = plain.json();

    const gzip = await t.app.inject({ method: 'GET', url: JSON_PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);

    const br = await t.app.inject({ method: 'GET', url: JSON_PATH, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const identity = await t.app.inject({ method: 'GET', url: JSON_PATH, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(expected);
  });

  it('answers each Accept-Encoding as it asks, however many different ones visitors send', async () => {
    const asked = async (header: string) => (await t.app.inject({ method: 'GET', url: JSON_PATH, headers: { 'accept-encoding': header } })).headers['content-encoding'];
    for (let n = 0; n < 100; n++) {
      expect(await asked(`gzip, x-${n}`)).toBe('gzip');
      expect(await asked(`BR, x-${n}`)).toBe('br');
      expect(await asked(`identity, x-${n}`)).toBeUndefined();
    }
    expect(await asked('gzip;q=0.5, br;q=1')).toBe('br');
    expect(await asked('gzip;q=1, br;q=0.5')).toBe('gzip');
  });

  it('compresses a text once: the same answer again reuses its copy, a changed one is sent as it now is', async () => {
    const author = await signedIn(t.app, 'KeptCopy');
    const bio = (words: string) => author.post('/api/r/profile/update', { bio: `${words} `.repeat(14).trim() });
    expect((await bio('Spinning slots every single night.')).statusCode).toBe(200);
    // A member's view of a profile is built afresh per request: equal texts, different strings.
    const read = () => author.get('/api/r/user/KeptCopy', { headers: { 'accept-encoding': 'br;q=0.5, gzip' } });
    const first = await read();
    expect(first.headers['content-encoding']).toBe('gzip');
    const kept = keptTexts();
    const again = await read();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(keptTexts()).toBe(kept);

    expect((await bio('Bonus hunts every Sunday evening.')).statusCode).toBe(200);
    const changed = await read();
    const profile = JSON.parse(gunzipSync(changed.rawPayload).toString('utf8'));
    expect(profile.data.bio).toMatch(/^Bonus hunts every Sunday evening\./);
    expect(profile).toEqual((await author.get('/api/r/user/KeptCopy')).json());
    // A browser that refuses brotli gets gzip, and one that refuses both gets the text.
    expect((await author.get('/api/r/user/KeptCopy', { headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers['content-encoding']).toBe('gzip');
    const refused = await author.get('/api/r/user/KeptCopy', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.headers.vary).toMatch(/accept-encoding/i);
    expect(refused.json()).toEqual(profile);
  });

  it('leaves small answers and the precompressed static assets as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/r/session', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const asset = await t.app.inject({ method: 'GET', url: entryScriptOf(page), headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('never compresses the live hunt stream, whose events must reach the browser as they happen', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const first = await new Promise<{ headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const request = get(`http://127.0.0.1:${port}${HUNT_EVENTS_PATH}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
        response.setEncoding('utf8');
        response.once('data', (chunk: string) => {
          resolve({ headers: response.headers, text: chunk });
          request.destroy();
        });
      });
      request.on('error', reject);
    });
    expect(first.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.text).toContain('retry:');
  });
});
