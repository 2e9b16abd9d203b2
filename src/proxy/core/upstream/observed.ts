// Every call to an upstream, told to whoever watches (issue 49, item 2: the metrics' upstream calls
// by operation and outcome): a transport wrapped once per environment by the composition, so that
// every caller (the forwarded API, token renewals, sign-in's checks, the watcher) is counted
// without knowing it. The operation is the spec's id matched from the request (a closed list), never
// the path, which holds ids. Web-standard: the in-browser host may wrap its simulator the same way.
import { baseUrlOf, type EnvironmentConfig } from './environments.ts';
import { matchOperation } from './operations.ts';
import type { FetchLike } from './upstream.ts';

export type CallOutcome = 'ok' | 'client_error' | 'server_error' | 'timeout' | 'network_error';

/** One upstream call: its spec operation (`other` when none matches), how it ended, how long it took. */
export type CallObserver = (operation: string, outcome: CallOutcome, ms: number) => void;

/** `transport` as before, each call told to `onCall` once its answer's head has arrived (or it failed). */
export function observeCalls(transport: FetchLike, env: EnvironmentConfig, onCall: CallObserver): FetchLike {
  const base = new URL(baseUrlOf(env)).pathname.replace(/\/$/, '');
  return async (request) => {
    const started = performance.now();
    const url = new URL(request.url);
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    const operation = matchOperation(request.method, path, env.templatesPrefix) ?? 'other';
    const took = () => performance.now() - started;
    try {
      const response = await transport(request);
      const outcome =
        response.status >= 500 ? 'server_error' : response.status >= 400 ? 'client_error' : 'ok';
      // A transport that ignores the abort (the embedded simulator) answers after the deadline.
      onCall(operation, request.signal.aborted ? 'timeout' : outcome, took());
      return response;
    } catch (error) {
      // core/upstream/upstream.ts aborts a call past its deadline with a TimeoutError.
      const reason: unknown = request.signal.reason;
      const timedOut = request.signal.aborted && reason instanceof Error && reason.name === 'TimeoutError';
      onCall(operation, timedOut ? 'timeout' : 'network_error', took());
      throw error;
    }
  };
}
