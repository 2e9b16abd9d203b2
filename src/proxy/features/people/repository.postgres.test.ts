// The directory suite on a real PostgreSQL server that the test starts (Debian's binaries).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { directorySuite } from '../../testing/directory-suite.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { openStore, type Store } from '../../core/store/engine.ts';

let server: PostgresServer;
let store: Store;
const key = randomBytes(32);

beforeAll(async () => {
  server = await startPostgresServer();
  store = await openStore({ databaseUrl: await server.createDatabase('people'), dataDir: '' });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await server?.destroy();
});

directorySuite('PostgreSQL', () => ({ db: store.db, key }));
