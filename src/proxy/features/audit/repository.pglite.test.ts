// The audit store suite on the embedded engine (PGlite), one database for the whole file: making
// one costs seconds and hundreds of MB (docs/decisions/0018).
import { afterAll, beforeAll } from 'vitest';
import type { AuditStore } from './store.ts';
import { auditStoreJsonSuite, auditStoreSuite } from '../../testing/audit-store-suite.ts';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { createSqlAuditStore } from './repository.ts';
import { openStore, type Store } from '../../core/store/engine.ts';

let store: Store;
let audit: AuditStore;
let remove: () => void;

beforeAll(async () => {
  const data = await freshDataDir();
  remove = data.remove;
  store = await openStore({ dataDir: data.dir });
  audit = createSqlAuditStore(store.db, store.ping);
}, 120_000);

afterAll(async () => {
  await store.close();
  remove();
});

auditStoreSuite('PGlite', () => audit);
auditStoreJsonSuite('PGlite', () => audit);
