// A person's session begins (docs/decisions/0023): on the connection they last worked through, or
// their first; server-side like every session, the browser holding only its id. The person's
// connection secret stays in the database: the session holds no secret and no token yet (the first
// call asks the service for one with the connection's secret).
import { getCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { z } from 'zod';
import { recordOrganisationSignIn } from './audit-entries.ts';
import type { Ctx } from '../../core/http/context.ts';
import type { SessionCarrier } from '../../core/sessions/carrier.ts';
import { storeKey, type Session, type SessionManager } from '../../core/sessions/sessions.ts';
import type { AuditRecording } from '../audit/index.ts';
import type { AccessControl, PersonRecord, Granted, Directory } from '../people/index.ts';
import type { Identity } from './organisation.ts';
import type { SealedStore } from './organisation-transaction.ts';

/** What starting a person's session takes. */
export interface PersonSessionDeps extends AuditRecording {
  sessions: SessionManager;
  carrier: SessionCarrier;
  access: AccessControl;
  directory: Directory | undefined;
}

/** Starts the session and records the sign-in; the caller answers with it. */
export async function createPersonSession(
  deps: PersonSessionDeps,
  c: Ctx,
  record: PersonRecord,
  identity: Pick<Identity, 'issuer' | 'subject' | 'idToken' | 'sid'>,
): Promise<{ session: Session; access: Granted } | undefined> {
  const grant =
    record.grants.find((candidate) => candidate.connection.id === record.person.lastConnectionId) ??
    record.grants[0];
  if (!grant) return undefined;
  const { connection } = grant;
  // A new id at every sign-in; any session the browser held dies (session fixation, ASVS 5).
  const previous = deps.carrier.read(c);
  if (previous) await deps.sessions.destroy(previous);
  const session = await deps.sessions.create({
    environment: connection.environment,
    providerId: connection.providerId,
    clientId: connection.clientId,
    providerVerified: connection.providerVerified,
    person: {
      id: record.person.id,
      issuer: identity.issuer,
      subject: identity.subject,
      name: record.person.name,
      email: record.person.email,
    },
    connectionId: connection.id,
    // For RP-initiated logout (`id_token_hint`) and back-channel logout (`sid`).
    idToken: identity.idToken,
    providerSid: identity.sid,
  });
  await deps.directory?.setLastConnection(record.person.id, connection.id);
  deps.log.info(
    {
      event: 'login_succeeded',
      requestId: c.get('requestId'),
      method: 'organisation',
      environment: connection.environment,
    },
    'login succeeded',
  );
  await recordOrganisationSignIn(deps, c, { person: undefined, session, status: 200, code: null });
  const access = await deps.access.of(session);
  return access.kind === 'ended' ? undefined : { session, access };
}

/**
 * The callback's answer: the session cookie, then a same-origin page that moves on at once. (A
 * redirect would continue the provider's cross-site chain, and the SameSite=Strict cookie would
 * not go with it to the first page.)
 */
export async function enterConsole(
  c: Ctx,
  carrier: SessionCarrier,
  session: Session,
  returnTo: string,
): Promise<Response> {
  const response = await c.html(
    html`<!doctype html>
      <meta charset="utf-8" />
      <meta http-equiv="refresh" content="0;url=${returnTo}" />
      <title>Signing in…</title>
      <a href="${returnTo}">Continue</a>`,
  );
  carrier.issue(response, session.id);
  return response;
}

// The first admin (ADMIN_EMAILS) while no connection exists: who they are is kept for half an hour
// under a random id, in a cookie of its own, so that they can register the first connection.
const setupCookie = '__Host-provider-console-setup';
const setupMs = 30 * 60_000;
// The ID token and `sid` go along, so that the session the setup ends in can sign out as any other.
const setupSchema = z.object({
  personId: z.string(),
  issuer: z.string(),
  subject: z.string(),
  idToken: z.string().optional(),
  sid: z.string().optional(),
});
const setupKey = async (id: string) => `setup:${(await storeKey(id)).slice('session:'.length)}`;

export async function firstAdminCookie(
  deps: SealedStore,
  response: Response,
  personId: string,
  identity: Pick<Identity, 'issuer' | 'subject' | 'idToken' | 'sid'>,
): Promise<void> {
  const id = crypto.randomUUID() + crypto.randomUUID();
  const key = await setupKey(id);
  const { issuer, subject, idToken, sid } = identity;
  const value = JSON.stringify({ personId, issuer, subject, idToken, sid });
  await deps.store.set(key, await deps.box.seal(value, key), setupMs);
  response.headers.append(
    'set-cookie',
    `${setupCookie}=${id}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${setupMs / 1000}`,
  );
}

/** The first admin behind the request, taken once; undefined without a valid cookie. */
export async function takeFirstAdmin(deps: SealedStore, c: Ctx) {
  const id = getCookie(c, setupCookie);
  if (!id || !/^[0-9a-f-]{72}$/.test(id)) return undefined;
  const key = await setupKey(id);
  const sealed = await deps.store.get(key);
  if (sealed === undefined) return undefined;
  const opened = await deps.box.open(sealed, key);
  if (opened === undefined) return undefined;
  try {
    const parsed = setupSchema.safeParse(JSON.parse(opened));
    return parsed.success ? { ...parsed.data, forget: () => deps.store.delete(key) } : undefined;
  } catch {
    return undefined;
  }
}

export const clearFirstAdmin = (response: Response) =>
  response.headers.append(
    'set-cookie',
    `${setupCookie}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`,
  );
