// Sign-in and sign-out in the audit log (docs/decisions/0018): every sign-in the service was asked
// about, accepted or refused (never its secret), and every sign-out. A refused sign-in has no
// verified owner (the credentials' provider is unknown), so only the database's operators read it.
import type { Ctx } from '../../core/http/context.ts';
import {
  actorOf,
  ownerOf,
  recordEntries,
  requestFields,
  type AuditRecording,
  type SessionIdentity,
} from '../audit/index.ts';

export interface SignInAttempt {
  environment: string;
  providerId: number;
  clientId: string;
  method: 'credentials' | 'demo';
}

/** What a sign-in came to: accepted (with whether its provider was verified) or refused with a code. */
export type SignInOutcome = { status: 200; providerVerified: boolean } | { status: number; code: string };

export async function recordSignIn(
  deps: AuditRecording,
  c: Ctx,
  attempt: SignInAttempt,
  outcome: SignInOutcome,
) {
  const accepted = 'providerVerified' in outcome;
  const identity: SessionIdentity = {
    ...attempt,
    providerVerified: accepted && outcome.providerVerified,
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
      outcome: { status: outcome.status, code: 'code' in outcome ? outcome.code : null },
      detail: {
        method: attempt.method,
        ...(accepted ? { providerVerified: identity.providerVerified } : {}),
      },
    },
  ]);
}

/** A sign-out; `detail.by` says when the provider ended it (back-channel logout). */
export async function recordSignOut(
  deps: AuditRecording,
  c: Ctx,
  session: SessionIdentity,
  status: number,
  detail: { by?: 'provider' } = {},
) {
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
      detail,
    },
  ]);
}

/**
 * An organisation sign-in (docs/decisions/0023): accepted with the connection the session works
 * through, or refused with why (the person, when the provider said who it was). A refused one has
 * no owner and no environment ('none'): the database's operators read it, no console does.
 */
export async function recordOrganisationSignIn(
  deps: AuditRecording,
  c: Ctx,
  attempt: {
    person: { subject: string; name: string | null; email: string } | undefined;
    session: SessionIdentity | undefined;
    status: number;
    code: string | null;
  },
) {
  const { session } = attempt;
  await recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: session?.environment ?? 'none',
      actor: session
        ? actorOf(session)
        : { kind: 'person', providerId: null, clientId: null, person: attempt.person },
      ownerProviderId: session ? ownerOf(session) : null,
      action: 'auth.sign_in',
      centreId: session?.providerId ?? null,
      subject: null,
      outcome: { status: attempt.status, code: attempt.code },
      detail: { method: 'organisation' },
    },
  ]);
}
