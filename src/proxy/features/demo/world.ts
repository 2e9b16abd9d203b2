// The embedded simulator behind the `demo` environment (D11), as a public demo needs it
// (docs/decisions/0020): its world grows by at most `demoCapacity` (further centres, doctors and
// webhook events are refused with 429), and it goes back to its seed every `resetMs` (a day by
// default), so that whatever one visitor did is gone by the next day. Until then it is kept in the
// data folder across restarts (world-file.ts, issue 47 item 6). Imported only when the demo is on,
// so that a deployment without it never loads MSW.
import type { Logger } from '../../core/http/context.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';
import type { SimState } from '../../../simulator/index.ts';
import { createDemoQuota, defaultDemoQuota, type DemoQuota } from './quota.ts';
import { createWorldFile } from './world-file.ts';

/** D1's token endpoint: asking for a token changes nothing the world keeps. */
const tokenPath = '/api/iam/integration/token';

/** How much the demo world may grow between resets. */
export const demoCapacity = { centres: 1_000, doctors: 20_000, events: 10_000 } as const;

export interface DemoWorld {
  /** The world's upstream transport, and its /__sim control API. */
  fetch: FetchLike;
  /** The world's test clock (D10), in epoch milliseconds: "now" for what counts days in the demo. */
  now(): number;
  /** What each visitor may still add to this world (quota.ts), counted afresh at each reset. */
  quota: DemoQuota;
  /** Stops the daily reset and writes what the world kept has not written yet. */
  stop(): void;
}

export async function startDemoWorld(options: {
  templatesPrefix: string;
  /** A generated world (N centres × M doctors) instead of D12's seed. */
  generated?: { centres: number; doctors: number } | undefined;
  resetMs: number;
  logger: Logger;
  /**
   * The data folder that keeps D12's world across restarts, beside the embedded store (issue 47
   * item 6; world-file.ts). A generated world is made again from its size at each start.
   */
  keepIn?: string | undefined;
}): Promise<DemoWorld> {
  const { createSimulator } = await import('../../../simulator/index.ts');
  const file =
    options.keepIn !== undefined && !options.generated
      ? createWorldFile(options.keepIn, { logger: options.logger })
      : undefined;
  // The demo's test clock starts at the real time (D10: from there it moves only through the
  // control API), so that "in 20 days" agrees with the date beside it and with the calendar people
  // read; a world seeded days earlier read "in 20 days" beside a date 16 days away. D11's reset
  // (`/__sim/reset`) goes back to the world this one started with, generated or not; the daily reset
  // starts a new one at that day's real time. A kept world goes on with its own clock.
  const startWorld = (kept?: SimState) =>
    createSimulator({
      seed: options.generated ?? 'demo',
      templatesPrefix: options.templatesPrefix,
      capacity: demoCapacity,
      now: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ...(kept && { state: kept, grownSinceSeed: true }),
    });
  const kept = file?.read('demo', Date.now());
  let simulator = startWorld(kept?.state);
  let nextResetAt = kept?.nextResetAt ?? Date.now() + options.resetMs;
  const changed = () => file?.changed(() => ({ seed: 'demo', nextResetAt, state: simulator.core.state }));
  if (kept) options.logger.info({ event: 'demo_world_kept' }, 'the demo world goes on from the data folder');
  else changed();
  const quota = createDemoQuota(defaultDemoQuota, { now: Date.now, nextResetAt });
  // The daily reset, at the time the world keeps (a restart does not postpone it).
  let timer: ReturnType<typeof setTimeout>;
  const scheduleReset = () => {
    timer = setTimeout(
      () => {
        simulator = startWorld();
        nextResetAt = Date.now() + options.resetMs;
        quota.reset(nextResetAt);
        changed();
        options.logger.info({ event: 'demo_reset' }, 'demo reset');
        scheduleReset();
      },
      Math.max(0, nextResetAt - Date.now()),
    );
    timer.unref();
  };
  scheduleReset();
  return {
    now: () => Date.parse(simulator.core.state.now),
    async fetch(request) {
      const answer = await simulator.fetch(request);
      if (request.method === 'GET') return answer;
      const { pathname } = new URL(request.url);
      // D11's reset (control token only) takes the world back to its seed: its counts go with it.
      if (answer.ok && pathname === '/__sim/reset') quota.reset(nextResetAt);
      // A token changes nothing that is kept (tokens are not, world-file.ts): a sign-in writes nothing.
      if (pathname !== tokenPath) changed();
      return answer;
    },
    quota,
    stop: () => {
      clearTimeout(timer);
      file?.flush();
    },
  };
}
