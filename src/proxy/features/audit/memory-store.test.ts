import { auditStoreSuite } from '../../testing/audit-store-suite.ts';
import { createMemoryAuditStore } from './memory-store.ts';

const store = createMemoryAuditStore();
auditStoreSuite('memory', () => store);
