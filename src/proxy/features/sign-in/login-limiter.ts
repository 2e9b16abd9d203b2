// The login limiter (docs/decisions/0011). Failed sign-ins are counted per (client id, address) and
// per address, never per client id alone (client ids are not secret: counting them would let
// anyone lock an owner out). Past a few free failures each further one doubles a delay, up to 15
// minutes, instead of one hard block. The address is checked first, and an attempt refused by a
// lock changes nothing, so that refused logins cannot grow the store.
import type { LockPolicy, SessionStore } from '../../core/sessions/store.ts';

const minute = 60_000;

/** One client id from one address: its owner's typos, or someone guessing its secret. */
export const pairPolicy: LockPolicy = { free: 5, baseMs: 1_000, capMs: 15 * minute, forgetMs: 15 * minute };
/** Everyone behind one address (a clinic's office): more room, the same growth. */
export const addressPolicy: LockPolicy = {
  free: 20,
  baseMs: 1_000,
  capMs: 15 * minute,
  forgetMs: 15 * minute,
};

export type Attempt =
  | { kind: 'allowed'; settle(result: 'failed' | 'succeeded' | 'not_counted'): Promise<void> }
  | { kind: 'locked'; retryAfterSeconds: number };

export function createLoginLimiter(store: SessionStore, now: () => number) {
  return {
    /** Claims one attempt for `clientId` from `address`; settle it once the upstream answered. */
    async attempt(clientId: string, address: string): Promise<Attempt> {
      const addressKey = `login-failures:address:${address}`;
      const pairKey = `login-failures:pair:${address}:${clientId}`;
      const at = now();
      const addressLock = await store.claim(addressKey, addressPolicy, at);
      if (addressLock > 0) return locked(addressLock);
      const pairLock = await store.claim(pairKey, pairPolicy, at);
      if (pairLock > 0) {
        await store.release(addressKey, addressPolicy);
        return locked(pairLock);
      }
      return {
        kind: 'allowed',
        async settle(result) {
          // A failure stands as claimed. Anything else is taken back; success also forgets the pair.
          if (result === 'failed') return;
          await Promise.all([
            store.release(addressKey, addressPolicy),
            result === 'succeeded' ? store.delete(pairKey) : store.release(pairKey, pairPolicy),
          ]);
        },
      };
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

function locked(ms: number): Attempt {
  return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}
