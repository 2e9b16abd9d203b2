// The watcher on a real PostgreSQL server that the test starts (Debian's binaries), and the
// retention of what it keeps.
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../../core/store/engine.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { watchRetentionSuite } from '../../testing/watch-retention-suite.ts';
import { watchSuite } from '../../testing/watch-suite.ts';

let server: PostgresServer;
let store: Store;

beforeAll(async () => {
  server = await startPostgresServer();
  store = await openStore({ databaseUrl: await server.createDatabase('watch'), dataDir: '' });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await server?.destroy();
});

watchSuite('PostgreSQL', () => store);
watchRetentionSuite('PostgreSQL', () => store);
