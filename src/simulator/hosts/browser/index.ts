// The in-browser demo's simulator: its state is kept in localStorage so a reload keeps what was
// created; `POST /__sim/reset` (or `reset()`) goes back to the demo seed. The token proxy's own app
// runs in front of it in the page (src/proxy/hosts/browser-worker.ts, docs/decisions/0012).
import { z } from 'zod';
import { createSimulator, type SimState } from '../../index.ts';

export const DEMO_STORAGE_KEY = 'provider-console.simulator-state';

// The stored state is a boundary: anything that is not a version-1 state is dropped.
const storedState = z.looseObject({
  version: z.literal(1),
  now: z.string(),
  providers: z.record(z.string(), z.unknown()),
});

export function loadDemoState(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  key = DEMO_STORAGE_KEY,
): SimState | undefined {
  const raw = storage.getItem(key);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (storedState.safeParse(parsed).success) return parsed as SimState;
  } catch {
    // fall through: a corrupt entry is removed
  }
  storage.removeItem(key);
  return undefined;
}

export function createPersistentDemoSimulator(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  key = DEMO_STORAGE_KEY,
) {
  const state = loadDemoState(storage, key);
  return createSimulator({
    ...(state ? { state } : {}),
    onChange: (next) => {
      try {
        storage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the demo keeps working in memory.
      }
    },
  });
}
