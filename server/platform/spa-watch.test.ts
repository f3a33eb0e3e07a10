import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIST_DIR } from '../app';
import { registerSpa } from './spa';

/** `npm start` outside production watches the built app; `npm run build` deletes and rewrites it under the running server. */
describe('the page while the web app is rebuilt under a running server', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('survives its folders being deleted and serves the rebuilt page once it is back', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'spa-watch-'));
    dirs.push(dist);
    cpSync(DEFAULT_DIST_DIR, dist, { recursive: true });
    const app = Fastify({ logger: false });
    // One visitor bootstrap throughout, as while the settings do not change: its rendered page must not outlive a rebuild.
    const visitor = { user: null, csrf_token: '', local_auth: true, site_name: 'Rebuilt', settings: {} } as never;
    await registerSpa(app, { distDir: dist, bootstrap: async () => visitor, visitorBootstrap: async () => visitor, watch: true });
    await app.ready();
    try {
      expect((await app.inject('/')).statusCode).toBe(200);
      // As a build does: the whole folder goes, then comes back with new files.
      rmSync(dist, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      cpSync(DEFAULT_DIST_DIR, dist, { recursive: true });
      const template = join(dist, 'index.html');
      writeFileSync(template, readFileSync(template, 'utf8').replace('</title>', '</title>\n<meta name="rebuilt" content="yes">'));
      await expect.poll(async () => (await app.inject('/')).body, { timeout: 5000 }).toContain('<meta name="rebuilt" content="yes">');
    } finally {
      await app.close();
    }
  });
});
