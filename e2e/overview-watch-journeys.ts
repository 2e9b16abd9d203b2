import type { APIRequestContext, Page } from '@playwright/test';
import { watchedCentresSchema } from '../src/proxy-api/watch.ts';
import { HEADERS } from './console-journeys.ts';
import { expect, journeyServer, type ServerOptions } from './fixtures.ts';

// What the overview-watch journeys share: a server with the watcher on (its default;
// docs/decisions/0025), signing in through the demo's organisation, and a refresh waited for.

/** `npm start` with the watcher on, `args` its command line (a generated world). */
export const watchedServer = (args: string[] = []): ServerOptions => ({
  args,
  env: { ...journeyServer.env, WATCH: 'true' },
});

export async function organisationSignIn(page: Page, person: string, then: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await expect(page.getByRole('heading', { name: /^Sign in to / })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${person}`) }).click();
  await page.waitForURL((url) => url.pathname === then, { timeout: 30_000 });
}

/** Asks for a refresh and waits until the watcher has stored it (the read API says it is done). */
export async function refreshed(request: APIRequestContext, centres: number) {
  const asked = await request.post('/watch/refresh', { headers: HEADERS });
  expect(asked.status()).toBe(202);
  await expect
    .poll(
      async () => {
        // A refresh of a generated world keeps the embedded demo busy (its simulator answers in the
        // proxy's process, its database on the proxy's other thread): a poll that meets a reset
        // connection asks again.
        try {
          const answer = watchedCentresSchema.parse(
            await (await request.get('/watch/centres', { headers: HEADERS })).json(),
          );
          const { waiting, running } = answer.refresh;
          return !waiting && !running && answer.asOf !== null ? answer.centres.length : -1;
        } catch {
          return -2;
        }
      },
      { timeout: 90_000, intervals: [250, 500, 1_000] },
    )
    .toBe(centres);
}
