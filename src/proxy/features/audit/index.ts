// What the audit feature offers the others: every other feature imports it from here (docs/architecture.md).
export { admitChange } from './gate.ts';
export type { GateDeps } from './gate.ts';
export {
  actorOf,
  deniedEntry,
  ownerOf,
  recordEntries,
  recordedOperations,
  requestFields,
  scopeOf,
} from './recorder.ts';
export type { AuditRecording, SessionIdentity } from './recorder.ts';
export { rowOf } from './row.ts';
export { everyEntry } from './store.ts';
export type { AuditEntry, AuditFilter, AuditScope, AuditStore } from './store.ts';
