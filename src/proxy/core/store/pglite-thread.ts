// The embedded engine's own thread (docs/decisions/0018, "PGlite off the proxy's thread"). PGlite
// runs a query to its end on the thread that calls it: in the proxy's thread, a page of the audit
// log or a watcher's refresh over 10,000 centres held every other request until it finished. Here
// it runs in a worker thread and speaks PostgreSQL's wire protocol on a unix socket
// (`@electric-sql/pglite-socket`), and the proxy reaches it with `pg`, as it reaches a server.
// The socket's folder is private to this user (0700), so no other local user can connect.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DatabaseStartError } from './errors.ts';
import { openPglite } from './pglite.ts';

/** What the proxy's thread sends (engine.ts). */
export interface ThreadData {
  dataDir: string;
  socketPath: string;
  maxConnections: number;
}
/** What this thread answers once: ready, or why it could not start. */
export type ThreadReply = { ready: true } | { ready: false; startError: boolean; detail: string };
/** What the proxy's thread asks later: stop, or a dump of the running database (an online backup). */
export type ThreadRequest = 'stop' | { dump: number };
/** A dump's answer: PGlite's gzipped tarball of the cluster, or why it failed. */
export type DumpReply = { dump: number; bytes: ArrayBuffer } | { dump: number; error: string };

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread (engine.ts starts it)');
const { dataDir, socketPath, maxConnections } = workerData as ThreadData;

try {
  const pglite = await openPglite(dataDir);
  const server = new PGLiteSocketServer({ db: batchesWhole(pglite), path: socketPath, maxConnections });
  await server.start();
  port.on('message', (request: ThreadRequest) => {
    if (request !== 'stop') {
      void dump(pglite, port, request.dump);
      return;
    }
    // Stopped by the proxy (engine.ts `close`): the socket first, then the files flushed and closed.
    void (async () => {
      await server.stop().catch(() => {});
      await pglite.close().catch(() => {});
      port.close();
    })();
  });
  port.postMessage({ ready: true } satisfies ThreadReply);
} catch (error) {
  const start = error instanceof DatabaseStartError;
  const message = error instanceof Error ? error.message : String(error);
  port.postMessage({
    ready: false,
    startError: start,
    // openPglite's errors name DATA_DIR already; engine.ts names it again for the rest.
    detail: start ? message.replace(/^DATA_DIR: /, '') : message,
  } satisfies ThreadReply);
  port.close();
}

/** Parse, Bind, Describe, Execute, Close and Flush: a batch that only its Sync ends. */
const BATCH_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));

/**
 * The engine as pglite-socket sees it, with each extended-protocol batch kept whole. The socket
 * server runs one wire message at a time from whichever connection sent it, and keeps to one
 * connection only while `isInTransaction()` (electric-sql/pglite#1046, still so in 0.2.18). A
 * batch (Parse, Bind, Execute, Sync) is no transaction between its messages, so another
 * connection's Parse replaced the unnamed statement before this one's Bind: "bind message supplies
 * 7 parameters, but prepared statement "" requires 5" lost alert messages and refreshes (the
 * watcher's pool and the store's are two), and statements of the same shape would have answered
 * with each other's rows. Here a batch counts as a transaction from its first message until its
 * Sync, so the server waits for the rest of it from the same connection.
 */
function batchesWhole(pglite: PGlite): PGlite {
  let batchOpen = false;
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'isInTransaction') return () => batchOpen || target.isInTransaction();
      if (property === 'execProtocolRawStream')
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          batchOpen = BATCH_MESSAGES.has(message[0] ?? 0);
          return target.execProtocolRawStream(message, options);
        };
      const value: unknown = Reflect.get(target, property, target);
      // Its own methods on itself: PGlite keeps its state in private fields, which a proxy lacks.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * An online backup (issue 49, item 5): PGlite's `dumpDataDir` holds its query lock while it reads
 * the cluster's files, so no statement runs half-way through it; the checkpoint before writes the
 * buffers out, so that the copy opens with little WAL to replay. A transaction still open then is
 * not in it (its commit comes after), as in a pg_dump's snapshot.
 */
async function dump(pglite: PGlite, to: MessagePort, id: number): Promise<void> {
  try {
    await pglite.exec('CHECKPOINT');
    const tarball = await pglite.dumpDataDir('gzip');
    const bytes = await tarball.arrayBuffer();
    to.postMessage({ dump: id, bytes } satisfies DumpReply, [bytes]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port has no target origin
    to.postMessage({ dump: id, error: message } satisfies DumpReply);
  }
}
