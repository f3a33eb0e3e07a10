import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_MODULES } from '../../common/routes';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * For each page (a route pattern of PAGE_MODULES), the `<link rel="modulepreload">` tags of its own chunk and of the
 * chunks that chunk imports, leaving out what the HTML already loads. Without them a phone learns that it needs the
 * page's chunk only once the app's entry has downloaded and run; with them it fetches both at once, which brings the
 * page's content (the largest paint) a round trip and a download earlier. From Vite's build manifest; an empty map
 * when there is none (an older build), so pages are still served, just without the hint.
 */
export function loadPagePreloads(distDir: string, html: string): Map<string, string> {
  const preloads = new Map<string, string>();
  const path = join(distDir, '.vite/manifest.json');
  if (!existsSync(path)) return preloads;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  for (const [page, source] of Object.entries(PAGE_MODULES)) {
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.includes(chunk.file)) return;
      files.push(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(source);
    const tags = files.filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    if (tags.length) preloads.set(page, tags.join('\n'));
  }
  return preloads;
}
