// Sign-in and sign-out in the audit log (docs/decisions/0018): every sign-in the service was asked
// about, accepted or refused (never its secret), and every sign-out. A refused sign-in has no
// verified owner (the credentials' provider is unknown), so only the database's operators read it.
import type { Ctx } from '../context.ts';
import {
  actorOf,
  ownerOf,
  recordEntries,
  requestFields,
  type AuditDeps,
  type SessionIdentity,
} from './recorder.ts';

export interface SignInAttempt {
  environment: string;
  providerId: number;
  clientId: string;
  method: 'credentials' | 'demo';
}

/** Reads the outcome from the answer the proxy made (its own small JSON body). */
export async function recordSignIn(deps: AuditDeps, c: Ctx, attempt: SignInAttempt, response: Response) {
  let body: { code?: unknown; providerVerified?: unknown } = {};
  try {
    body = (await response.clone().json()) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  const accepted = response.status === 200;
  const identity: SessionIdentity = {
    ...attempt,
    providerVerified: accepted && body.providerVerified === true,
  };
  await recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: attempt.environment,
      actor: actorOf(attempt),
      ownerProviderId: accepted ? ownerOf(identity) : null,
      action: 'auth.sign_in',
      centreId: attempt.providerId,
      subject: null,
      outcome: {
        status: response.status,
        code: !accepted && typeof body.code === 'string' ? body.code : null,
      },
      detail: {
        method: attempt.method,
        ...(accepted ? { providerVerified: identity.providerVerified } : {}),
      },
    },
  ]);
}

export async function recordSignOut(deps: AuditDeps, c: Ctx, session: SessionIdentity, status: number) {
  await recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: session.environment,
      actor: actorOf(session),
      ownerProviderId: ownerOf(session),
      action: 'auth.sign_out',
      centreId: session.providerId,
      subject: null,
      outcome: { status, code: null },
      detail: {},
    },
  ]);
}
