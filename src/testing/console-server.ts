import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFakeWorld, fakeConsoleSurfaceHandlers, type FakeWorld } from './fake-console-surface.ts';

/**
 * An msw/node server playing the token proxy for a test file. Unhandled requests fail the test
 * (STYLE.md point 9). `world` is rebuilt before each test through `reset`.
 */
export function setupConsoleServer(options: { centres?: number } = {}) {
  const state: { world: FakeWorld } = { world: createFakeWorld(options) };
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
  return {
    server,
    get world() {
      return state.world;
    },
    /** A fresh world for this test; `signedIn` starts with a session as that provider. */
    reset(next: { centres?: number; signedIn?: number } = {}) {
      state.world = createFakeWorld({ centres: next.centres ?? options.centres });
      if (next.signedIn !== undefined) {
        const provider = state.world.providers.find((p) => p.providerId === next.signedIn);
        state.world.session = {
          environment: 'demo',
          providerId: next.signedIn,
          clientId: provider?.clientId ?? 'x',
        };
      }
      server.resetHandlers(...fakeConsoleSurfaceHandlers(state.world));
      return state.world;
    },
  };
}
