// /api: the allow-list (docs/decisions/0005). A request is forwarded with the session's token only
// when its method and raw path are one of operations 4.2–4.9; 4.1 stays behind /auth/login, since
// forwarding it would hand a token to the browser.
import { Hono } from 'hono';
import { admitChange } from '../audit/gate.ts';
import { recordedOperations } from '../audit/recorder.ts';
import {
  fail,
  isJsonContentType,
  isPlainPath,
  parseJson,
  rawTarget,
  readBody,
  type ProxyEnv,
} from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { baseUrlOf, environmentLabels, operationsFor } from '../../core/upstream/environments.ts';
import { matchOperation } from '../../core/upstream/operations.ts';
import { authorize, unauthenticated } from '../people/authorize-legacy.ts';
import { relayAnswer } from './relay.ts';
import { sessionCaller } from './session-call.ts';

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
  const { log } = deps;
  const callWithSession = sessionCaller(deps);
  const api = new Hono<ProxyEnv>();

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

    // THE table (src/proxy-api/permissions.ts): the session's role must grant the operation.
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    const { session, access } = authorized;
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
    if (recordedOperations.has(operation)) await admitChange(deps, session, operation, body);

    const path = operation === 'listReportTemplates' ? `${env.templatesPrefix}/reportExample` : upstreamPath;
    const headers: Record<string, string> = {};
    const language = c.req.header('accept-language');
    if (language && language.length < 200) headers['accept-language'] = language;
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.length < 200) headers['if-none-match'] = ifNoneMatch;
    const result = await callWithSession(
      c,
      session,
      env,
      operation,
      { method: c.req.method, url: `${baseUrlOf(env)}${path}${search}`, body, headers, streamWhen: streamed },
      { before: (current) => c.set('forwarded', { session: current, body }), access },
    );
    if (result.kind === 'failed') return result.response;
    const { outcome } = result;
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
    return relayAnswer(log, c, outcome.status, outcome.headers, outcome.body, operation);
  });

  return api;
}
