// Draining that a load balancer can follow (issue 49, item 4): on SIGTERM /readyz turns 503 for
// DRAIN_SECONDS while the server still answers everything else, so that the balancer's next probes
// take the instance out of rotation before its listener closes (Kubernetes' preStop pattern). Then
// main's existing shutdown runs: requests in flight finish within SHUTDOWN_GRACE_SECONDS.

export interface Drain {
  /** True from `begin()` on: /readyz answers 503 `draining`. */
  readonly draining: boolean;
  /** Starts draining; settles once the drain time has passed (at once when it is 0). */
  begin(): Promise<void>;
}

export function createDrain(drainMs: number, wait = sleep): Drain {
  let draining = false;
  let done: Promise<void> | undefined;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
      done ??= drainMs > 0 ? wait(drainMs) : Promise.resolve();
      return done;
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
