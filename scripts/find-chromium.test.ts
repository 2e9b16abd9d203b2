import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'find-chromium.ts');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, ...env } });

it('uses CHROMIUM_PATH when it names an existing file', () => {
  const result = run({ CHROMIUM_PATH: process.execPath });
  expect(result.status).toBe(0);
  expect(result.stdout.trim()).toBe(process.execPath);
});

it('stops with one line naming the install command when CHROMIUM_PATH does not exist', () => {
  const result = run({ CHROMIUM_PATH: '/nonexistent/chromium' });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/apt-get install -y chromium/);
});
