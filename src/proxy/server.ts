// Runs the proxy app on a Node HTTP server, and stops it gracefully: on close, no new
// connections, requests in flight finish (issue 4: graceful SIGTERM), then the store closes.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import type { ProxyApp } from './app.ts';
import type { SessionStore } from './session-store.ts';

export interface RunningProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(
  proxy: ProxyApp,
  store: SessionStore,
  options: { host: string; port: number },
): Promise<RunningProxy> {
  let server: Server | undefined;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    const created = serve(
      { fetch: proxy.app.fetch, hostname: options.host, port: options.port },
      resolve,
    ) as Server;
    created.once('error', reject);
    server = created;
  });
  const running = server;
  if (!running) throw new Error('the server did not start');
  // CONNECT never reaches the app (Node emits it as an event): refuse it instead of dropping it.
  running.on('connect', (_request: unknown, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  // Slow clients cannot hold a connection open forever.
  running.headersTimeout = 20_000;
  running.requestTimeout = 30_000;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          // Keep-alive connections with no request in flight would hold close() open.
          running.closeIdleConnections();
        });
        await store.close();
      })();
      return closing;
    },
  };
}
