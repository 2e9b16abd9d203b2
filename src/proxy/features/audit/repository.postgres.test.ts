// The audit store suite on a real PostgreSQL server that the test starts (Debian's binaries).
import { afterAll, beforeAll } from 'vitest';
import type { AuditStore } from './store.ts';
import { auditStoreJsonSuite, auditStoreSuite } from '../../testing/audit-store-suite.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { createSqlAuditStore } from './repository.ts';
import { openStore, type Store } from '../../core/store/engine.ts';

let server: PostgresServer;
let store: Store;
let audit: AuditStore;

beforeAll(async () => {
  server = await startPostgresServer();
  store = await openStore({ databaseUrl: await server.createDatabase('audit'), dataDir: '' });
  audit = createSqlAuditStore(store.db, store.ping);
}, 120_000);

afterAll(async () => {
  await store?.close();
  await server?.destroy();
});

auditStoreSuite('PostgreSQL', () => audit);
auditStoreJsonSuite('PostgreSQL', () => audit);
