import pLimit, { type LimitFunction } from 'p-limit';
import type { BatchItem, Prepared, Progress, RowStatus, RunOptions } from './registration-types.ts';

// D4: the console registers one doctor per request, at most four in flight, every row with its own
// state. This is that machinery, without React: a queue over p-limit with pause and cancel, the
// state of every row, and the counts, rate and time left of the current batch.

/** D4: at most this many registrations in flight. */
export const MAX_IN_FLIGHT = 4;

export type {
  RowFailure,
  RowStatus,
  Prepared,
  BatchItem,
  Progress,
  RunOptions,
} from './registration-types.ts';

type Listener = () => void;

/** Why nothing new is sent: the user paused, or the session ended under a request. */
type HoldReason = 'paused' | 'signed-out';

export class RegistrationRun<Request> {
  readonly #send: (request: Request) => Promise<string>;
  readonly #endsSession: (error: unknown) => boolean;
  readonly #mayPassAgain: (error: unknown) => boolean;
  readonly #now: () => number;
  readonly #limit: LimitFunction;
  readonly #statuses = new Map<string, RowStatus>();
  readonly #listeners = new Set<Listener>();
  #version = 0;
  /** Bumped by cancel: queued tasks of an older generation send nothing. */
  #generation = 0;
  #batch = new Set<string>();
  #hold: { resolve: () => void; promise: Promise<void>; since: number; reasons: Set<HoldReason> } | undefined;
  #startedAt = 0;
  #pausedMs = 0;
  #answered = 0;
  #inFlight = 0;
  #maxInFlight = 0;
  #idle: Array<() => void> = [];

  constructor(options: RunOptions<Request>) {
    this.#send = options.send;
    this.#endsSession = options.endsSession ?? (() => false);
    this.#mayPassAgain = options.mayPassAgain ?? (() => true);
    this.#now = options.now ?? (() => performance.now());
    this.#limit = pLimit(options.concurrency ?? MAX_IN_FLIGHT);
  }

  /** For useSyncExternalStore: a number that changes whenever anything shown changes. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly version = (): number => this.#version;

  status(key: string): RowStatus | undefined {
    return this.#statuses.get(key);
  }

  /** The most requests that were ever in flight at once (D4: never above the limit). */
  get maxInFlight(): number {
    return this.#maxInFlight;
  }

  /** Whether a row may still change: not queued, not in flight, not registered. */
  isEditable(key: string): boolean {
    const state = this.#statuses.get(key)?.state;
    return state === undefined || state === 'failed';
  }

  /**
   * Whether a row, prepared as it is now, may succeed if sent: not registered (D4: never sent
   * again), not on its way, and not refused as it is (the same request would be refused again).
   * A row that breaks a rule may not go either; it fails at once, unsent, when started.
   */
  mayGo(key: string, prepared: Prepared<Request>): boolean {
    const status = this.#statuses.get(key);
    if (status === undefined) return true;
    if (status.state !== 'failed') return false;
    return status.kind !== 'refused' || !prepared.ok || JSON.stringify(prepared.request) !== status.sent;
  }

  /**
   * Queues the rows that may go (`mayGo`), in order; a row already queued is not queued twice, and
   * a row that cannot be prepared fails at once, unsent.
   */
  start(items: readonly BatchItem<Request>[]): void {
    const fresh = items.flatMap((item) => {
      const prepared = item.prepare();
      return this.mayGo(item.key, prepared) ? [{ key: item.key, prepared }] : [];
    });
    if (fresh.length === 0) return;
    if (!this.running) {
      // The rows sent before stay in the counts (a retry's summary is the whole file's); the rate
      // is measured afresh.
      this.#startedAt = this.#now();
      this.#pausedMs = 0;
      this.#answered = 0;
    }
    const generation = this.#generation;
    for (const { key, prepared } of fresh) {
      this.#batch.add(key);
      if (!prepared.ok) {
        this.#statuses.set(key, { state: 'failed', kind: 'invalid' });
        continue;
      }
      this.#statuses.set(key, { state: 'waiting' });
      void this.#limit(() => this.#run(key, prepared.request, generation));
    }
    this.#changed();
  }

