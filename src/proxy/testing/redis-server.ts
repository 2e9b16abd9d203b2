// A real Redis for the store tests: Debian's redis-server (installed by .ci/run), started in a
// temporary directory on a unix socket (no port to collide with), or on a free loopback port, in
// plain TCP or TLS with a certificate made here and now (nothing committed), with an ACL user when
// asked. A test can stall it (SIGSTOP: connections stay open and nothing answers) and take it down
// and back up with its data (an outage that refuses connections).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import type { SessionStore } from '../core/sessions/store.ts';

/** What the tests ask Redis directly. */
export interface AdminClient {
  keys(pattern: string): Promise<string[]>;
  pTTL(key: string): Promise<number>;
  info(section: string): Promise<unknown>;
  ping(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  destroy(): void;
}

export interface RedisServer {
  /** A URL for the proxy's store, with the ACL user's credentials when there is one. */
  url: string;
  /** The CA that signed a TLS server's certificate (PEM). */
  ca?: string;
  /** A client for the test itself (the `default` user, which has no password). */
  admin(): Promise<AdminClient>;
  /** Stops the process (SIGSTOP): its connections stay open and nothing is answered. */
  pause(): void;
  /** Lets a paused process go on (SIGCONT). */
  resume(): void;
  /** Saves the data and exits: connections are refused until `up`. */
  down(): Promise<void>;
  /** Starts again on the same address, with the data `down` saved. */
  up(): Promise<void>;
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

export function findRedisServer(): string {
  const candidates = [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new Error(
      'redis-server not found: apt-get install redis-server (or set REDIS_SERVER); .ci/run installs it',
    );
  return found;
}

/** A loopback port nobody holds right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A self-signed certificate for 127.0.0.1, made with openssl in `dir`. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

export async function startRedisServer(
  options: { transport?: 'unix' | 'tcp' | 'tls'; user?: { name: string; password: string } } = {},
): Promise<RedisServer> {
  const transport = options.transport ?? 'unix';
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const port = transport === 'unix' ? 0 : await freePort();
  const lines = [
    `dir ${dir}`,
    'save ""',
    'appendonly no',
    'bind 127.0.0.1',
    `aclfile ${path.join(dir, 'users.acl')}`,
  ];
  const acl = ['user default on nopass ~* &* +@all'];
  if (options.user) acl.push(`user ${options.user.name} on >${options.user.password} ~* &* +@all`);
  writeFileSync(path.join(dir, 'users.acl'), `${acl.join('\n')}\n`);
  let ca: string | undefined;
  let certificate: { cert: string; key: string } | undefined;
  if (transport === 'unix') lines.push('port 0', `unixsocket ${socket}`, 'unixsocketperm 700');
  if (transport === 'tcp') lines.push(`port ${port}`);
  if (transport === 'tls') {
    certificate = makeCertificate(dir);
    ca = readFileSync(certificate.cert, 'utf8');
    lines.push(
      'port 0',
      `tls-port ${port}`,
      `tls-cert-file ${certificate.cert}`,
      `tls-key-file ${certificate.key}`,
      `tls-ca-cert-file ${certificate.cert}`,
      'tls-auth-clients no',
    );
  }
  writeFileSync(path.join(dir, 'redis.conf'), `${lines.join('\n')}\n`);
  const credentials = options.user
    ? `${encodeURIComponent(options.user.name)}:${encodeURIComponent(options.user.password)}@`
    : '';
  const url =
    transport === 'unix'
      ? `unix://${credentials ? `${credentials}localhost` : ''}${socket}`
      : `${transport === 'tls' ? 'rediss' : 'redis'}://${credentials}127.0.0.1:${port}`;
  const admin = async (): Promise<AdminClient> => {
    const client = createClient(
      transport === 'unix'
        ? { socket: { path: socket, reconnectStrategy: false } }
        : transport === 'tls'
          ? { socket: { host: '127.0.0.1', port, tls: true, ca, reconnectStrategy: false } }
          : { socket: { host: '127.0.0.1', port, reconnectStrategy: false } },
    );
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  const spawnServer = async () => {
    const started = spawn(findRedisServer(), [path.join(dir, 'redis.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Generous: on a machine shared by several full test runs it once took longer than 10 s.
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        // oxlint-disable-next-line no-await-in-loop -- polling until the server answers
        const probe = await admin();
        // oxlint-disable-next-line no-await-in-loop -- as above
        await probe.ping();
        probe.destroy();
        return started;
      } catch (error) {
        if (Date.now() > deadline || started.exitCode !== null) {
          started.kill();
          throw new Error(`redis-server did not start: ${String(error)}`, { cause: error });
        }
        // oxlint-disable-next-line no-await-in-loop -- as above
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  let child = await spawnServer();
  let paused = false;
  const signal = (name: NodeJS.Signals) => {
    if (child.pid !== undefined) process.kill(child.pid, name);
  };
  return {
    url,
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
      child = await spawnServer();
    },
    async stop() {
      // A stopped process would never see the SIGTERM.
      if (paused) signal('SIGCONT');
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
