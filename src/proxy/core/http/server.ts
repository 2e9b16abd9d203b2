// Runs the proxy app on a Node HTTP server (the Node host, docs/decisions/0012): the raw request
// target and the client address go to the app beside the Request; Node's own refusals (400, 408,
// 431) get the app's security headers (security-headers.ts), a request id and a log line;
// connections are bounded (`maxConnections`, docs/decisions/0020); and shutdown is bounded.
import { createServer, ServerResponse, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ProxyEnv, Logger } from './context.ts';
import { clientAddressResolver } from './client-address.ts';
import { errorFacts } from '../log/error-codes.ts';
import { problemBody, type ProblemCode } from './problems.ts';
import { securityHeaderLines } from './security-headers.ts';
import type { SessionStore } from '../sessions/store.ts';

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

/** A Node handler served under a path prefix before the app (the embedded demo provider at /oidc). */
export interface NodeMount {
  prefix: string;
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** The app to serve (app.ts's `createProxyApp`), and the Node handlers mounted before it. */
export type Listening = { app: Hono<ProxyEnv>; mounts?: readonly NodeMount[] };

export interface ListenOptions {
  host: string;
  port: number;
  trustedProxies?: readonly string[];
  logger?: Logger;
  /** Connections open at once; past it a new one is closed as soon as it is accepted. */
  maxConnections?: number;
}

/** Connections open at once by default (`MAX_CONNECTIONS`; docs/decisions/0020). */
export const defaultMaxConnections = 512;

/**
 * The Node host's end of an answer cut short while streamed (the app's `cutConnection`): the
 * connection is destroyed here, so that the browser sees it broken and the dependency that writes
 * the stream never meets an error to print (its plain "The user aborted a request." line); the app
 * logs the cut through pino (docs/decisions/0020).
 */
export function cutConnection(connection: unknown): boolean {
  if (!(connection instanceof ServerResponse)) return false;
  connection.destroy();
  return true;
}

export async function listen(
  proxy: Listening | ((address: string, port: number) => Listening),
  store: SessionStore,
  options: ListenOptions,
): Promise<RunningProxy> {
  const clientAddress = clientAddressResolver(options.trustedProxies ?? []);
  const early: Early = { log: options.logger, headers: await securityHeaderLines() };
  let app: Listening | undefined = typeof proxy === 'function' ? undefined : proxy;
  const listener = getRequestListener(
    (request, env) => {
      if (!app) return new Response(null, { status: 503 });
      // This host serves HTTP/1.1 only: its incoming message is node:http's.
      const incoming = env.incoming as IncomingMessage;
      // Worked out when read (the login limiter, the audit), not for every forwarded call: reading
      // X-Forwarded-For against the trusted list cost a few µs a request (issue 48 item 6).
      let address: ReturnType<typeof clientAddress> | undefined;
      const resolved = () => (address ??= clientAddress(incoming));
      return app.app.fetch(request, {
        rawTarget: incoming.url,
        get clientAddress() {
          return resolved().limiter;
        },
        get remoteAddress() {
          return resolved().remote;
        },
        connection: env.outgoing,
      });
    },
    {
      // A request no Request can be made of (a backslash in the target, a bad or missing Host):
      // refused here, with our headers, a request id and a log line.
      errorHandler: (error) => {
        const cause = error instanceof Error ? error : new Error('unreadable request');
        const refusal = refusalOf(400, 'invalid_request', 'The request is not valid HTTP.', cause, early);
        return new Response(refusal.body, { status: 400, headers: refusal.headers });
      },
    },
  );
  const mounted = (request: IncomingMessage) =>
    app?.mounts?.find((mount) => request.url === mount.prefix || request.url?.startsWith(`${mount.prefix}/`));
  // A missing Host goes to the error handler above rather than to Node's bare 400.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    const mount = mounted(request);
    if (!mount) return listener(request, response);
    return mount.handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Something went wrong.');
    });
  });
  // Each connection holds a file descriptor, and a request in flight may hold a second upstream:
  // past this many, new connections are closed at once instead of failing everything with EMFILE.
  server.maxConnections = options.maxConnections ?? defaultMaxConnections;
  // Slow clients cannot hold a connection open forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  // CONNECT never reaches the app (Node emits it as an event): refuse it instead of dropping it.
  server.on('connect', (_request: unknown, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    refuse(error, socket, early);
  });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
  if (typeof proxy === 'function') app = proxy(address.address, address.port);
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

/** What a refusal made before the app needs: the log, and the app's security headers as lines. */
interface Early {
  log: Logger | undefined;
  headers: [string, string][];
}

/** Node's own refusal of a malformed request, with our headers, a request id and a log line. */
function refuse(error: NodeJS.ErrnoException, socket: Duplex, early: Early): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const refusal =
    status === 431
      ? refusalOf(431, 'headers_too_large', 'The request headers are too large.', error, early)
      : status === 408
        ? refusalOf(408, 'request_timeout', 'The request took too long to arrive.', error, early)
        : refusalOf(400, 'invalid_request', 'The request is not valid HTTP.', error, early);
  const head = refusal.headers.map(([name, value]) => `${name}: ${value}`).join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${refusal.body}`);
}

/** A refusal made before the app: its problem body and headers, logged as one request line. */
function refusalOf(
  status: number,
  code: ProblemCode,
  detail: string,
  error: Error & { code?: string },
  early: Early,
): { body: string; headers: [string, string][] } {
  const requestId = crypto.randomUUID();
  const body = JSON.stringify(problemBody(status, code, detail, requestId));
  early.log?.info(
    {
      event: 'request',
      requestId,
      route: null,
      status,
      ms: 0,
      // docs/decisions/0020: Node's code for the refusal, never its message.
      reason: error.code ?? 'unreadable_request',
      errorClass: errorFacts(error).errorClass,
    },
    'request',
  );
  return {
    body,
    headers: [
      ['content-type', 'application/problem+json'],
      ['content-length', String(Buffer.byteLength(body))],
      ['connection', 'close'],
      ['x-request-id', requestId],
      ...early.headers,
    ],
  };
}
