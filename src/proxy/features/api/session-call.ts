// One call upstream with a session's token (docs/decisions/0005): renewed when due, and on a 401
// renewed once (shared) and replayed once; a second 401 ends the session. Used by /api, which
// forwards the spec's operations, and by the centre index (centres/), which reads 4.5 for itself.
import type { Ctx } from '../../core/http/context.ts';
import { fail } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import { failureFields, type Failure } from '../../core/log/error-codes.ts';
import type { OperationId } from '../../core/upstream/operations.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import type { Renewal } from '../../core/upstream/token-renewal.ts';
import {
  callUpstream,
  type StreamedOutcome,
  type StreamWhen,
  type UpstreamOutcome,
} from '../../core/upstream/upstream.ts';
import type { Granted } from '../people/authorize.ts';
import { unauthenticated } from '../people/authorize-legacy.ts';

export interface SessionCall {
  method: string;
  url: string;
  body?: Uint8Array | undefined;
  /** Headers beyond the bearer and `accept` (the browser's language, its entity tag). */
  headers?: Record<string, string>;
  /** Which answers to pass on as a stream (unset: every answer is read whole). */
  streamWhen?: StreamWhen;
}

/** What came back: an answer, or the proxy's own failure already made into a Response. */
export type SessionCallResult =
  | {
      kind: 'answer';
      session: Session;
      outcome: Extract<UpstreamOutcome, { kind: 'response' }> | StreamedOutcome;
    }
  | { kind: 'failed'; response: Response };

export function sessionCaller(deps: AppDeps) {
  const { log, sessions } = deps;

  const sessionEnded = async (c: Ctx, session: Session, reason: string) => {
    await sessions.end(session);
    log.info({ event: 'session_ended', requestId: c.get('requestId'), reason }, 'session ended');
    return unauthenticated(deps, c, 'expired');
  };

  const connectionRefused = async (c: Ctx, connectionId: string) => {
    const connection = (await deps.access.connections()).find((candidate) => candidate.id === connectionId);
    const label = connection?.label ?? 'this connection';
    if (connection && connection.refusedAt === null && deps.directory) {
      await deps.directory.markRefused(connectionId, deps.now());
      await deps.access.changed('connections');
    }
    log.warn(
      { event: 'connection_refused', requestId: c.get('requestId'), connectionId },
      'the service refused a connection secret',
    );
    return fail(
      c,
      502,
      'connection_refused',
      `The service no longer accepts the credentials of ${label}. An admin of ${label} must replace its secret on the Connections screen.`,
    );
  };

  const renewalFailure = async (c: Ctx, session: Session, renewal: Extract<Renewal, { kind: 'failed' }>) => {
    const outcome = renewal.outcome;
    // A person's connection whose secret the service no longer accepts: flagged for its admins, and
    // named to whoever works through it; the person's session goes on (docs/decisions/0023).
    if (outcome.kind === 'invalid_credentials' && session.person && session.connectionId !== undefined)
      return connectionRefused(c, session.connectionId);
    if (outcome.kind === 'timeout')
      return fail(c, 504, 'upstream_timeout', 'The service did not answer in time.');
    if (outcome.kind === 'unavailable' || outcome.kind === 'bad_response') {
      log.warn(
        { event: 'token_renewal_failed', requestId: c.get('requestId'), ...failureFields(outcome) },
        'token renewal failed',
      );
      return fail(
        c,
        502,
        outcome.kind === 'unavailable' ? 'upstream_unavailable' : 'upstream_bad_response',
        'The service cannot be reached.',
      );
    }
    // The credentials no longer work (or the session vanished): the session ends here.
    return sessionEnded(c, session, 'token renewal refused');
  };

  const unreachable = (c: Ctx, operation: OperationId, failed: Failure): Response => {
    log.warn(
      { event: 'upstream_unreachable', requestId: c.get('requestId'), operation, ...failureFields(failed) },
      'upstream unreachable',
    );
    if (failed.reason === 'answer_too_large')
      return fail(c, 502, 'upstream_bad_response', 'The service sent an answer larger than the proxy takes.');
    return fail(c, 502, 'upstream_unavailable', 'The service cannot be reached.');
  };

  /**
   * Sends `call` with the session's token. `on.before` runs once the token is known and before the
   * first send (the audit recorder's mark, /api). `on.access` is what authorize() granted: a
   * connection flagged as refused is cleared once the service takes its secret again. Never retried
   * after a timeout or a 5xx: the upstream may have acted on it.
   */
  return async function callWithSession(
    c: Ctx,
    initial: Session,
    env: EnvironmentConfig,
    operation: OperationId,
    call: SessionCall,
    on: { before?: (session: Session) => void; access?: Granted } = {},
  ): Promise<SessionCallResult> {
    const { before, access } = on;
    let session = initial;
    let token = await sessions.tokenOf(session);
    if (token === undefined || sessions.tokenIsDue(session)) {
      const renewal = await deps.renew(session, token);
      if (renewal.kind === 'failed')
        return { kind: 'failed', response: await renewalFailure(c, session, renewal) };
      ({ session, token } = renewal);
      // The service accepts the connection's secret again (an admin replaced it, or it recovered).
      if (access?.kind === 'person' && access.connection.refusedAt !== null) {
        await deps.directory?.markRefused(access.connection.id, null);
        await deps.access.changed('connections');
      }
    }
    const send = (bearer: string) => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${bearer}`,
        ...call.headers,
      };
      if (call.body) headers['content-type'] = 'application/json';
      const init = { method: call.method, headers, body: call.body };
      return call.streamWhen
        ? callUpstream(deps.transportOf(env), call.url, init, deps.apiTimeoutMs, {
            streamWhen: call.streamWhen,
            maxBytes: deps.maxAnswerBytes,
          })
        : callUpstream(deps.transportOf(env), call.url, init, deps.apiTimeoutMs, {
            maxBytes: deps.maxAnswerBytes,
          });
    };

    before?.(session);
    let outcome = await send(token);
    if (outcome.kind === 'response' && outcome.status === 401) {
      const renewal = await deps.renew(session, token);
      if (renewal.kind === 'failed')
        return { kind: 'failed', response: await renewalFailure(c, session, renewal) };
      session = renewal.session;
      outcome = await send(renewal.token);
      if (outcome.kind === 'response' && outcome.status === 401)
        return {
          kind: 'failed',
          response: await sessionEnded(c, session, 'upstream refused a renewed token'),
        };
    }
    if (outcome.kind === 'timeout')
      return {
        kind: 'failed',
        response: fail(c, 504, 'upstream_timeout', 'The service did not answer in time.'),
      };
    if (outcome.kind === 'unreachable')
      return { kind: 'failed', response: unreachable(c, operation, outcome) };
    return { kind: 'answer', session, outcome };
  };
}

export type CallWithSession = ReturnType<typeof sessionCaller>;
