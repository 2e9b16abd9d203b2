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
