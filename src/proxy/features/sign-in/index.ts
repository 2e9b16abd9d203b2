// What the sign-in feature offers the others: every other feature imports it from here (docs/architecture.md).
export type { CredentialCheck } from './client-credentials.ts';
export { createOidcClient } from './oidc-client.ts';
export type { SealedStore } from './organisation-transaction.ts';
export { clearFirstAdmin, createPersonSession, takeFirstAdmin } from './person-session.ts';
export type { PersonSessionDeps } from './person-session.ts';
export { wireSession } from './session-wire.ts';
