// Runs the proxy app on a Node HTTP server (the Node host, docs/decisions/0012): the raw request
// target and the client address go to the app beside the Request; Node's own refusals (400, 408,
// 431) get the security headers, a request id and a log line; and shutdown is bounded.
import { createServer, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { ProxyApp } from './app.ts';
import { clientAddressResolver } from './client-address.ts';
import type { Logger } from './context.ts';
import { problemBody } from './http-errors.ts';
import { securityHeaderLines } from './security-headers.ts';
import type { SessionStore } from './session-store.ts';

export interface RunningProxy {
  url: string;
  port: number;
  /** The address actually bound (the allowed host names follow it). */
  address: string;
  server: Server;
  /**
   * Stops: no new connections; requests in flight may finish within `graceMs`; then every
   * remaining connection is closed (a half-open client cannot hold the process), then the store.
   */
  close(graceMs?: number): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  trustedProxies?: readonly string[];
  logger?: Logger;
}

export async function listen(
  proxy: ProxyApp | ((address: string) => ProxyApp),
  store: SessionStore,
  options: ListenOptions,
): Promise<RunningProxy> {
  const clientAddress = clientAddressResolver(options.trustedProxies ?? []);
  let app: ProxyApp | undefined = typeof proxy === 'function' ? undefined : proxy;
  const listener = getRequestListener((request, env) => {
    if (!app) return new Response(null, { status: 503 });
    // This host serves HTTP/1.1 only: its incoming message is node:http's.
    const incoming = env.incoming as IncomingMessage;
    return app.app.fetch(request, { rawTarget: incoming.url, clientAddress: clientAddress(incoming) });
  });
  const server = createServer(listener);
  // Slow clients cannot hold a connection open forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  // CONNECT never reaches the app (Node emits it as an event): refuse it instead of dropping it.
  server.on('connect', (_request: unknown, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    refuse(error, socket, options.logger);
  });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
  if (typeof proxy === 'function') app = proxy(address.address);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    address: address.address,
    server,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Keep-alive connections with no request in flight would hold close() open.
        server.closeIdleConnections();
        // server.close() also stops Node's header and request timeouts: without this a client
        // that sent half a request would keep the process alive until it gave up.
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        const idle = setInterval(() => server.closeIdleConnections(), 200);
        await closed;
        clearTimeout(deadline);
        clearInterval(idle);
        await store.close();
      })();
      return closing;
    },
  };
}

/** Node's own refusal of a malformed request, with our headers, a request id and a log line. */
function refuse(error: NodeJS.ErrnoException, socket: Duplex, log: Logger | undefined): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code = status === 431 ? 'headers_too_large' : status === 408 ? 'request_timeout' : 'invalid_request';
  const detail =
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP.';
  const requestId = crypto.randomUUID();
  const body = JSON.stringify(problemBody(status, code, detail, requestId));
  const headers: [string, string][] = [
    ['content-type', 'application/problem+json'],
    ['content-length', String(Buffer.byteLength(body))],
    ['connection', 'close'],
    ['x-request-id', requestId],
    ...securityHeaderLines(),
  ];
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`,
  );
  log?.info(
    { event: 'request', requestId, route: null, status, ms: 0, reason: error.code ?? 'client_error' },
    'request',
  );
}
