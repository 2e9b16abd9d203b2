// How the watcher talks to one upstream (issue 26, docs/decisions/0025): never more than
// WATCH_CONCURRENCY requests in flight (a p-limit around the proxy's own transport, counted where
// the request leaves), and one backoff for the whole refresh: a 429 or a 5xx pauses every request
// of it, for the answer's Retry-After when it sends one, else for a delay that doubles with each
// failure in a row. Past `attempts` failures in a row the upstream is taken as down and the refresh
// gives up rather than storm it (spec 7 names no rate limits; 8: "not shown").
import pLimit, { type LimitFunction } from 'p-limit';
import type { ApiError } from '../../../contract/api-error.ts';
import type { Result } from '../../../contract/result.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';

export interface BackoffOptions {
  /** The first pause after a failure (default 1 s); each further failure in a row doubles it. */
  baseMs: number;
  /** The longest pause, and the longest Retry-After honoured before giving up (default 5 min). */
  maxMs: number;
  /** Failures in a row, with no success between, after which the upstream is taken as down. */
  attempts: number;
}

export const defaultBackoff: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000, attempts: 6 };

/** The upstream is down or refuses to be asked (too many failures in a row, or a long Retry-After). */
export class UpstreamDown extends Error {
  override name = 'UpstreamDown';
}

const limiters = new Map<string, LimitFunction>();

/**
 * `transport`, with at most `concurrency` requests in flight per upstream in this process (the
 * queue lets one refresh per upstream run at a time across instances, so this is the bound).
 */
export function limitedTransport(upstream: string, concurrency: number, transport: FetchLike): FetchLike {
  const key = `${upstream} ${concurrency}`;
  let limit = limiters.get(key);
  if (!limit) {
    limit = pLimit(concurrency);
    limiters.set(key, limit);
  }
  const bounded = limit;
  return (request) => bounded(() => transport(request));
}

const retryable = (error: ApiError) =>
  error.status === 429 ||
  (error.status !== undefined && error.status >= 500) ||
  error.kind === 'timeout' ||
  error.kind === 'network';

/** One refresh's shared backoff. */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: PacerClock = {
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function createPacer(options: BackoffOptions, clock: PacerClock = realClock) {
  let pausedUntil = 0;
  let failuresInRow = 0;
  let down: UpstreamDown | undefined;

  const waitTurn = async () => {
    for (let wait = pausedUntil - clock.now(); wait > 0; wait = pausedUntil - clock.now()) {
      // oxlint-disable-next-line no-await-in-loop -- a later failure may push the pause further
      await clock.sleep(wait);
    }
    if (down) throw down;
  };

  /** A failure of a call on its `tries`-th try: pauses every call, longer each time. */
  const failed = (tries: number, retryAfterSeconds: number | undefined) => {
    failuresInRow += 1;
    if (failuresInRow >= options.attempts) {
      down = new UpstreamDown(`${failuresInRow} failures in a row`);
      return;
    }
    const asked = retryAfterSeconds === undefined ? undefined : retryAfterSeconds * 1000;
    if (asked !== undefined && asked > options.maxMs) {
      down = new UpstreamDown(`asked to wait ${retryAfterSeconds} s`);
      return;
    }
    const exponent = Math.max(tries, failuresInRow) - 1;
    const delay = asked ?? Math.min(options.maxMs, options.baseMs * 2 ** exponent);
    pausedUntil = Math.max(pausedUntil, clock.now() + delay);
  };

  return {
    /**
     * Runs `call` until it answers something other than a 429, a 5xx, a timeout or a broken
     * connection, `attempts` times at most (then its last failure is the answer: one centre that
     * keeps failing while the others answer is given up, not the refresh); throws UpstreamDown when
     * the upstream is taken as down.
     */
    async run<T>(call: () => Promise<Result<T, ApiError>>): Promise<Result<T, ApiError>> {
      for (let tries = 1; ; tries += 1) {
        // oxlint-disable-next-line no-await-in-loop -- each attempt waits for the shared pause
        await waitTurn();
        // oxlint-disable-next-line no-await-in-loop -- retried one after the other, never at once
        const result = await call();
        if (result.ok || !retryable(result.error)) {
          failuresInRow = 0;
          return result;
        }
        failed(tries, result.error.retryAfterSeconds);
        if (down) throw down;
        if (tries >= options.attempts) return result;
      }
    },
    /** For a call outside the contract (4.1's token): a failure worth a retry, or not. */
    async retry<T>(call: () => Promise<T>, isRetryable: (value: T) => boolean): Promise<T> {
      for (let tries = 1; ; tries += 1) {
        // oxlint-disable-next-line no-await-in-loop -- as above
        await waitTurn();
        // oxlint-disable-next-line no-await-in-loop -- as above
        const value = await call();
        if (!isRetryable(value)) {
          failuresInRow = 0;
          return value;
        }
        failed(tries, undefined);
        if (down) throw down;
        if (tries >= options.attempts) return value;
      }
    },
    /** Whether the upstream was taken as down (every later call then throws at once). */
    isDown: () => down !== undefined,
  };
}

export type Pacer = ReturnType<typeof createPacer>;
