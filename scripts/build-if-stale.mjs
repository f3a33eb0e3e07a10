// `npm start` builds the web app when it is missing or older than its sources, so a fresh clone
// (or a pull) needs no separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/web/index.html');
const sources = ['web', 'common', 'vite.config.ts', 'package.json'].map((path) => join(root, path));

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).filter((name) => name !== 'node_modules').map((name) => newest(join(path, name))));
}

const stale = !existsSync(built) || Math.max(...sources.filter(existsSync).map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
