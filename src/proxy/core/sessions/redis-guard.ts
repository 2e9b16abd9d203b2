// Every Redis command with a deadline (docs/decisions/0020): one that passes it marks the store
// stalled (a stopped or hung server accepts writes and never answers), and commands then fail at
// once, rather than queue on a connection that does not answer, until the one probe in flight is
// answered.
import type { Logger } from '../http/context.ts';
import { StoreUnavailableError, type StoreFailure } from './store.ts';

interface Pingable {
  readonly isReady: boolean;
  ping(): Promise<unknown>;
}

export class CommandGuard {
  readonly #client: Pingable;
  readonly #timeoutMs: number;
  readonly #log: Logger | undefined;
  #stalled = false;
  /** Set once the store is closed: every command fails from then on. */
  closed = false;

  constructor(client: Pingable, timeoutMs: number, log: Logger | undefined) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
    this.#log = log;
  }

  /** Runs `command` within the deadline; any failure is a StoreUnavailableError (→ 503). */
  async run<T>(command: () => Promise<T>): Promise<T> {
    const out = this.#unavailable();
    if (out) throw new StoreUnavailableError(out);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.#stall();
        reject(new StoreUnavailableError('timeout'));
      }, this.#timeoutMs);
    });
    try {
      return await Promise.race([command(), deadline]);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      throw new StoreUnavailableError('command_failed', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  #unavailable(): StoreFailure | undefined {
    if (this.closed || !this.#client.isReady) return 'not_connected';
    return this.#stalled ? 'stalled' : undefined;
  }

  #stall(): void {
    if (this.#stalled) return;
    this.#stalled = true;
    this.#log?.warn(
      { event: 'redis_stalled', reason: 'timeout', timeoutMs: this.#timeoutMs },
      'redis stalled',
    );
    void this.#probe();
  }

  async #probe(): Promise<void> {
    for (;;) {
      if (!this.#stalled || this.closed) return;
      try {
        // oxlint-disable-next-line no-await-in-loop -- one probe at a time, answered when Redis is back
        await this.#client.ping();
        this.#stalled = false;
        this.#log?.info({ event: 'redis_recovered' }, 'redis recovered');
      } catch {
        // Disconnected meanwhile (the client reconnects by itself): ask again shortly.
        // oxlint-disable-next-line no-await-in-loop -- as above
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}
