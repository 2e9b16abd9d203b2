// A real Redis for the store tests: Debian's redis-server (installed by .ci/run), started on a
// unix socket in a temporary directory (no port to collide with), or on a loopback port.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRedisClient } from '../redis-client.ts';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

export function findRedisServer(): string {
  const candidates = [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new Error(
      'redis-server not found: apt-get install redis-server (or set REDIS_SERVER); .ci/run installs it',
    );
  return found;
}

export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const args = [
    '--port',
    String(options.port ?? 0),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  if (options.port === undefined) args.push('--unixsocket', socket, '--unixsocketperm', '700');
  const child = spawn(findRedisServer(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = options.port === undefined ? `unix://${socket}` : `redis://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  const probe = createRedisClient(url, { commandTimeoutMs: 500 });
  for (;;) {
    try {
      // oxlint-disable-next-line no-await-in-loop -- polling until the server answers
      await probe.command('PING');
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill();
        throw new Error(`redis-server did not start: ${String(error)}`, { cause: error });
      }
      // oxlint-disable-next-line no-await-in-loop -- as above
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await probe.close();
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
