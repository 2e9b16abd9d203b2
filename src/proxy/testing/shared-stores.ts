// One PostgreSQL and one Redis for a whole Vitest run, instead of a server per test file: Vitest's
// global set-up (tools/vitest/global-setup-node.ts) starts Redis and makes a folder in which the
// first test file that needs PostgreSQL starts it; each caller of startPostgresServer or
// startRedisServer gets a database of its own on them (postgres-server.ts, redis-server.ts).

/** What the global set-up hands every test file (Vitest's `provide`/`inject`). */
export interface SharedStores {
  /** The run's folder: PostgreSQL's cluster and its lock live here (postgres-server.ts). */
  dir: string;
  redis: { socket: string; port: number; tlsPort: number; ca: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedStores: SharedStores | undefined;
  }
}

/**
 * The run's shared servers, or undefined outside Vitest (a bench script) or in a run without the
 * global set-up: then each caller starts a server of its own, as `own: true` asks.
 */
export async function sharedStores(): Promise<SharedStores | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('sharedStores');
}
