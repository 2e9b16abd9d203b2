// Vitest's global set-up for the Node tests (vitest.config.ts): the run's one Redis, and the folder
// in which the first test file that needs PostgreSQL starts the run's one cluster; every store test
// shares them, each with a database of its own (shared-stores.ts).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopSharedCluster } from './postgres-server.ts';
import { spawnRedis, stopRedis, writeRedisConfig } from './redis-process.ts';
import { freePort } from './ports.ts';
import { sharedRedisDatabases } from './redis-server.ts';
import type { SharedStores } from './shared-stores.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-stores-'));
  // PostgreSQL runs as the postgres user under root and makes its cluster in a folder in here.
  chmodSync(dir, 0o755);
  const [port, tlsPort] = [await freePort(), await freePort()];
  const socket = path.join(dir, 'redis.sock');
  const { ca = '' } = writeRedisConfig(dir, { socket, port, tlsPort, databases: sharedRedisDatabases });
  const redis = await spawnRedis(dir, { transport: 'unix', socket });
  const stores: SharedStores = { dir, redis: { socket, port, tlsPort, ca } };
  project.provide('sharedStores', stores);
  return async () => {
    await Promise.all([stopRedis(redis), stopSharedCluster(dir)]);
    rmSync(dir, { recursive: true, force: true });
  };
}
