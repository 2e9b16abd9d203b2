// Whose index a session reads (docs/decisions/0024): the audit log's scope (features/audit/recorder.ts), the
// environment and the provider that owns the session's credentials, so that another parent's
// centre is never served. A login whose provider could not be confirmed (D3 development) is kept
// apart under its client id and the provider id it claimed.
import { scopeOf, type SessionIdentity } from '../audit/index.ts';

export function centreScope(session: SessionIdentity): string {
  const scope = scopeOf(session);
  return 'ownerProviderId' in scope
    ? `${scope.environment}:owner:${scope.ownerProviderId}`
    : `${scope.environment}:client:${session.providerId}:${encodeURIComponent(scope.unverifiedClientId)}`;
}
