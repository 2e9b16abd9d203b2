// One pending contract action per centre across every tab of this browser (docs/decisions/0016).
// A tab holds the Web Locks API's exclusive lock named after the centre from before it sends an
// event until the service has answered it (or the user gives it up); another tab finds the lock
// taken and sends nothing. The browser lets go of a closed tab's locks by itself. A
// BroadcastChannel tells the other tabs when a lock is taken or let go, so that they update at once.
// Where the browser has neither (tests in jsdom), the page coordinates with itself only.

export interface CrossTab {
  /** Takes the centre's lock unless someone holds it: true when this tab holds it now. */
  claim(key: string): Promise<boolean>;
  /** Lets go of the lock (the action is settled or given up) and tells the other tabs. */
  release(key: string, settled: boolean): void;
  /** Whether another tab holds the lock. */
  heldElsewhere(key: string): Promise<boolean>;
  /** Called when another tab takes or lets go of a lock (`settled`: it has an answer). */
  subscribe(listener: (message: CrossTabMessage) => void): () => void;
}

export interface CrossTabMessage {
  key: string;
  state: 'claimed' | 'released';
  settled: boolean;
}

type Channel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

const lockName = (key: string) => `${key}.lock`;

const isMessage = (value: unknown): value is CrossTabMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CrossTabMessage).key === 'string' &&
  ((value as CrossTabMessage).state === 'claimed' || (value as CrossTabMessage).state === 'released');

export function createCrossTab(locks: LockManager | undefined, channel: Channel | undefined): CrossTab {
  const held = new Map<string, () => void>();
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel has no target origin
  const announce = (message: CrossTabMessage) => channel?.postMessage(message);
  return {
    async claim(key) {
      if (held.has(key)) return true;
      if (!locks) {
        held.set(key, () => held.delete(key));
        return true;
      }
      const { promise: claimed, resolve } = Promise.withResolvers<boolean>();
      void locks
        .request(lockName(key), { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          // Held until released: the callback's promise is the lock's lifetime.
          const { promise: letGo, resolve: free } = Promise.withResolvers<void>();
          held.set(key, () => {
            held.delete(key);
            free();
          });
          resolve(true);
          return letGo;
        })
        .catch(() => resolve(false));
      const ok = await claimed;
      if (ok) announce({ key, state: 'claimed', settled: false });
      return ok;
    },
    release(key, settled) {
      const free = held.get(key);
      if (!free) return;
      free();
      announce({ key, state: 'released', settled });
    },
    async heldElsewhere(key) {
      if (held.has(key) || !locks) return false;
      const snapshot = await locks.query();
      return (snapshot.held ?? []).some((lock) => lock.name === lockName(key));
    },
    subscribe(listener) {
      if (!channel) return () => {};
      const onMessage = (event: MessageEvent<unknown>) => {
        if (isMessage(event.data)) listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/** The browser's: Web Locks and one channel for the console's contract actions. */
export const crossTab: CrossTab = createCrossTab(
  globalThis.navigator?.locks,
  typeof BroadcastChannel === 'function'
    ? new BroadcastChannel('provider-console.contract-actions')
    : undefined,
);
