// A real Redis for the store tests: Debian's redis-server (installed by .ci/run), started in a
// temporary directory on a unix socket (no port to collide with), or on a free loopback port, in
// plain TCP or TLS with a certificate made here and now (nothing committed), with an ACL user when
// asked.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import type { SessionStore } from '../session-store.ts';

/** What the tests ask Redis directly. */
export interface AdminClient {
  keys(pattern: string): Promise<string[]>;
  pTTL(key: string): Promise<number>;
  info(section: string): Promise<unknown>;
  ping(): Promise<unknown>;
  destroy(): void;
}

export interface RedisServer {
  /** A URL for the proxy's store, with the ACL user's credentials when there is one. */
  url: string;
  /** The CA that signed a TLS server's certificate (PEM). */
  ca?: string;
  /** A client for the test itself (the `default` user, which has no password). */
  admin(): Promise<AdminClient>;
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
  const child = spawn(findRedisServer(), [path.join(dir, 'redis.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      // oxlint-disable-next-line no-await-in-loop -- polling until the server answers
      const probe = await admin();
      // oxlint-disable-next-line no-await-in-loop -- as above
      await probe.ping();
      probe.destroy();
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
  return {
    url,
    ...(ca ? { ca } : {}),
    admin,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
