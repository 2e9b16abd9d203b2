import { createServer } from 'node:net';

/**
 * A loopback port nobody holds right now (the OS picks it): for a server that must stop and start
 * again on the same port, or a port that must refuse connections.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
