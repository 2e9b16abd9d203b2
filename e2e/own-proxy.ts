import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDataDir, embeddedEngineFlags } from '../scripts/data-dir.ts';
import { listeningUrl } from '../scripts/proxy-output.ts';

// A token proxy of a journey's own, for what the shared `npm start` server must not go through:
// being stopped and started again, or having its login limiter filled.

const root = path.resolve(import.meta.dirname, '..');

/** A free loopback port, so that a proxy can be stopped and started again on the same one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface OwnProxy {
  url: string;
  stop(): Promise<void>;
}

/** `node src/proxy/main.ts` with the built console, on `port`, until it says where it listens. */
export function startProxy(port: number, env: Record<string, string> = {}): Promise<OwnProxy> {
  return untilListening([path.join(root, 'src/proxy/main.ts')], {
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
  return untilListening([path.join(root, 'scripts/start.ts'), '--port', '0', ...world], {});
}

/**
 * `npm start` with the watcher on (its default; docs/decisions/0025) on a free port, `args` its
 * command line (a generated world) and `env` its settings (the simulator's control token).
 */
export function startWatchedDemo(args: string[], env: Record<string, string>): Promise<OwnProxy> {
  return untilListening([path.join(root, 'scripts/start.ts'), '--port', '0', ...args], {
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
    [path.join(root, 'scripts/start.ts'), '--port', String(port), ...args],
    {
      ...(process.env as Record<string, string>),
      ...env,
    },
    true,
  );
}

async function untilListening(
  args: string[],
  env: Record<string, string>,
  forwardErrors = false,
): Promise<OwnProxy> {
  // Its embedded database in a folder of its own (docs/decisions/0018), removed when it stops.
  const data = copyDataDir();
  const child: ChildProcess = spawn(process.execPath, [...embeddedEngineFlags, ...args], {
    env: { PATH: process.env['PATH'], ...env, DATA_DIR: data.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const hear = listeningUrl();
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      const found = hear(text);
      if (!found) return;
      // A server that runs the whole suite logs every request: nothing is kept once it listens.
      child.stdout?.off('data', read);
      child.stderr?.off('data', read);
      child.stdout?.resume();
      if (forwardErrors) child.stderr?.pipe(process.stderr, { end: false });
      else child.stderr?.resume();
      output = '';
      resolve(found);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => {
      data.remove();
      reject(new Error(`the proxy exited:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
}

/** Debian's redis-server on a unix socket in a temporary directory: sessions that outlive a proxy. */
export async function startRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const binary = process.env['REDIS_SERVER'] ?? '/usr/bin/redis-server';
  const child = spawn(
    binary,
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  await expect
    .poll(() => existsSync(socket) || child.exitCode !== null, {
      message: 'redis-server started',
      timeout: 10_000,
    })
    .toBe(true);
  if (child.exitCode !== null) throw new Error('redis-server did not start');
  return {
    url: `unix://${socket}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A session key for proxies that must open each other's sessions (64 hex digits). */
export const newSessionKey = () => randomBytes(32).toString('hex');
