import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { operations } from '../src/contract/operations.ts';
import { expect, test } from './fixtures.ts';

// The standalone simulator's reference page for integrators (docs/decisions/0009): this journey
// starts its own simulator on a free port, as an integrator would run `npm run simulator`.
const root = path.resolve(import.meta.dirname, '..');
let simulator: ChildProcess;
let simulatorUrl = '';

test.beforeAll(async () => {
  simulator = spawn(
    process.execPath,
    [path.join(root, 'src/simulator/hosts/node/server.ts'), '--port', '0', '--quiet'],
    {
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  simulatorUrl = await new Promise<string>((resolve, reject) => {
    simulator.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    simulator.once('exit', () => reject(new Error(`the simulator exited:\n${output}`)));
  });
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => simulator.once('exit', resolve));
  simulator.kill('SIGTERM');
  await exited;
});

test('an integrator opens /docs and finds every operation of the service, under the page’s own CSP', async ({
  page,
}) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(simulatorUrl)) outside.push(request.url());
  });
  const response = await page.goto(`${simulatorUrl}/docs`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Health Provider Integration Service/ })).toBeVisible();
  // Every operation's path, once each, in the spec's order (§4).
  await expect(page.locator('.opblock-summary-path')).toHaveText(operations.map((op) => op.path));
  // The servers list offers this very simulator, so "try it out" reaches it.
  await expect(page.getByRole('combobox')).toContainText(simulatorUrl);
  // Opening an operation shows its answer's example and the decision behind a spec gap (D9).
  await page.locator('.opblock-summary-path', { hasText: /^\/reportExample$/ }).click();
  await expect(page.getByText('D9', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('"ownerType": "HEALTH_PROVIDER"').first()).toBeVisible();
  expect(outside, 'requests outside the simulator (no CDN)').toEqual([]);
});
