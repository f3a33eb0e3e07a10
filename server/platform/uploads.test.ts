import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { signedIn, type TestClient } from '../test/client';
import { multipart, type MultipartFile } from '../test/multipart';

const IMAGES = '/admin-new/api/store/images';
type Part = MultipartFile;

const png = (width = 64, height = 64) => sharp({ create: { width, height, channels: 3, background: '#f0f' } }).png();

/** The upload platform (issue 4) through the store's image endpoint: type by content, re-encoded, served inert. */
describe('uploads', () => {
  // A data dir of our own, so the test can look at what landed under DATA_DIR/uploads.
  const dataDir = mkdtempSync(join(tmpdir(), 'site-uploads-test-'));
  const uploadsDir = join(dataDir, 'uploads');
  const t = useTestApp({ env: { DATA_DIR: dataDir } });
  let admin: TestClient;

  const upload = async (parts: Part[], client = admin) => {
    const { payload, headers } = await multipart(parts);
    return client.post(IMAGES, payload, { headers });
  };
  const storedFiles = (dir = uploadsDir): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? storedFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
  /** Uploads that must be refused: the status, the message, and no file left behind. */
  const refused = async (parts: Part[], status: number, message: string) => {
    const before = storedFiles();
    const response = await upload(parts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(storedFiles()).toEqual(before);
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'ImageKeeper', 'admin');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('accepts a PNG named photo.txt sent as text/plain, stores it as WebP and serves it inert with long caching', async () => {
    const response = await upload([{ name: 'photo.txt', type: 'text/plain', data: await png().toBuffer() }]);
    expect(response.statusCode, response.body).toBe(200);
    const { path } = response.json();
    expect(path).toMatch(/^store\/[0-9a-f]{32}\.webp$/);
    const onDisk = readFileSync(join(uploadsDir, path));
    expect((await sharp(onDisk).metadata()).format).toBe('webp');
    const served = await admin.get(`/storage/${path}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(served.headers['content-security-policy'])).toMatch(/\bsandbox\b/);
    expect(served.rawPayload.equals(onDisk)).toBe(true);
    const again = await upload([{ name: 'photo.txt', type: 'text/plain', data: await png().toBuffer() }]);
    expect(again.json().path).not.toBe(path);
  });

  it('serves a stored image as a 96 px square thumbnail under /thumbs/, made on first request and kept', async () => {
    const { path } = (await upload([{ name: 'wide.png', type: 'image/png', data: await png(800, 600).toBuffer() }])).json();
    const thumb = await admin.get(`/thumbs/${path}`);
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(String(thumb.headers['content-security-policy'])).toMatch(/\bsandbox\b/);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(thumb.rawPayload.length).toBeLessThan(readFileSync(join(uploadsDir, path)).length);
    expect(readFileSync(join(uploadsDir, '.thumbs', path)).equals(thumb.rawPayload)).toBe(true);
    expect((await admin.get(`/thumbs/${path}`)).rawPayload.equals(thumb.rawPayload)).toBe(true);
    // The kept thumbnails are not reachable as uploads, and only stored images have thumbnails.
    expect((await admin.get(`/storage/.thumbs/${path}`)).statusCode).not.toBe(200);
    for (const url of [`/thumbs/store/${'0'.repeat(32)}.webp`, '/thumbs/store/..%2F..%2Fsecret.webp', `/thumbs/.thumbs/${path.split('/')[1]}`, '/thumbs/store/photo.png', '/thumbs/%2e%2e/x']) {
      const refused = await admin.get(url);
      expect(refused.statusCode, url).toBe(404);
    }
  });

  it('refuses a script named evil.png (422) and an SVG, leaving no file', async () => {
    await refused([{ name: 'evil.png', type: 'image/png', data: '<script>alert(1)</script>' }], 422, 'File evil.png is not an image.');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    await refused([{ name: 'logo.svg', type: 'image/svg+xml', data: svg }], 422, 'File logo.svg is not an image.');
    await refused([{ name: 'logo.png', type: 'image/png', data: svg }], 422, 'File logo.png is not an image.');
    const html = `GIF89a<html><script>alert(1)</script></html>`;
    await refused([{ name: 'poly.gif', type: 'image/gif', data: html }], 422, 'File poly.gif is not an image.');
    const cut = (await png().toBuffer()).subarray(0, 60);
    await refused([{ name: 'cut.png', type: 'image/png', data: cut }], 422, 'File cut.png is not an image.');
  });

  it('refuses 6 MB with 413 and the size message, leaving no file', async () => {
    const big = Buffer.concat([await png().toBuffer(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    await refused([{ name: 'big.png', type: 'image/png', data: big }], 413, 'File big.png is too large. Maximum size is 5MB.');
  });

  it('strips EXIF (copyright, GPS) when re-encoding', async () => {
    const exif = { IFD0: { Copyright: 'secret-exif', Artist: 'Hidden Person' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } };
    for (const [name, image] of [['holiday.jpg', png().jpeg().withExif(exif)], ['holiday.png', png().withExif(exif)]] as const) {
      const original = await image.toBuffer();
      expect((await sharp(original).metadata()).exif, name).toBeDefined();
      expect(original.includes('secret-exif'), name).toBe(true);
      const response = await upload([{ name, type: 'image/jpeg', data: original }]);
      expect(response.statusCode, response.body).toBe(200);
      const stored = readFileSync(join(uploadsDir, response.json().path));
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(stored.includes('secret-exif'), name).toBe(false);
      expect(stored.includes('Hidden Person'), name).toBe(false);
    }
  });

  it('scales an image larger than 2048 px to fit 2048, keeping its shape; smaller ones keep their size', async () => {
    const wide = await upload([{ name: 'wide.png', type: 'image/png', data: await png(3000, 1500).toBuffer() }]);
    expect(wide.statusCode, wide.body).toBe(200);
    expect(await sharp(readFileSync(join(uploadsDir, wide.json().path))).metadata()).toMatchObject({ width: 2048, height: 1024 });
    const tall = await upload([{ name: 'tall.png', type: 'image/png', data: await png(1000, 4096).toBuffer() }]);
    expect(await sharp(readFileSync(join(uploadsDir, tall.json().path))).metadata()).toMatchObject({ width: 500, height: 2048 });
    const small = await upload([{ name: 'small.png', type: 'image/png', data: await png(300, 200).toBuffer() }]);
    expect(await sharp(readFileSync(join(uploadsDir, small.json().path))).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses two files in one request (413), a non-multipart request (415) and an empty form (422)', async () => {
    const image = await png().toBuffer();
    await refused(
      [
        { name: 'a.png', type: 'image/png', data: image },
        { name: 'b.png', type: 'image/png', data: image, field: 'other' },
      ],
      413,
      'Upload one image at a time.',
    );
    const before = storedFiles();
    const json = await admin.post(IMAGES, { image: image.toString('base64') });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ success: false, message: 'Send the form as multipart/form-data.' });
    await refused([{ name: 'empty.png', type: 'image/png', data: '' }], 422, 'Choose an image to upload.');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a form whose boundary does not match its header (400), leaving no file', async () => {
    const before = storedFiles();
    const { payload } = await multipart([{ name: 'a.png', type: 'image/png', data: await png().toBuffer() }]);
    const response = await admin.post(IMAGES, payload, { headers: { 'content-type': 'multipart/form-data; boundary=not-the-one-used' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'The upload could not be read. Please try again.' });
    expect(storedFiles()).toEqual(before);
  });

  it('lets only staff upload, with the CSRF token', async () => {
    const image = await png().toBuffer();
    const member = await signedIn(t.app, 'ImageMember');
    const before = storedFiles();
    expect((await upload([{ name: 'a.png', type: 'image/png', data: image }], member)).statusCode).toBe(403);
    const { payload, headers } = await multipart([{ name: 'a.png', type: 'image/png', data: image }]);
    expect((await admin.post(IMAGES, payload, { headers, csrf: false })).statusCode).toBe(403);
    expect(storedFiles()).toEqual(before);
  });

  it('never serves files outside the uploads folder, whatever the path', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'TOP-SECRET-DATA');
    writeFileSync(join(uploadsDir, '.hidden'), 'TOP-SECRET-DOTFILE');
    const attempts = [
      '/storage/../secret.txt',
      '/storage/../../etc/passwd',
      '/storage/%2e%2e/secret.txt',
      '/storage/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/storage/..%2fsecret.txt',
      '/storage/%2e%2e%2fsecret.txt',
      '/storage/store/..%2f..%2fsecret.txt',
      '/storage/store/%2e%2e/%2e%2e/secret.txt',
      '/storage/..%5csecret.txt',
      '/storage/%252e%252e/secret.txt',
      '/storage/.hidden',
      '/storage/%2ehidden',
      '/storage/store/../.hidden',
    ];
    for (const url of attempts) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('TOP-SECRET');
      expect(response.body, url).not.toMatch(/root:.*:0:0:/);
    }
  });
});
