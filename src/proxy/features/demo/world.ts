// The embedded simulator behind the `demo` environment (D11), as a public demo needs it
// (docs/decisions/0020): its world grows by at most `demoCapacity` (further centres, doctors and
// webhook events are refused with 429), and it goes back to its seed every `resetMs` (a day by
// default), so that whatever one visitor did is gone by the next day. Imported only when the demo
// is on, so that a deployment without it never loads MSW.
import type { Logger } from '../../core/http/context.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';
import { createDemoQuota, defaultDemoQuota, type DemoQuota } from './quota.ts';

/** How much the demo world may grow between resets. */
export const demoCapacity = { centres: 1_000, doctors: 20_000, events: 10_000 } as const;

export interface DemoWorld {
  /** The world's upstream transport, and its /__sim control API. */
  fetch: FetchLike;
  /** The world's test clock (D10), in epoch milliseconds: "now" for what counts days in the demo. */
  now(): number;
  /** What each visitor may still add to this world (quota.ts), counted afresh at each reset. */
  quota: DemoQuota;
  stop(): void;
}

export async function startDemoWorld(options: {
  templatesPrefix: string;
  /** A generated world (N centres × M doctors) instead of D12's seed. */
  generated?: { centres: number; doctors: number } | undefined;
  resetMs: number;
  logger: Logger;
}): Promise<DemoWorld> {
  const { createSimulator } = await import('../../../simulator/index.ts');
  // The demo's test clock starts at the real time (D10: from there it moves only through the
  // control API), so that "in 20 days" agrees with the date beside it and with the calendar people
  // read; a world seeded days earlier read "in 20 days" beside a date 16 days away. D11's reset
  // (`/__sim/reset`) goes back to the world this one started with, generated or not; the daily reset
  // starts a new one at that day's real time.
  const startWorld = () =>
    createSimulator({
      seed: options.generated ?? 'demo',
      templatesPrefix: options.templatesPrefix,
      capacity: demoCapacity,
      now: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  let simulator = startWorld();
  let nextResetAt = Date.now() + options.resetMs;
  const quota = createDemoQuota(defaultDemoQuota, { now: Date.now, nextResetAt });
  const timer = setInterval(() => {
    simulator = startWorld();
    nextResetAt = Date.now() + options.resetMs;
    quota.reset(nextResetAt);
    options.logger.info({ event: 'demo_reset' }, 'demo reset');
  }, options.resetMs);
  timer.unref();
  return {
    now: () => Date.parse(simulator.core.state.now),
    async fetch(request) {
      const answer = await simulator.fetch(request);
      // D11's reset (control token only) takes the world back to its seed: its counts go with it.
      if (answer.ok && request.method === 'POST' && new URL(request.url).pathname === '/__sim/reset')
        quota.reset(nextResetAt);
      return answer;
    },
    quota,
    stop: () => clearInterval(timer),
  };
}
