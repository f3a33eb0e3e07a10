import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, SITE_PAGES } from '../../common/routes';
import { useTestApp } from '../test/app';

const root = join(import.meta.dirname, '../..');
const manifest = () => JSON.parse(readFileSync(join(root, 'dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean }>;
const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+)">/g)].map((match) => match[1]);

describe('the page preloads the chunk of the page asked for', () => {
  const t = useTestApp();

  it('names, for every page of the route table, the module the router loads for it', () => {
    const router = readFileSync(join(root, 'web/src/app/router.tsx'), 'utf8');
    for (const page of SITE_PAGES.filter((path) => path !== '/overlays/bonus-hunt')) expect(PAGE_MODULES[page], page).toBeDefined();
    for (const [page, source] of Object.entries(PAGE_MODULES)) {
      const specifier = page === '*' ? './pages/NotFoundPage' : `@web/${source.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
      expect(router, `${page}: ${source}`).toContain(`import('${specifier}')`);
      expect(manifest()[source]?.isDynamicEntry, `${source} is a chunk of its own in the build`).toBe(true);
    }
  });

  it('sends each page with a modulepreload of its own chunk, which the entry does not load', async () => {
    const chunks = manifest();
    for (const [url, page] of [['/', '/'], ['/bonus-hunts', '/bonus-hunts'], ['/tickets/42', '/tickets/:id'], ['/no-such-page', '*']] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      const links = preloaded(response.body);
      expect(links, url).toContain(chunks[PAGE_MODULES[page]].file);
      const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+)">/.exec(response.body)![1];
      expect(links, 'the entry is not preloaded twice').not.toContain(entry);
      expect(new Set(links).size, 'no chunk twice').toBe(links.length);
    }
    const home = preloaded((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(home, 'one page does not preload another').not.toContain(chunks[PAGE_MODULES['/bonus-hunts']].file);
  });

  it('keeps the build manifest to itself', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/manifest.json.gz', '/.vite/manifest.json.br']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } })).statusCode, url).toBe(404);
    }
  });
});
