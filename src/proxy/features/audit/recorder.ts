// The audit log's writer (docs/decisions/0018). Every change made through the proxy becomes
// entries: sign-in and sign-out (features/sign-in/routes.ts calls `recordEntries`), and, around /api, each
// forwarded call of a changing operation (this middleware). An entry is written once the answer
// is known and before it leaves; a log that cannot be written never changes the answer (the
// service may have acted), and is reported in the proxy's log instead.
import { createMiddleware } from 'hono/factory';
import type { AuditAction } from '../../../proxy-api/activity.ts';
import {
  concat,
  type Ctx,
  type Logger,
  type ProxyEnv,
  type SessionIdentity,
} from '../../core/http/context.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import type { OperationId } from '../../core/upstream/operations.ts';
import {
  answerPrefixBytes,
  centreCreatedPart,
  contractEventPart,
  credentialsRevealedPart,
  doctorParts,
  readAnswer,
  type EntryPart,
} from './details.ts';
import type { AuditActor, AuditScope, AuditStore, NewAuditEntry } from './store.ts';

/** The operations that change something (or reveal a secret): each forwarded call is recorded. */
export const recordedOperations: ReadonlyMap<OperationId, AuditAction> = new Map([
  ['registerDoctors', 'doctor.register'],
  ['createChildCenter', 'centre.create'],
  ['getChildCenterCredentials', 'centre.credentials_reveal'],
  ['sendPartnerWebhook', 'contract.event'],
]);

export interface AuditRecording {
  audit: AuditStore;
  now: () => number;
  log: Logger;
}

export type { SessionIdentity } from '../../core/http/context.ts';

export const actorOf = (
  session: Pick<SessionIdentity, 'providerId' | 'clientId' | 'person' | 'connectionId'>,
): AuditActor =>
  session.person
    ? {
        kind: 'person',
        providerId: session.providerId,
        clientId: session.clientId,
        person: { subject: session.person.subject, name: session.person.name, email: session.person.email },
        connectionId: session.connectionId ?? null,
      }
    : { kind: 'client', providerId: session.providerId, clientId: session.clientId };

/** The provider that owns the session's credentials: its label, once the login verified it. */
export const ownerOf = (session: SessionIdentity) => (session.providerVerified ? session.providerId : null);

/** Whose log a session reads (AuditScope). */
export const scopeOf = (session: SessionIdentity): AuditScope =>
  session.providerVerified
    ? { environment: session.environment, ownerProviderId: session.providerId }
    : { environment: session.environment, unverifiedClientId: session.clientId };

/** The request's own fields of an entry: its id, the client's address and user agent. */
export function requestFields(c: Ctx, now: () => number) {
  const agent = c.req.header('user-agent');
  return {
    at: now(),
    requestId: c.get('requestId'),
    clientAddress: c.env?.remoteAddress ?? c.env?.clientAddress ?? null,
    userAgent: agent ? agent.slice(0, 300) : null,
  };
}

/**
 * The `access.denied` entry of a refused request (docs/decisions/0023): who asked, for what, and
 * the answer they got, never what the refusal protects.
 */
export function deniedEntry(
  c: Ctx,
  now: () => number,
  session: SessionIdentity,
  refusal: { status: number; code: string; centreId?: number | null; detail: Record<string, unknown> },
): NewAuditEntry {
  return {
    ...requestFields(c, now),
    environment: session.environment,
    actor: actorOf(session),
    ownerProviderId: ownerOf(session),
    action: 'access.denied',
    centreId: refusal.centreId ?? null,
    subject: null,
    outcome: { status: refusal.status, code: refusal.code },
    detail: { ...refusal.detail, method: c.req.method },
  };
}

/** What recording a refusal takes: the log, and the count of what the session had recorded. */
export interface DeniedRecording extends AuditRecording {
  store: SessionStore;
  /** Entries one session may have recorded per minute (gate.ts's count, docs/decisions/0018). */
  changesPerMinute: number;
}

/**
 * A refusal's `access.denied` entry, recorded within the session's bound on recorded entries (the
 * count its changes share, gate.ts): a session that keeps knocking cannot flood the log. Past the
 * bound the refusal is answered the same, and the proxy's log still has its line.
 */
export async function recordDenied(
  deps: DeniedRecording,
  c: Ctx,
  session: SessionIdentity & { key: string },
  refusal: Parameters<typeof deniedEntry>[3],
): Promise<void> {
  const { count } = await deps.store.hit(`audit-changes:${session.key}`, 60_000);
  if (count <= deps.changesPerMinute)
    await recordEntries(deps, c, [deniedEntry(c, deps.now, session, refusal)]);
}

/** Appends entries; a failure is logged with what was lost, and never thrown. */
export async function recordEntries(deps: AuditRecording, c: Ctx, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  try {
    await deps.audit.append(entries);
  } catch (error) {
    deps.log.error(
      {
        event: 'audit_not_recorded',
        requestId: c.get('requestId'),
        actions: [...new Set(entries.map((entry) => entry.action))].join(','),
        statuses: [...new Set(entries.map((entry) => entry.outcome.status))].join(','),
        error: error instanceof Error ? error.name : 'unknown',
      },
      'audit entry not recorded',
    );
  }
}

/**
 * At most `max` bytes of an answer, read from a copy: the answer itself still reaches the browser
 * whole, as it arrives (a 900 MB answer is never held here).
 */
export async function readPrefix(response: Response, max = answerPrefixBytes): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.clone().body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      // oxlint-disable-next-line no-await-in-loop -- a stream is read chunk by chunk
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The answer broke off: what arrived is what is read.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return concat(chunks, size).subarray(0, max);
}

async function partsOf(operation: OperationId, c: Ctx, body: Uint8Array | undefined): Promise<EntryPart[]> {
  const status = c.res.status;
  const ok = status >= 200 && status < 300;
  // 4.3 and 4.4 answer a secret: 4.4's success is never read, 4.3's only for the new centre's id.
  const readsAnswer = !(ok && operation === 'getChildCenterCredentials');
  const answer = readAnswer(readsAnswer ? await readPrefix(c.res) : undefined);
  const sent = body ?? new Uint8Array();
  if (operation === 'sendPartnerWebhook') {
    const part = await contractEventPart(sent, answer, status);
    return part ? [part] : [];
  }
  if (operation === 'registerDoctors') return doctorParts(sent, answer, status);
  if (operation === 'createChildCenter') return [centreCreatedPart(sent, answer, status)];
  return [credentialsRevealedPart(new URL(c.req.url).pathname, answer, status)];
}

/**
 * Around /api: the sub-app marks what it forwarded (`forwarded`, with the session); a call never
 * sent upstream (no session, not allowed, refused by the proxy) is no change and is not recorded.
 */
export const auditRecorder = (deps: AuditRecording) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    await next();
    const operation = c.get('operation') as OperationId | undefined;
    const forwarded = c.get('forwarded');
    const action = operation === undefined ? undefined : recordedOperations.get(operation);
    if (!operation || !action || !forwarded) return;
    const parts = await partsOf(operation, c, forwarded.body);
    const { at, requestId, clientAddress, userAgent } = requestFields(c, deps.now);
    const { session } = forwarded;
    await recordEntries(
      deps,
      c,
      parts.map((part): NewAuditEntry => ({
        at,
        requestId,
        clientAddress,
        userAgent,
        environment: session.environment,
        actor: actorOf(session),
        ownerProviderId: ownerOf(session),
        action,
        centreId: part.centreId,
        subject: part.subject,
        outcome: { status: c.res.status, code: part.code },
        detail: part.detail,
      })),
    );
  });
