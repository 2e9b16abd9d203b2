// What other features tell the metrics (issue 49, item 2), as one small typed interface: a feature
// calls a method where the thing happens and knows nothing of Prometheus; `noMeters` when metrics
// are off (the default, the browser's demo worker, the tests). Every argument that becomes a label
// is a closed set of words, never an id, a name, an e-mail or a path (bounded cardinality).

/** How an upstream call ended. */
export type UpstreamOutcome = 'ok' | 'client_error' | 'server_error' | 'timeout' | 'network_error';
export type SignInOutcome = 'ok' | 'refused' | 'locked' | 'error';
export type RenewalOutcome = 'ok' | 'refused' | 'error';
export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';
export type AlertChannel = 'email' | 'webhook';

export interface WatcherRefresh {
  ms: number;
  centres: number;
  changes: number;
  /** Whether the refresh failed as a whole. */
  failed: boolean;
}

export interface Meters {
  /** One call to the upstream: the spec's operation id (a closed list, core/upstream/operations.ts). */
  upstreamCall(operation: string, outcome: UpstreamOutcome, ms: number): void;
  tokenRenewal(outcome: RenewalOutcome): void;
  signIn(method: 'client_credentials' | 'organisation', outcome: SignInOutcome): void;
  auditEntriesWritten(count: number): void;
  watcherRefresh(refresh: WatcherRefresh): void;
  /** The newest snapshot's age per connection, as a summary over connections (no connection label). */
  snapshotAges(secondsByConnection: readonly number[]): void;
  alertRaised(kind: string): void;
  alertDelivery(channel: AlertChannel, outcome: DeliveryOutcome): void;
  queueDepth(queue: string, jobs: number): void;
}

export const noMeters: Meters = {
  upstreamCall() {},
  tokenRenewal() {},
  signIn() {},
  auditEntriesWritten() {},
  watcherRefresh() {},
  snapshotAges() {},
  alertRaised() {},
  alertDelivery() {},
  queueDepth() {},
};

/**
 * A label value from a closed set: anything outside it is counted as `other`, so that a caller's
 * mistake (an id passed where a kind was meant) cannot grow the series without bound.
 */
export function bounded(value: string, allowed: ReadonlySet<string>): string {
  return allowed.has(value) ? value : 'other';
}
