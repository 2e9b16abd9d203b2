// Prometheus's /metrics on a listener of its own (issue 49, item 2, as oauth2-proxy's
// --metrics-address): METRICS_PORT, bound to loopback unless METRICS_HOST says otherwise, so that
// the console's origin never exposes it and a scraper reaches it on the machine or the pod.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(
  registry: Registry,
  where: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
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
