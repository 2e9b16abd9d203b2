// One call upstream with a session's token (docs/decisions/0005): renewed when due, and on a 401
// renewed once (shared) and replayed once; a second 401 ends the session. Used by /api, which
// forwards the spec's operations, and by the centre index (centres-routes.ts), which reads 4.5 for
// itself. What fails is thrown as the proxy's refusal (refusal.ts); what comes back is the answer.
import type { Ctx, Logger } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { failureFields, type Failure } from '../../core/log/error-codes.ts';
import type { SessionCarrier } from '../../core/sessions/carrier.ts';
import type { Session, SessionManager } from '../../core/sessions/sessions.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import type { OperationId } from '../../core/upstream/operations.ts';
import type { Renewal, TokenRenewal } from '../../core/upstream/token-renewal.ts';
import {
  callUpstream,
  type FetchLike,
  type StreamedOutcome,
  type StreamWhen,
  type UpstreamOutcome,
} from '../../core/upstream/upstream.ts';
import { type AccessControl, unauthenticated, type Granted, type Directory } from '../people/index.ts';

export interface SessionCallDeps {
  log: Logger;
  now: () => number;
  sessions: SessionManager;
  renew: TokenRenewal;
  /** Clears the cookie of a session that ends here. */
  carrier: SessionCarrier;
  /** A connection whose secret the service refuses is flagged here (docs/decisions/0023). */
  access: AccessControl;
  directory: Directory | undefined;
  transportOf(env: EnvironmentConfig): FetchLike;
  apiTimeoutMs: number;
  /** The largest upstream answer taken, read whole or streamed (docs/decisions/0020). */
  maxAnswerBytes: number;
}

export interface SessionCall {
  method: string;
  url: string;
  body?: Uint8Array | undefined;
  /** Headers beyond the bearer and `accept` (the browser's language, its entity tag). */
  headers?: Record<string, string>;
  /** Which answers to pass on as a stream (unset: every answer is read whole). */
  streamWhen?: StreamWhen;
}

/** What came back from the service: read whole, or passed on as a stream. */
export type SessionAnswer = Extract<UpstreamOutcome, { kind: 'response' }> | StreamedOutcome;

async function sessionEnded(deps: SessionCallDeps, c: Ctx, session: Session, reason: string): Promise<never> {
  await deps.sessions.end(session);
  deps.log.info({ event: 'session_ended', requestId: c.get('requestId'), reason }, 'session ended');
  return unauthenticated(deps.carrier, 'expired');
}

async function connectionRefused(deps: SessionCallDeps, c: Ctx, connectionId: string): Promise<never> {
  const connection = (await deps.access.connections()).find((candidate) => candidate.id === connectionId);
  const label = connection?.label ?? 'this connection';
  if (connection && connection.refusedAt === null && deps.directory) {
    await deps.directory.markRefused(connectionId, deps.now());
    await deps.access.changed('connections');
  }
  deps.log.warn(
    { event: 'connection_refused', requestId: c.get('requestId'), connectionId },
    'the service refused a connection secret',
  );
  return refuse(
    502,
    'connection_refused',
    `The service no longer accepts the credentials of ${label}. An admin of ${label} must replace its secret on the Connections screen.`,
  );
}

async function renewalFailed(
  deps: SessionCallDeps,
  c: Ctx,
  session: Session,
  { outcome }: Extract<Renewal, { kind: 'failed' }>,
): Promise<never> {
  // A person's connection whose secret the service no longer accepts: flagged for its admins, and
  // named to whoever works through it; the person's session goes on (docs/decisions/0023).
  if (outcome.kind === 'invalid_credentials' && session.person && session.connectionId !== undefined)
    return connectionRefused(deps, c, session.connectionId);
  if (outcome.kind === 'timeout') refuse(504, 'upstream_timeout', 'The service did not answer in time.');
  if (outcome.kind === 'unavailable' || outcome.kind === 'bad_response') {
    deps.log.warn(
      { event: 'token_renewal_failed', requestId: c.get('requestId'), ...failureFields(outcome) },
      'token renewal failed',
    );
    refuse(
      502,
      outcome.kind === 'unavailable' ? 'upstream_unavailable' : 'upstream_bad_response',
      'The service cannot be reached.',
    );
  }
  // The credentials no longer work (or the session vanished): the session ends here.
  return sessionEnded(deps, c, session, 'token renewal refused');
}

function unreachable(log: Logger, c: Ctx, operation: OperationId, failed: Failure): never {
  log.warn(
    { event: 'upstream_unreachable', requestId: c.get('requestId'), operation, ...failureFields(failed) },
    'upstream unreachable',
  );
  if (failed.reason === 'answer_too_large')
    refuse(502, 'upstream_bad_response', 'The service sent an answer larger than the proxy takes.');
  return refuse(502, 'upstream_unavailable', 'The service cannot be reached.');
}

function send(deps: SessionCallDeps, env: EnvironmentConfig, call: SessionCall, bearer: string) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${bearer}`,
    ...call.headers,
  };
  if (call.body) headers['content-type'] = 'application/json';
  const init = { method: call.method, headers, body: call.body };
  const transport = deps.transportOf(env);
  return call.streamWhen
    ? callUpstream(transport, call.url, init, deps.apiTimeoutMs, {
        streamWhen: call.streamWhen,
        maxBytes: deps.maxAnswerBytes,
      })
    : callUpstream(transport, call.url, init, deps.apiTimeoutMs, { maxBytes: deps.maxAnswerBytes });
}

/**
 * Sends `call` with the session's token and answers what came back, or throws the refusal.
 * `on.before` runs once the token is known and before the first send (the audit recorder's mark,
 * /api). `on.access` is what authorize() granted: a connection flagged as refused is cleared once
 * the service takes its secret again. Never retried after a timeout or a 5xx: the upstream may have
 * acted on it.
 */
export async function callWithSession(
  deps: SessionCallDeps,
  c: Ctx,
  initial: Session,
  env: EnvironmentConfig,
  operation: OperationId,
  call: SessionCall,
  on: { before?: (session: Session) => void; access?: Granted } = {},
): Promise<SessionAnswer> {
  const { before, access } = on;
  let session = initial;
  let token = await deps.sessions.tokenOf(session);
  if (token === undefined || deps.sessions.tokenIsDue(session)) {
    const renewal = await deps.renew(session, token);
    if (renewal.kind === 'failed') return renewalFailed(deps, c, session, renewal);
    ({ session, token } = renewal);
    // The service accepts the connection's secret again (an admin replaced it, or it recovered).
    if (access?.kind === 'person' && access.connection.refusedAt !== null) {
      await deps.directory?.markRefused(access.connection.id, null);
      await deps.access.changed('connections');
    }
  }
  before?.(session);
  let outcome = await send(deps, env, call, token);
  if (outcome.kind === 'response' && outcome.status === 401) {
    const renewal = await deps.renew(session, token);
    if (renewal.kind === 'failed') return renewalFailed(deps, c, session, renewal);
    session = renewal.session;
    outcome = await send(deps, env, call, renewal.token);
    if (outcome.kind === 'response' && outcome.status === 401)
      return sessionEnded(deps, c, session, 'upstream refused a renewed token');
  }
  if (outcome.kind === 'timeout') refuse(504, 'upstream_timeout', 'The service did not answer in time.');
  if (outcome.kind === 'unreachable') unreachable(deps.log, c, operation, outcome);
  return outcome;
}
