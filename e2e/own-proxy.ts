import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { spawnProgram } from '../src/proxy/testing/process.ts';
import { startRedisServer, type RedisServer } from '../src/proxy/testing/redis-server.ts';

export { freePort } from '../src/proxy/testing/ports.ts';
export type { RedisServer as OwnRedis } from '../src/proxy/testing/redis-server.ts';

// A token proxy of a journey's own, for what the shared `npm start` server must not go through:
// being stopped and started again, or having its login limiter filled.

const root = path.resolve(import.meta.dirname, '..');

export interface OwnProxy {
  url: string;
  stop(): Promise<void>;
}

/** `node src/proxy/main.ts` with the built console, on `port`, until it says where it listens. */
export function startProxy(port: number, env: Record<string, string> = {}): Promise<OwnProxy> {
  return untilListening('proxy', [], {
    HOST: '127.0.0.1',
    PORT: String(port),
    DIST_DIR: path.join(root, 'dist'),
    ...env,
  });
}

/**
 * `npm start -- --demo-centres N --demo-doctors M` on a free port: the demo environment with a
 * generated world, for a journey at a size the shared server's seed is not.
 */
export function startGeneratedWorld(centres: number, doctors: number): Promise<OwnProxy> {
  const world = ['--demo-centres', String(centres), '--demo-doctors', String(doctors)];
  return untilListening('start', ['--port', '0', ...world], {});
}

/**
 * `npm start` with the watcher on (its default; docs/decisions/0025) on a free port, `args` its
 * command line (a generated world) and `env` its settings (the simulator's control token).
 */
export function startWatchedDemo(args: string[], env: Record<string, string>): Promise<OwnProxy> {
  return untilListening('start', ['--port', '0', ...args], {
    WATCH: 'true',
    ...env,
  });
}

/**
 * `npm start` (scripts/start.ts) on `port` for a Playwright worker (e2e/fixtures.ts): `args` its
 * command line (a generated world), `env` its settings on top of the runner's own (the simulator's
 * control token). Its output is kept only until it listens; its errors go on to the runner's.
 */
export function startWorkerServer(port: number, args: string[], env: Record<string, string>) {
  return untilListening(
    'start',
    ['--port', String(port), ...args],
    {
      ...(process.env as Record<string, string>),
      ...env,
    },
    true,
  );
}

async function untilListening(
  program: 'proxy' | 'start',
  args: string[],
  env: Record<string, string>,
  forwardErrors = false,
): Promise<OwnProxy> {
  // A server that runs the whole suite logs every request: nothing is kept once it listens.
  const started = spawnProgram({ program, args, env, keepOutput: false, forwardErrors });
  return { url: await started.listening, stop: started.stop };
}

/** Sessions that outlive a proxy: a Redis of its own (the test kit's, as the unit tests use). */
export async function startRedis(): Promise<RedisServer> {
  return startRedisServer();
}

/** A session key for proxies that must open each other's sessions (64 hex digits). */
export const newSessionKey = () => randomBytes(32).toString('hex');
