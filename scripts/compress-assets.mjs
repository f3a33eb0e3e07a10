// Writes .br and .gz next to every built asset so the server sends them precompressed (no CPU per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/web/', import.meta.url).pathname;
const compressible = /\.(js|css|svg|json|txt|woff2?)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(root)) {
  if (!compressible.test(path) || path.endsWith('.woff2')) continue;
  const body = readFileSync(path);
  if (body.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`compressed ${count} assets`);
