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
  const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections });
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
