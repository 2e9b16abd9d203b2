// The in-browser demo: the console-surface handlers (the proxy's surface) over a simulator, in an
// MSW service worker. The state is kept in localStorage so a reload keeps what was created;
// `POST /__sim/reset` (or `reset()`) goes back to the demo seed.
//
// The console loads this only behind a dev/demo flag with a dynamic import, so no MSW reaches a
// production build:
//   if (import.meta.env.DEV && import.meta.env.VITE_DEMO_WORKER === 'true') {
//     const { startDemoWorker } = await import('@/simulator/hosts/browser');
//     await startDemoWorker();
//   }
// The worker script is served in development by the `msw/vite` plugin (vite.config.ts,
// worker-only, dev server only).
import { setupWorker } from 'msw/browser';
import { z } from 'zod';
import { createSimulator, type SimState } from '../../index.ts';
import { createConsoleSurfaceHandlers } from '../console-surface.ts';

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

export async function startDemoWorker(options: { storageKey?: string; workerUrl?: string } = {}) {
  const sim = createPersistentDemoSimulator(globalThis.localStorage, options.storageKey);
  const worker = setupWorker(...createConsoleSurfaceHandlers(sim));
  await worker.start({
    quiet: true,
    onUnhandledFrame: 'bypass',
    serviceWorker: { url: options.workerUrl ?? '/mockServiceWorker.js' },
  });
  return {
    sim,
    worker,
    reset: () => sim.reset(),
    stop: () => worker.stop(),
  };
}
