// A loopback TCP relay in front of the run's shared Redis or PostgreSQL, for a test that stalls,
// cuts or counts the connections of its store: that test acts on its relay, and every other test
// file keeps using the same server undisturbed. So a run needs one PostgreSQL cluster and one
// Redis, however many outages its tests play.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Relay {
  port: number;
  /** Stalls every connection, open and new: they stay open and nothing passes (a SIGSTOP's effect). */
  pause(): void;
  resume(): void;
  /** Cuts every open connection and refuses new ones (a server that went down). */
  cut(): Promise<void>;
  /** Accepts connections again on the same port (the server back, with its data). */
  restore(): Promise<void>;
  /** Connections open through the relay right now. */
  open(): number;
  close(): Promise<void>;
}

/** One client's connection and the relay's own connection to the server for it. */
interface Pair {
  client: Socket;
  server: Socket;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('the relay has no port'));
      else resolve(address.port);
    });
  });
}

function closed(server: Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** A relay to `target` (a loopback port or a unix socket) on a free loopback port. */
export async function startRelay(target: { port: number } | { path: string }): Promise<Relay> {
  const pairs = new Set<Pair>();
  let paused = false;
  const onConnection = (client: Socket) => {
    const server =
      'path' in target ? createConnection(target.path) : createConnection(target.port, '127.0.0.1');
    const pair = { client, server };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) socket.once('close', end).on('error', end);
    // Plain 'data' handlers rather than pipe(): pipe's back-pressure would resume a paused side.
    client.on('data', (chunk: Buffer) => server.write(chunk));
    server.on('data', (chunk: Buffer) => client.write(chunk));
    if (paused) {
      client.pause();
      server.pause();
    }
  };
  let listener = createServer(onConnection);
  const port = await listen(listener, 0);
  const cut = async () => {
    const stopped = closed(listener);
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
    await stopped;
  };
  return {
    port,
    pause() {
      paused = true;
      for (const { client, server } of pairs) {
        client.pause();
        server.pause();
      }
    },
    resume() {
      paused = false;
      for (const { client, server } of pairs) {
        client.resume();
        server.resume();
      }
    },
    cut,
    async restore() {
      listener = createServer(onConnection);
      await listen(listener, port);
    },
    open: () => pairs.size,
    async close() {
      paused = false;
      await cut();
    },
  };
}
