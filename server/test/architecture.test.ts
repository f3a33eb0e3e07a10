import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/^import\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)].map((m) => ({
    typeOnly: Boolean(m[1]),
    from: m[2],
  }));

/** The rules of ARCHITECTURE.md that a reviewer would otherwise have to remember. */
describe('architecture', () => {
  it('common/ imports nothing from server/ or web/', () => {
    for (const file of sourceFiles('common')) {
      for (const { from } of importsOf(file)) expect(from, file).not.toMatch(/(^|\/)(server|web)\//);
    }
  });

  it('the web app takes only types from common/contracts, so zod never reaches the browser bundle', () => {
    for (const file of sourceFiles('web/src')) {
      for (const { typeOnly, from } of importsOf(file)) {
        if (from.startsWith('@common/contracts')) expect(typeOnly, `${file} imports values from ${from}`).toBe(true);
        expect(from, file).not.toBe('zod');
      }
    }
  });

  it('web features meet only in web/src/app (and the admin shell): no feature imports another', () => {
    for (const file of sourceFiles('web/src/features')) {
      const own = relative('web/src/features', file).split('/')[0];
      for (const { from } of importsOf(file)) {
        const other = /^@web\/features\/([^/]+)/.exec(from)?.[1];
        expect(other === undefined || other === own, `${file} imports ${from}`).toBe(true);
      }
    }
  });

  it('server features reach other features only through their services (tests also through their testkits)', () => {
    for (const file of sourceFiles('server/features')) {
      const own = relative('server/features', file).split('/')[0];
      for (const { from } of importsOf(file)) {
        const match = /^\.\.\/([^/.]+)\/([^/]+)$/.exec(from);
        if (match && match[1] !== own) expect(match[2], `${file} imports ${from}`).toMatch(file.endsWith('.test.ts') ? /\.(service|testkit)$/ : /\.service$/);
      }
    }
  });

  it('keeps source files small (about 300 lines at most)', () => {
    for (const file of [...sourceFiles('server'), ...sourceFiles('web/src'), ...sourceFiles('common')]) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n').length;
      expect(lines, file).toBeLessThanOrEqual(330);
    }
  });
});
