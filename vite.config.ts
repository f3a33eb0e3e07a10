import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'web');

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
      input: {
        site: resolve(root, 'index.html'),
        admin: resolve(root, 'admin-new/index.html'),
        overlay: resolve(root, 'overlays/bonus-hunt.html'),
      },
    },
  },
});
