// What the journeys' servers run (e2e/fixtures.ts), apart from Playwright's runner so that
// e2e/screenshots.config.ts can read it.

/** What a worker's server runs: `npm start`'s extra arguments (a generated world) and settings. */
export interface ServerOptions {
  args: string[];
  env: Record<string, string>;
}

/**
 * The journeys sign in to the demo far more often than a person does: their server allows it. The
 * watcher (docs/decisions/0025) stays off there: the journeys inject D11 faults for the page's own
 * requests, and a refresh in the background could take one meant for the page. A spec that needs a
 * server of another kind (a generated world, the watcher on) says so once, with
 * `test.use({ serverOptions })` (e2e/fixtures.ts), and Playwright gives it a worker of its own.
 */
export const journeyServer: ServerOptions = {
  args: [],
  env: { DEMO_SIGNINS_PER_MINUTE: '10000', WATCH: 'false' },
};
