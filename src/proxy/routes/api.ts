// /api: the allow-list (docs/decisions/0005). A request is forwarded with the session's token only
// when its method and raw path are one of operations 4.2–4.9; 4.1 stays behind /auth/login, since
// forwarding it would hand a token to the browser.
import { Hono } from 'hono';
import { admitChange } from '../audit/gate.ts';
import {
  fail,
  isJsonContentType,
  isPlainPath,
  parseJson,
  rawTarget,
  readBody,
  type Ctx,
  type ProxyEnv,
} from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { baseUrlOf, environmentLabels, operationsFor } from '../environments.ts';
import { failureFields, type Failure } from '../error-codes.ts';
import { problem } from '../http-errors.ts';
import { matchOperation, type OperationId } from '../operations.ts';
import type { Renewal } from '../token-renewal.ts';
import type { Session } from '../sessions.ts';
import { callUpstream } from '../upstream.ts';
import { authorize, unauthenticated } from '../people/authorize.ts';

/** The upstream error statuses of spec §7 that reach the console as they are (when JSON, D2). */
const passThrough = new Set([400, 401, 403, 404, 409, 422, 429]);

/**
 * A success declared JSON is passed on as it arrives, never parsed here (docs/decisions/0017): the
 * console's contract reads it, and refuses a body that is not what the operation answers. Errors
 * and undeclared bodies are read whole, to be checked as before (docs/decisions/0005).
 */
const streamed = (status: number, headers: Headers) =>
  status >= 200 &&
  status < 300 &&
  status !== 204 &&
  isJsonContentType(headers.get('content-type') ?? undefined);

