// Prometheus's /metrics on a listener of its own (issue 49, item 2, as oauth2-proxy's
// --metrics-address): METRICS_PORT, bound to loopback unless METRICS_HOST says otherwise, so that
// the console's origin never exposes it and a scraper reaches it on the machine or the pod.
// The embedded database's online backup is asked for here too (`POST /backup`, item 5; `npm run
// backup` calls it): only from this machine, whatever METRICS_HOST opens to scrapers.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { isLoopbackHost } from '../../core/http/loopback.ts';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** The embedded database's dump while it runs (core/store/engine.ts `dump`); unset on a server. */
export type OnlineBackup = () => Promise<Uint8Array>;

export async function startMetricsServer(
  registry: Registry,
  where: { host: string; port: number },
  backup?: () => OnlineBackup | undefined,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'POST' && path === '/backup') {
      answerBackup(request, response, backup?.());
      return;
    }
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The dump, to a caller on this machine only (loopback, or this host's own address when
 * METRICS_HOST binds one): it holds every person, connection and audit entry. `x-proxy-pid` lets
 * `npm run backup` check it asked the process that holds DATA_DIR.
 */
function answerBackup(request: IncomingMessage, response: ServerResponse, dump: OnlineBackup | undefined) {
  const { remoteAddress, localAddress } = request.socket;
  const local =
    remoteAddress !== undefined && (remoteAddress === localAddress || isLoopbackHost(remoteAddress));
  if (!local) {
    response
      .writeHead(403, { 'content-type': 'text/plain' })
      .end('backups are asked for from this machine only\n');
    return;
  }
  if (!dump) {
    response
      .writeHead(409, { 'content-type': 'text/plain' })
      .end('no embedded database here: back up DATABASE_URL with npm run backup (pg_dump)\n');
    return;
  }
  dump().then(
    (bytes) =>
      response
        .writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': String(bytes.byteLength),
          'x-proxy-pid': String(process.pid),
        })
        .end(bytes),
    () => response.writeHead(500, { 'content-type': 'text/plain' }).end('the dump failed\n'),
  );
}
