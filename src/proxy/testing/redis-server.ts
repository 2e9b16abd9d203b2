// A real Redis for the store tests: Debian's redis-server (installed by .ci/run). In a Vitest run
// every caller shares the run's one server (shared-stores.ts) and gets a database number of its
// own, so keys never meet; a test that stalls or stops its Redis, or counts its connections, asks
// for one of its own (`own: true`) and gets a relay in front of the shared server (relay.ts), which
// it can stall (connections stay open and nothing answers) and take down and back up with its data.
// Outside Vitest (a bench script) `own` starts a process: in a temporary directory on a unix
// socket (no port to collide with), or on a free loopback port, in plain TCP or TLS with a
// certificate made here and now (nothing committed), with an ACL user when asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionStore } from '../core/sessions/store.ts';
import {
  connectAdmin,
  spawnRedis,
  stopRedis,
  writeRedisConfig,
  type AdminClient,
  type RedisAddress,
  type User,
} from './redis-process.ts';
import { freePort } from './ports.ts';
import { startRelay } from './relay.ts';
import { sharedStores, type SharedStores } from './shared-stores.ts';

export type { AdminClient } from './redis-process.ts';

export interface RedisServer {
  /** A URL for the proxy's store, with the ACL user's credentials when there is one. */
  url: string;
  /** The CA that signed a TLS server's certificate (PEM). */
  ca?: string;
  /** A client for the test itself (the `default` user, which has no password). */
  admin(): Promise<AdminClient>;
  /** Stalls it: its connections stay open and nothing is answered. */
  pause(): void;
  /** Lets a paused server go on. */
  resume(): void;
  /** Takes it down: open connections are cut and new ones refused until `up`. */
  down(): Promise<void>;
  /** Back on the same address, with its data. */
  up(): Promise<void>;
  /** Clients connected to it right now (the proxy's, and the test's own `admin` ones aside). */
  connections(): Promise<number>;
  stop(): Promise<void>;
}

/** The store once its client has connected: the Redis client connects in the background. */
export async function whenConnected(store: SessionStore): Promise<SessionStore> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      // oxlint-disable-next-line no-await-in-loop -- polling until connected
      await store.ping();
      return store;
    } catch {
      // oxlint-disable-next-line no-await-in-loop -- as above
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw new Error('the Redis store never became ready');
}

function urlOf(address: RedisAddress, user: User | undefined, database: number): string {
  const credentials = user ? `${encodeURIComponent(user.name)}:${encodeURIComponent(user.password)}@` : '';
  if (address.transport === 'unix')
    return `unix://${credentials ? `${credentials}localhost` : ''}${address.socket}${database ? `?db=${database}` : ''}`;
  const scheme = address.transport === 'tls' ? 'rediss' : 'redis';
  return `${scheme}://${credentials}127.0.0.1:${address.port}${database ? `/${database}` : ''}`;
}

interface RedisOptions {
  transport?: 'unix' | 'tcp' | 'tls';
  user?: User;
  /** A server of this test's own, which it may stall, stop or count the connections of. */
  own?: boolean;
}

export async function startRedisServer(options: RedisOptions = {}): Promise<RedisServer> {
  const shared = await sharedStores();
  if (!shared) return startOwnRedis(options);
  return options.own ? relayedRedis(shared.redis, options) : onSharedRedis(shared.redis, options);
}

/** The databases the shared server has: one per caller in a run, 0 keeps the count. */
export const sharedRedisDatabases = 512;

function ownServer(): never {
  throw new Error('only a server of its own can be stalled or stopped: startRedisServer({ own: true })');
}

/** A database number of the shared server's for this caller, and its ACL user when asked. */
async function sharedDatabase(address: RedisAddress, user: User | undefined): Promise<number> {
  const root = await connectAdmin(address);
  const database = Number(await root.sendCommand(['INCR', 'test-kit:databases']));
  if (user)
    await root.sendCommand(['ACL', 'SETUSER', user.name, 'on', `>${user.password}`, '~*', '&*', '+@all']);
  root.destroy();
  if (database >= sharedRedisDatabases) throw new Error('the shared Redis has no database left for this run');
  return database;
}

