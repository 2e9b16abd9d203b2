// What the audit feature offers the others: every other feature imports it from here (docs/architecture.md).
export { admitChange, admitRead } from './gate.ts';
export type { GateDeps } from './gate.ts';
export {
  actorOf,
  deniedEntry,
  ownerOf,
  recordDenied,
  recordEntries,
  recordedOperations,
  requestFields,
  scopeOf,
} from './recorder.ts';
export type { AuditRecording, DeniedRecording, SessionIdentity } from './recorder.ts';
export { rowOf } from './row.ts';
export { cursorText, everyEntry, parseCursor } from './store.ts';
export type { AuditCursor, AuditEntry, AuditFilter, AuditScope, AuditStore } from './store.ts';
