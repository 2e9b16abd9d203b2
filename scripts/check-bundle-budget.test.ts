import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { checkBudget } from './check-bundle-budget.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tiny dist/ with an entry chunk and one more file holding `text`. */
function dist(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }),
  );
  writeFileSync(path.join(dir, 'assets/index.js'), 'console.log(1);\n');
  writeFileSync(path.join(dir, 'assets/login.js'), text);
  return dir;
}

test('a build holding a demo client secret fails the budget, naming the file and the secret', () => {
  const { failures } = checkBudget(dist('const DEMO = { clientSecret: "demo-parent-secret" };'));
  expect(failures).toEqual([
    'assets/login.js: holds the client secret "demo-parent-secret"; a built console must hold none',
  ]);
  expect(
    checkBudget(dist('fetch("/auth/demo-login", { body: JSON.stringify({ as: "parent" }) })')).failures,
  ).toEqual([]);
});

test('the chunk the screens share is measured once on its own row, not again in each route', () => {
  const dir = dist('export const login = 1;\n');
  const routes = 'src/console/routes/_auth/_screens';
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true },
      '_screens-a.js': { file: 'assets/screens.js', name: 'screens' },
      [`${routes}/inbox.tsx?tsr-split=component`]: {
        file: 'assets/inbox.js',
        src: `${routes}/inbox.tsx?tsr-split=component`,
        isDynamicEntry: true,
        imports: ['index.html', '_screens-a.js'],
      },
    }),
  );
  // Incompressible enough to weigh a few kilobytes gzipped.
  writeFileSync(path.join(dir, 'assets/screens.js'), `export const s = "${randomText(8000)}";\n`);
  writeFileSync(path.join(dir, 'assets/inbox.js'), 'export const inbox = 1;\n');
  const { rows } = checkBudget(dir);
  const byName = new Map(rows.map((row) => [row.name, row.bytes]));
  expect(byName.get('shared chunk screens')).toBeGreaterThan(4000);
  expect(byName.get(`route ${routes}/inbox.tsx?tsr-split=component`)).toBeLessThan(100);
});

function randomText(length: number): string {
  let seed = 7;
  return Array.from({ length }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return String.fromCodePoint(97 + (seed % 26));
  }).join('');
}
