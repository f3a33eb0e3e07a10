import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
