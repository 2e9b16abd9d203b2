// A redis-server process for the tests: Debian's binary (installed by .ci/run), its configuration
// for the listeners asked (unix socket, TCP, TLS with a certificate made here and now, nothing
// committed) and a client for the test itself. redis-server.ts hands these out.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'redis';

/** What the tests ask Redis directly. */
export interface AdminClient {
  keys(pattern: string): Promise<string[]>;
  pTTL(key: string): Promise<number>;
  info(section: string): Promise<unknown>;
  ping(): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  destroy(): void;
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

/** A self-signed certificate for 127.0.0.1 and `names`, made with openssl in `dir`. */
export function makeCertificate(dir: string, names = ['localhost']): { cert: string; key: string } {
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
      `subjectAltName=IP:127.0.0.1,${names.map((name) => `DNS:${name}`).join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** Where a client reaches a server. */
export type RedisAddress =
  | { transport: 'unix'; socket: string }
  | { transport: 'tcp'; port: number }
  | { transport: 'tls'; port: number; ca: string };

export type User = { name: string; password: string };

export async function connectAdmin(address: RedisAddress, database = 0): Promise<AdminClient> {
  const socket =
    address.transport === 'unix'
      ? { path: address.socket }
      : address.transport === 'tls'
        ? { host: '127.0.0.1', port: address.port, tls: true as const, ca: address.ca }
        : { host: '127.0.0.1', port: address.port };
  const client = createClient({ socket: { ...socket, reconnectStrategy: false }, database });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Writes `dir`'s redis.conf and ACL file for the listeners asked; a TLS listener gets a certificate
 * made now, whose PEM is returned as the CA.
 */
export function writeRedisConfig(
  dir: string,
  listen: { socket?: string; port?: number; tlsPort?: number; databases?: number },
  user?: User,
): { ca?: string } {
  const lines = [
    `dir ${dir}`,
    'save ""',
    'appendonly no',
    'bind 127.0.0.1',
    `aclfile ${path.join(dir, 'users.acl')}`,
  ];
  lines.push(`port ${listen.port ?? 0}`, `databases ${listen.databases ?? 16}`);
  const acl = ['user default on nopass ~* &* +@all'];
  if (user) acl.push(`user ${user.name} on >${user.password} ~* &* +@all`);
  writeFileSync(path.join(dir, 'users.acl'), `${acl.join('\n')}\n`);
  if (listen.socket) lines.push(`unixsocket ${listen.socket}`, 'unixsocketperm 700');
  let ca: string | undefined;
  if (listen.tlsPort) {
    const certificate = makeCertificate(dir);
    ca = readFileSync(certificate.cert, 'utf8');
    lines.push(
      `tls-port ${listen.tlsPort}`,
      `tls-cert-file ${certificate.cert}`,
      `tls-key-file ${certificate.key}`,
      `tls-ca-cert-file ${certificate.cert}`,
      'tls-auth-clients no',
    );
  }
  writeFileSync(path.join(dir, 'redis.conf'), `${lines.join('\n')}\n`);
  return ca ? { ca } : {};
}

/** Starts redis-server on `dir`'s redis.conf and waits until `address` answers. */
export async function spawnRedis(dir: string, address: RedisAddress): Promise<ChildProcess> {
  const started = spawn(findRedisServer(), [path.join(dir, 'redis.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Generous: on a machine shared by several full test runs it once took longer than 10 s.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      // oxlint-disable-next-line no-await-in-loop -- polling until the server answers
      const probe = await connectAdmin(address);
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
}

/** Stops a redis-server process and waits for it to exit. */
export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
