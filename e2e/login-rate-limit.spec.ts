import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The proxy counts failed logins per client address too (decision 0005), and every browser test comes
// from 127.0.0.1: this journey gets a proxy of its own so that its six failures cannot lock the
// shared server out for the specs after it.
const root = path.resolve(import.meta.dirname, '..');
let proxy: ChildProcess;
let proxyUrl = '';

test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|429)/],
});

test.beforeAll(async () => {
  proxy = spawn(process.execPath, [path.join(root, 'src/proxy/main.ts')], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', DIST_DIR: path.join(root, 'dist') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proxyUrl = await new Promise<string>((resolve, reject) => {
    proxy.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /"event":"listening","url":"([^"]+)"/.exec(output)?.[1];
      if (url) resolve(url);
    });
    proxy.once('exit', () => reject(new Error(`the proxy exited:\n${output}`)));
  });
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => proxy.once('exit', resolve));
  proxy.kill('SIGTERM');
  await exited;
});

async function typedLogin(page: Page, secret: string) {
  await page.getByLabel('Provider id').fill('200');
  await page.getByLabel('Client id').fill('demo-processor');
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the sixth bad attempt says how long to wait', async ({ page }) => {
  await page.goto(`${proxyUrl}/login`);
  // The attempts must reach the limiter one after another, each answered before the next.
  const failOnce = async (attempt: number): Promise<void> => {
    if (attempt > 5) return;
    await typedLogin(page, `wrong-${attempt}`);
    await expect(page.getByRole('alert')).toContainText(/were not accepted/);
    await failOnce(attempt + 1);
  };
  await failOnce(1);
  await typedLogin(page, 'wrong-6');
  await expect(page.getByRole('alert')).toContainText(/Too many attempts\. (Try again in \d+ s|Wait)/);
});
