// `npm run bench`'s overview over the watcher's snapshots (issue 26, item 3; docs/decisions/0025):
// `npm start` with the watcher on and a generated world of 10,000 centres under the demo parent
// (`--demo-centres 10000 --demo-doctors 3`), a support person signed in through the embedded
// provider, one full refresh stored, then cold navigations to the overview: the time from the
// navigation to its first rows, its exact count and its "needs attention" filter on screen (no CPU
// slowdown: the 1 s is a person's wait on this machine), beside the target.
import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { signInPersonInBrowser } from './browser.ts';
import type { Row } from './report.ts';
import { consoleHeader, signInPerson, startDemo } from './servers.ts';

const watched = z.object({
  centres: z.array(z.unknown()),
  asOf: z.unknown(),
  refresh: z.object({ waiting: z.boolean(), running: z.boolean() }),
});

async function refreshedCount(url: string, cookie: string): Promise<number | undefined> {
  try {
    const answer = await fetch(`${url}/watch/centres`, { headers: { ...consoleHeader, cookie } });
    const read = watched.parse(await answer.json());
    return read.refresh.waiting || read.refresh.running || read.asOf === null
      ? undefined
      : read.centres.length;
  } catch {
    // A refresh of 10,000 centres keeps the embedded demo busy (its simulator is in process): asked again.
    return undefined;
  }
}

export async function overviewSnapshotRows(
  browser: Browser,
  step: (text: string) => void,
  runs: number,
): Promise<Row[]> {
  const centres = 10_000;
  const demo = await startDemo(8899, ['--demo-centres', String(centres), '--demo-doctors', '3']);
  try {
    const cookie = await signInPerson(demo.url, 'demo-sofia');
    const refreshStarted = Date.now();
    const asked = await fetch(`${demo.url}/watch/refresh`, {
      method: 'POST',
      headers: { ...consoleHeader, cookie },
    });
    if (asked.status !== 202) throw new Error(`POST /watch/refresh answered ${asked.status}`);
    let stored: number | undefined;
    while (stored !== centres && Date.now() - refreshStarted < 300_000) {
      // oxlint-disable-next-line no-await-in-loop -- polling until the refresh is stored
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // oxlint-disable-next-line no-await-in-loop -- as above
      stored = await refreshedCount(demo.url, cookie);
    }
    if (stored !== centres) throw new Error(`the watcher stored ${stored ?? 'no'} centres in 5 minutes`);
    step(
      `overview over ${centres} snapshots: refreshed in ${Math.round((Date.now() - refreshStarted) / 1000)} s`,
    );

    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      // oxlint-disable-next-line no-await-in-loop -- one load at a time
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const origin = new URL(demo.url).origin;
      // oxlint-disable-next-line no-await-in-loop -- as above
      await signInPersonInBrowser(context, origin, 'demo-sofia');
      // oxlint-disable-next-line no-await-in-loop -- as above
      const tab = await context.newPage();
      const started = Date.now();
      // oxlint-disable-next-line no-await-in-loop -- as above
      await tab.goto(`${origin}/overview`);
      // oxlint-disable-next-line no-await-in-loop -- as above
      await Promise.all([
        tab.getByRole('button', { name: 'All centres (10,000)' }).waitFor({ timeout: 60_000 }),
        tab.getByRole('button', { name: /^Needs attention \(\d[\d,]*\)$/ }).waitFor({ timeout: 60_000 }),
        tab
          .getByRole('row', { name: /Centro \d+/ })
          .first()
          .waitFor({ timeout: 60_000 }),
      ]);
      times.push(Date.now() - started);
      // oxlint-disable-next-line no-await-in-loop -- as above
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    return [
      {
        figure: 'overview over 10,000 snapshots: navigation to first rows, count and filter',
        measured: [median],
        unit: 'ms',
        target: '≤ 1,000 ms',
        met: median <= 1_000,
        reference: '—',
        detail: `runs ${times.join(', ')} ms (a cold page load each, signed in as support)`,
      },
    ];
  } finally {
    await demo.stop();
  }
}
