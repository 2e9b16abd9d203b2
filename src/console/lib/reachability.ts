import type { FetchLike } from '@/contract/transport';

/**
 * Whether the console server answers at all: any HTTP answer counts, only a failed connection (or
 * none within `timeoutMs`) does not. Asked before reloading the page for a screen whose code did
 * not arrive, so that a Retry with the server still down keeps the user on the in-app offline
 * panel; and by `reachableFetch` when a request has no answer yet.
 */
export async function serverReachable(timeoutMs?: number): Promise<boolean> {
  try {
    await fetch(new URL('/healthz', globalThis.location.href), {
      cache: 'no-store',
      method: 'HEAD',
      ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
    return true;
  } catch {
    return false;
  }
}

/** What a request cut short here says (the transport reads it as a network failure). */
const UNREACHABLE = 'the console server cannot be reached';

/** How long a request may go unanswered before the server is asked whether it is there at all. */
const STALL_MS = 1_000;
/** How long that question may take: together, the offline panel shows within 3 s (issue 47). */
const PROBE_MS = 1_000;
/** How long a failed probe or an 'offline' event is believed (retrying then only delays the panel). */
const BELIEVED_MS = 5_000;

let unreachableAt = Number.NEGATIVE_INFINITY;
/** The probe under way: the requests waiting at once share one. */
let probing: Promise<boolean> | undefined;

function probeOnce(timeoutMs: number): Promise<boolean> {
  probing ??= serverReachable(timeoutMs).finally(() => {
    probing = undefined;
  });
  return probing;
}

const browserOffline = () => globalThis.navigator?.onLine === false;

/** Whether the server is known to be out of reach now: the browser says so, or a probe just did. */
export const knownUnreachable = (): boolean =>
  browserOffline() || performance.now() - unreachableAt < BELIEVED_MS;

/**
 * The console's one fetch, which says "offline" soon, however long a request would otherwise wait
 * (its timeout is 15 s): at once when the browser knows it is offline, at its 'offline' event, and,
 * when a request has no answer after 1 s, as soon as the server does not answer a 1 s probe either.
 * A server that answers the probe is slow, not gone: the request goes on waiting.
 */
export function reachableFetch(
  fetch: FetchLike,
  timing = { stallMs: STALL_MS, probeMs: PROBE_MS },
): FetchLike {
  return (request) => {
    const target = globalThis.window;
    // Rendered on the server (no window), a request is the server's own business.
    if (target === undefined) return fetch(request);
    const { promise: cut, reject } = Promise.withResolvers<never>();
    const fail = () => {
      unreachableAt = performance.now();
      reject(new TypeError(UNREACHABLE));
    };
    if (browserOffline()) fail();
    target.addEventListener('offline', fail);
    const probe = async () => {
      if (!(await probeOnce(timing.probeMs))) fail();
    };
    const stall = setTimeout(() => void probe(), timing.stallMs);
    return Promise.race([fetch(request), cut]).finally(() => {
      clearTimeout(stall);
      target.removeEventListener('offline', fail);
    });
  };
}