  async #run(key: string, request: Request, generation: number): Promise<void> {
    // A hold keeps the row here (its slot too: nothing else starts either) until it is lifted or
    // the batch is cancelled.
    // oxlint-disable-next-line no-await-in-loop -- waiting is the point: one hold after another
    while (this.#hold && generation === this.#generation) await this.#hold.promise;
    if (generation !== this.#generation) return;
    this.#statuses.set(key, { state: 'sending' });
    this.#inFlight += 1;
    this.#maxInFlight = Math.max(this.#maxInFlight, this.#inFlight);
    this.#changed();
    let again = false;
    try {
      const serviceId = await this.#send(request);
      this.#statuses.set(key, { state: 'registered', serviceId });
    } catch (error) {
      if (this.#endsSession(error)) {
        if (generation !== this.#generation) this.#statuses.delete(key);
        else {
          // Nothing is wrong with the row: it waits for the new session and goes again (D4 makes a
          // second send of the same doctor safe).
          again = true;
          this.#statuses.set(key, { state: 'waiting' });
          this.#holdFor('signed-out');
        }
      } else
        this.#statuses.set(
          key,
          this.#mayPassAgain(error)
            ? { state: 'failed', kind: 'failed', error }
            : { state: 'failed', kind: 'refused', error, sent: JSON.stringify(request) },
        );
    } finally {
      this.#inFlight -= 1;
      if (!again) this.#answered += 1;
      this.#changed();
    }
    if (again) await this.#run(key, request, generation);
  }

  #holdFor(reason: HoldReason): void {
    this.#hold ??= { ...Promise.withResolvers<void>(), since: this.#now(), reasons: new Set() };
    this.#hold.reasons.add(reason);
    this.#changed();
  }

  #lift(reason: HoldReason): void {
    const hold = this.#hold;
    if (!hold?.reasons.delete(reason)) return;
    if (hold.reasons.size === 0) {
      this.#pausedMs += this.#now() - hold.since;
      this.#hold = undefined;
      hold.resolve();
    }
    this.#changed();
  }

  /** No new request starts until `resume`; those in flight finish. */
  pause(): void {
    if (this.#hold?.reasons.has('paused') || !this.running) return;
    this.#holdFor('paused');
  }

  resume(): void {
    this.#lift('paused');
  }

  /** The user signed in again: the rows held by the ended session go (unless paused meanwhile). */
  signedIn(): void {
    this.#lift('signed-out');
  }

  /**
   * Sends nothing more: queued rows go back to unsent, requests in flight finish and keep their
   * answer (an abandoned request may still have registered its doctor; D4 makes a retry safe).
   */
  cancel(): void {
    this.#generation += 1;
    this.#limit.clearQueue();
    for (const [key, status] of this.#statuses) if (status.state === 'waiting') this.#statuses.delete(key);
    const hold = this.#hold;
    this.#hold = undefined;
    hold?.resolve();
    this.#changed();
  }

  /** Forgets every row (another file was chosen); nothing may be on its way. */
  clear(): void {
    if (this.running) return;
    this.#statuses.clear();
    this.#batch.clear();
    this.#changed();
  }

  /** Forgets a row (removed from the form or the file). */
  forget(key: string): void {
    if (this.#statuses.get(key)?.state === 'sending') return;
    this.#statuses.delete(key);
    this.#batch.delete(key);
    this.#changed();
  }

  get running(): boolean {
    for (const key of this.#batch) {
      const state = this.#statuses.get(key)?.state;
      if (state === 'waiting' || state === 'sending') return true;
    }
    return false;
  }

  /** Resolves once nothing is waiting or in flight. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** The keys of the current batch's rows in `state`. */
  keysIn(state: RowStatus['state']): string[] {
    return [...this.#batch].filter((key) => this.#statuses.get(key)?.state === state);
  }

  progress(): Progress {
    let registered = 0;
    let failed = 0;
    let invalid = 0;
    let refused = 0;
    let left = 0;
    for (const key of this.#batch) {
      const status = this.#statuses.get(key);
      if (status?.state === 'registered') registered += 1;
      else if (status?.state === 'failed')
        if (status.kind === 'failed') failed += 1;
        else if (status.kind === 'refused') refused += 1;
        else invalid += 1;
      else if (status?.state === 'waiting' || status?.state === 'sending') left += 1;
    }
    const toFix = invalid + refused;
    const now = this.#now();
    const pausedMs = this.#pausedMs + (this.#hold ? now - this.#hold.since : 0);
    const elapsedSeconds = (now - this.#startedAt - pausedMs) / 1000;
    const ratePerSecond =
      this.#answered > 0 && elapsedSeconds > 0 ? this.#answered / elapsedSeconds : undefined;
    return {
      registered,
      failed,
      toFix,
      refused,
      left,
      inFlight: this.#inFlight,
      total: this.#batch.size,
      notSent: this.#batch.size - registered - failed - toFix - left,
      running: left > 0,
      paused: this.#hold?.reasons.has('paused') ?? false,
      signedOut: this.#hold?.reasons.has('signed-out') ?? false,
      ratePerSecond,
      remainingSeconds: ratePerSecond && left > 0 ? left / ratePerSecond : undefined,
    };
  }

  #changed(): void {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
    if (!this.running && this.#idle.length > 0) {
      const waiting = this.#idle;
      this.#idle = [];
      for (const resolve of waiting) resolve();
    }
  }
}