async function flush(address: RedisAddress, database: number): Promise<void> {
  const admin = await connectAdmin(address, database);
  await admin.sendCommand(['FLUSHDB']);
  admin.destroy();
}

async function onSharedRedis(shared: SharedStores['redis'], options: RedisOptions): Promise<RedisServer> {
  const transport = options.transport ?? 'unix';
  const address: RedisAddress =
    transport === 'unix'
      ? { transport, socket: shared.socket }
      : transport === 'tls'
        ? { transport, port: shared.tlsPort, ca: shared.ca }
        : { transport, port: shared.port };
  const database = await sharedDatabase(address, options.user);
  return {
    url: urlOf(address, options.user, database),
    ...(transport === 'tls' ? { ca: shared.ca } : {}),
    admin: () => connectAdmin(address, database),
    pause: ownServer,
    resume: ownServer,
    down: async () => ownServer(),
    up: async () => ownServer(),
    connections: async () => ownServer(),
    stop: () => flush(address, database),
  };
}

/** The shared server behind a relay of this caller's own, over TCP (relay.ts). */
async function relayedRedis(shared: SharedStores['redis'], options: RedisOptions): Promise<RedisServer> {
  if (options.transport !== 'tcp') throw new Error('a Redis of its own is relayed over TCP: transport: tcp');
  const address: RedisAddress = { transport: 'unix', socket: shared.socket };
  const database = await sharedDatabase(address, options.user);
  const relay = await startRelay({ path: shared.socket });
  return {
    url: urlOf({ transport: 'tcp', port: relay.port }, options.user, database),
    admin: () => connectAdmin(address, database),
    pause: () => relay.pause(),
    resume: () => relay.resume(),
    down: () => relay.cut(),
    up: () => relay.restore(),
    connections: async () => relay.open(),
    async stop() {
      await relay.close();
      await flush(address, database);
    },
  };
}

async function startOwnRedis(options: RedisOptions): Promise<RedisServer> {
  const transport = options.transport ?? 'unix';
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const port = transport === 'unix' ? 0 : await freePort();
  const { ca } = writeRedisConfig(
    dir,
    transport === 'unix' ? { socket } : transport === 'tcp' ? { port } : { tlsPort: port },
    options.user,
  );
  const address: RedisAddress =
    transport === 'unix'
      ? { transport, socket }
      : transport === 'tls'
        ? { transport, port, ca: ca ?? '' }
        : { transport, port };
  const admin = () => connectAdmin(address);
  let child = await spawnRedis(dir, address);
  let paused = false;
  const signal = (name: NodeJS.Signals) => {
    if (child.pid !== undefined) process.kill(child.pid, name);
  };
  return {
    url: urlOf(address, options.user, 0),
    ...(ca ? { ca } : {}),
    admin,
    pause() {
      signal('SIGSTOP');
      paused = true;
    },
    resume() {
      signal('SIGCONT');
      paused = false;
    },
    async down() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const client = await admin();
      // SHUTDOWN SAVE writes the data although `save ""` turns snapshots off; the reply never comes.
      void client.sendCommand(['SHUTDOWN', 'SAVE']).catch(() => {});
      await exited;
      client.destroy();
    },
    async up() {
      child = await spawnRedis(dir, address);
    },
    async connections() {
      const client = await admin();
      const info = String(await client.info('clients'));
      client.destroy();
      // The count includes the client that asked.
      return Number(/connected_clients:(\d+)/.exec(info)?.[1]) - 1;
    },
    async stop() {
      // A stopped process would never see the SIGTERM.
      if (paused) signal('SIGCONT');
      await stopRedis(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
