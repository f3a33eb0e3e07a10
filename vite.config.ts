import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = resolve(import.meta.dirname, 'web');

/**
 * Modules without state of their own (icons, small UI pieces, constants and formatting): a small chunk made only of
 * them is copied into each chunk that uses it instead of being one more file to fetch. A page loaded 30-50 script
 * files, most under 1 KB, and over HTTP/1.1's six connections each costs a round trip on a slow phone. Modules that
 * hold state (the API client's token, React contexts) must never be copied, so only these paths qualify.
 */
const INLINABLE = [
  '/node_modules/lucide-react/',
  ...['web/src/components/ui/', 'web/src/components/leaderboard/', 'web/src/lib/page-title.ts', 'common/'].map((path) => `${resolve(import.meta.dirname, path)}${path.endsWith('/') ? '/' : ''}`),
];

/**
 * Each page's stylesheets first in its head, before the app's scripts. The first paint (the splash) waits for them
 * and for nothing else; listed after a dozen scripts, they were asked for last and queued behind the scripts for
 * HTTP/1.1's six connections.
 */
const stylesheetsFirst = (): Plugin => ({
  name: 'stylesheets-first',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      if (!html.includes('</title>\n')) return html;
      const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = links.reduce((out, link) => out.replace(link, ''), html);
      return rest.replace('</title>\n', () => `</title>\n${links.join('')}`);
    },
  },
});

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), stylesheetsFirst()],
  resolve: {
    alias: {
      '@web': resolve(root, 'src'),
      '@common': resolve(import.meta.dirname, 'common'),
    },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page's module needs, for the server's modulepreload of the page asked for.
    manifest: true,
    // The admin panel is its own page: public pages never download it. The OBS overlay is a page of its own
    // too, in plain TypeScript, so it loads none of the site's bundle (docs/decisions/017-obs-overlay.md).
    rollupOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 4000, exclude: (id: string) => !INLINABLE.some((path) => id.includes(path)) },
        },
      },
      input: {
        site: resolve(root, 'index.html'),
        admin: resolve(root, 'admin-new/index.html'),
        overlay: resolve(root, 'overlays/bonus-hunt.html'),
      },
    },
  },
});
