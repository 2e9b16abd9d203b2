import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const installHint =
  'No Chromium for the browser tests: install one with `apt-get install -y chromium` (Debian) ' +
  'or `npx playwright install chromium`, or set CHROMIUM_PATH.';

/**
 * The browser the e2e tests drive: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium, else
 * Playwright's own download (undefined lets Playwright use it). Stops the run with one line
 * naming the install command when there is none.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    fail(`CHROMIUM_PATH=${fromEnv} does not exist. ${installHint}`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  if (existsSync(chromium.executablePath())) return undefined;
  fail(installHint);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
