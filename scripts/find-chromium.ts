import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const debianChromium = '/usr/bin/chromium';
const installHint =
  'No Chromium for the browser tests: install one with `apt-get install -y chromium` (Debian) ' +
  'or `npx playwright install chromium`, or set CHROMIUM_PATH.';

/**
 * The browser the e2e tests drive: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium, else
 * Playwright's own download (undefined lets Playwright use it). Stops the run with one line
 * naming the install command when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    fail(`CHROMIUM_PATH=${fromEnv} does not exist. ${installHint}`);
  }
  if (existsSync(debianChromium)) return debianChromium;
  if (existsSync(chromium.executablePath())) return undefined;
  fail(installHint);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (import.meta.main) console.log(findChromium() ?? chromium.executablePath());