export function apiRoutes(deps: AppDeps) {
  const { log, sessions } = deps;
  const api = new Hono<ProxyEnv>();

  const sessionEnded = async (c: Ctx, session: Session, reason: string) => {
    await sessions.end(session);
    log.info({ event: 'session_ended', requestId: c.get('requestId'), reason }, 'session ended');
    return unauthenticated(deps, c, 'expired');
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

  api.all('*', async (c) => {
    const target = rawTarget(c);
    const queryAt = target.indexOf('?');
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? '' : target.slice(queryAt);
    const upstreamPath = rawPath.slice('/api'.length);
    const operation = isPlainPath(rawPath) ? matchOperation(c.req.method, upstreamPath) : undefined;
    if (!operation || operation === 'requestToken' || /[\r\n\s#]/.test(search))
      return fail(c, 404, 'not_found', 'The service has no such operation.');
    c.set('operation', operation);

    // THE table (src/contract/permissions.ts): the session's role must grant the operation.
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    let session = authorized.session;
    const env = deps.environments.get(session.environment);
    if (!env) return unauthenticated(deps, c, 'expired');
    if (!operationsFor(env.id).includes(operation))
      return fail(c, 404, 'not_found', `The ${environmentLabels[env.id]} environment has no such operation.`);

    let body: Uint8Array | undefined;
    if (c.req.method === 'POST') {
      const bytes = await readBody(c);
      if (bytes instanceof Response) return bytes;
      if (!isJsonContentType(c.req.header('content-type')))
        return fail(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
      if (!parseJson(bytes)) return fail(c, 400, 'invalid_request', 'The body is not valid JSON.');
      body = bytes;
    }
    // docs/decisions/0018: a change is recorded; a session's changes are bounded, an event id reused
    // with another body is refused, before anything reaches the service.
    const refused = await admitChange(deps, c, session, operation, body);
    if (refused) return refused;

    let token = await sessions.tokenOf(session);
    if (token === undefined || sessions.tokenIsDue(session)) {
      const renewal = await deps.renew(session, token);
      if (renewal.kind === 'failed') return renewalFailure(c, session, renewal);
      ({ session, token } = renewal);
      // The service accepts the connection's secret again (an admin replaced it, or it recovered).
      if (authorized.access.kind === 'person' && authorized.access.connection.refusedAt !== null) {
        await deps.directory?.markRefused(authorized.access.connection.id, null);
        await deps.access.changed('connections');
      }
    }

    const path = operation === 'listReportTemplates' ? `${env.templatesPrefix}/reportExample` : upstreamPath;
    const url = `${baseUrlOf(env)}${path}${search}`;
    const send = (bearer: string) => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${bearer}`,
      };
      const language = c.req.header('accept-language');
      if (language && language.length < 200) headers['accept-language'] = language;
      const etag = c.req.header('if-none-match');
      if (etag && etag.length < 200) headers['if-none-match'] = etag;
      if (body) headers['content-type'] = 'application/json';
      return callUpstream(
        deps.transportOf(env),
        url,
        { method: c.req.method, headers, body },
        deps.apiTimeoutMs,
        { streamWhen: streamed, maxBytes: deps.maxAnswerBytes },
      );
    };

    c.set('forwarded', { session, body });
    let outcome = await send(token);
    if (outcome.kind === 'response' && outcome.status === 401) {
      // On a 401 renew once (shared), replay once; a second 401 ends the session.
      const renewal = await deps.renew(session, token);
      if (renewal.kind === 'failed') return renewalFailure(c, session, renewal);
      outcome = await send(renewal.token);
      if (outcome.kind === 'response' && outcome.status === 401)
        return sessionEnded(c, session, 'upstream refused a renewed token');
    }
    // Never retried after a timeout or a 5xx: the upstream may have acted on it.
    if (outcome.kind === 'timeout')
      return fail(c, 504, 'upstream_timeout', 'The service did not answer in time.');
    if (outcome.kind === 'unreachable') return unreachable(c, operation, outcome);
    if (outcome.kind === 'stream') {
      const out = new Headers({ 'content-type': 'application/json' });
      const etag = outcome.headers.get('etag');
      if (etag) out.set('etag', etag);
      const length = outcome.headers.get('content-length');
      if (length && /^\d{1,12}$/.test(length)) out.set('content-length', length);
      if (outcome.ended) {
        // Cut short (its deadline, a break, the byte cap): logged here, and the host ends the
        // connection (docs/decisions/0020), so that a partial body never reads as a whole one.
        const requestId = c.get('requestId');
        const connection = c.env?.connection;
        outcome.cut = (reason) => {
          log.warn({ event: 'answer_cut', requestId, operation, reason }, 'answer cut');
          return deps.cutConnection?.(connection) ?? false;
        };
      }
      c.set('streamed', outcome.ended);
      return new Response(outcome.body, {
        status: outcome.status,
        headers: out,
      });
    }
    return relay(c, outcome.status, outcome.headers, outcome.body, operation);
  });

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

  const unreachable = (c: Ctx, operation: OperationId, failed: Failure): Response => {
    log.warn(
      { event: 'upstream_unreachable', requestId: c.get('requestId'), operation, ...failureFields(failed) },
      'upstream unreachable',
    );
    if (failed.reason === 'answer_too_large')
      return fail(c, 502, 'upstream_bad_response', 'The service sent an answer larger than the proxy takes.');
    return fail(c, 502, 'upstream_unavailable', 'The service cannot be reached.');
  };

  const relay = (
    c: Ctx,
    status: number,
    headers: Headers,
    bytes: Uint8Array,
    operation: OperationId,
  ): Response => {
    if (status === 304) {
      const etag = headers.get('etag');
      return new Response(null, { status: 304, headers: etag ? { etag } : {} });
    }
    const json = bytes.byteLength > 0 ? parseJson(bytes) : undefined;
    if (status >= 200 && status < 300) {
      if (!json) {
        log.warn(
          { event: 'upstream_bad_response', requestId: c.get('requestId'), operation, status },
          'upstream answer is not JSON',
        );
        return fail(c, 502, 'upstream_bad_response', 'The service sent an answer that is not JSON.');
      }
      const out: Record<string, string> = { 'content-type': 'application/json' };
      const etag = headers.get('etag');
      if (etag) out.etag = etag;
      return new Response(new Uint8Array(bytes), { status, headers: out });
    }
    if (passThrough.has(status)) {
      const out: Record<string, string> = {};
      const retryAfter = headers.get('retry-after');
      if (status === 429 && retryAfter && /^\d{1,6}$/.test(retryAfter)) out['retry-after'] = retryAfter;
      // Upstream error bodies pass through only when they are JSON (D2: never assume they are).
      if (json)
        return new Response(new Uint8Array(bytes), {
          status,
          headers: { ...out, 'content-type': 'application/json' },
        });
      return problem(
        status,
        'upstream_bad_response',
        `The service answered ${status}.`,
        c.get('requestId'),
        out,
      );
    }
    log.warn({ event: 'upstream_error', requestId: c.get('requestId'), operation, status }, 'upstream error');
    return fail(c, 502, 'upstream_unavailable', `The service answered ${status}.`);
  };

  return api;
}
